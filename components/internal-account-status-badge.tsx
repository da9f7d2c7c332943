import type { components } from "@/lib/client/generated/schema";
import { StatusBadge, type BadgeTone } from "./status-badge";

type InternalAccountStatus = components["schemas"]["InternalAccountStatus"];

const TONES: Record<InternalAccountStatus, BadgeTone> = { ACTIVE: "success", PENDING: "warning", FROZEN: "danger", CLOSED: "neutral" };

/** Why money cannot move, in words staff can repeat to a customer (SPEC.md "Internal account status"). */
export const INTERNAL_ACCOUNT_STATUS_HELP: Record<InternalAccountStatus, string> = {
  ACTIVE: "Ready to send and receive money.",
  PENDING: "Cannot send or receive money yet: it becomes ACTIVE once the customer's KYC/KYB is approved.",
  FROZEN: "On a compliance or fraud hold: it cannot send or receive money.",
  CLOSED: "Closed: it cannot send or receive money.",
};

export function InternalAccountStatusBadge({ status }: { status: InternalAccountStatus }) {
  return <StatusBadge tone={TONES[status]}>{status}</StatusBadge>;
}
