import type { components } from "@/lib/client/generated/schema";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";

type VerificationStatus = components["schemas"]["VerificationStatus"];

const TONES: Record<VerificationStatus, BadgeTone> = {
  RESOLVE_ERRORS: "warning",
  READY_FOR_VERIFICATION: "info",
  IN_PROGRESS: "info",
  PENDING_MANUAL_REVIEW: "info",
  APPROVED: "success",
  REJECTED: "danger",
};

/** A submission's state, as the API names it. */
export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  return <StatusBadge tone={TONES[status]}>{status}</StatusBadge>;
}
