import type { components } from "@/lib/client/generated/schema";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";

type TransactionStatus = components["schemas"]["TransactionStatus"];

export const TRANSACTION_STATUSES: readonly TransactionStatus[] = ["CREATED", "PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "REJECTED", "FAILED", "REFUNDED", "EXPIRED"];

const TONES: Record<TransactionStatus, BadgeTone> = {
  CREATED: "neutral",
  PENDING: "info",
  PENDING_AUTHORIZATION: "warning",
  PROCESSING: "info",
  COMPLETED: "success",
  REJECTED: "danger",
  FAILED: "danger",
  REFUNDED: "neutral",
  EXPIRED: "neutral",
};

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  return <StatusBadge tone={TONES[status]}>{status}</StatusBadge>;
}
