import type { TransactionStatus, TransactionType } from "@/lib/generated/prisma/client";

const OUTGOING_STATUS_EVENTS: ReadonlySet<TransactionStatus> = new Set(["PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"]);

/**
 * The webhook a status change sends by default (SPEC.md § Events, BEHAVIORS.md §3.2, §3.3, §7.3):
 * every outgoing status has its OUTGOING_PAYMENT.<STATUS>; incoming payments report only their
 * outcome (COMPLETED, and FAILED, which REJECTED also sends per 10.14). INCOMING_PAYMENT.PENDING is
 * the approval request, so only a caller that asks for approval names it. null: no event.
 */
export function statusEventType(type: TransactionType, status: TransactionStatus): string | null {
  if (type === "OUTGOING") return OUTGOING_STATUS_EVENTS.has(status) ? `OUTGOING_PAYMENT.${status}` : null;
  if (status === "COMPLETED") return "INCOMING_PAYMENT.COMPLETED";
  if (status === "FAILED" || status === "REJECTED") return "INCOMING_PAYMENT.FAILED";
  return null;
}

/** `<OUTGOING|INCOMING>_PAYMENT.REFUND_<PENDING|COMPLETED|FAILED>` (BEHAVIORS.md §3.4). */
export function refundEventType(type: TransactionType, refundStatus: "PENDING" | "COMPLETED" | "FAILED"): string {
  return `${type}_PAYMENT.REFUND_${refundStatus}`;
}
