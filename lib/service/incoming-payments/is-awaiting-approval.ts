import type { TransactionRow } from "../transactions/serialize-transaction";

/** Origin of transactions made by POST /sandbox/uma/receive. */
export const UMA_RECEIVE = "UMA_RECEIVE";

/**
 * Whether an incoming payment waits on the platform's decision (BEHAVIORS.md §3.7): a UMA payment
 * still PENDING and not held for another reason (compliance review). Only then may the approval
 * answer, approve, reject or the timeout move it.
 */
export function isAwaitingApproval(row: TransactionRow): boolean {
  return row.type === "INCOMING" && row.origin === UMA_RECEIVE && row.status === "PENDING" && row.pendingReason === null;
}
