import type { SqlTx } from "../db";
import { scheduleJob } from "../jobs/schedule-job";
import { now } from "../sandbox/clock";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { Refund, Transaction } from "../transactions/schemas";
import type { TransactionRow } from "../transactions/serialize-transaction";
import { refundReference } from "../transactions/transaction-reference";
import { COMPLETE_INCOMING_REFUND_JOB } from "./complete-incoming-refund";

/** BEHAVIORS.md 10.32: REFUND_PENDING → REFUND_COMPLETED 2 s apart, as for outgoing refunds. */
export const INCOMING_REFUND_DELAY_SECONDS = 2;

/**
 * Fails an incoming payment whose payout on to the default UMA deposit account failed or came
 * back, and starts refunding the sender (BEHAVIORS.md §3.3, §3.4): FAILED with `failureReason`
 * and the refund PENDING (reason TRANSACTION_FAILED), so INCOMING_PAYMENT.FAILED then
 * INCOMING_PAYMENT.REFUND_PENDING in one statement; a job 2 s later settles the refund
 * (`isRefundFailing`, suffix 007: it fails instead). In the caller's transaction, the row locked.
 */
export async function startIncomingRefund(
  tx: SqlTx,
  row: TransactionRow,
  input: { failureReason: "OFFRAMP_FAILED" | "PAYOUT_RETURNED"; isRefundFailing?: boolean; note: string },
): Promise<Transaction> {
  const at = await now(tx, row.platformId);
  const refund: Refund = { reference: refundReference(row.reference), initiatedAt: at.toISOString(), status: "PENDING", reason: "TRANSACTION_FAILED" };
  const failed = await recordTransactionStatus(tx, row, { status: "FAILED", failureReason: input.failureReason, refund, note: input.note });
  await scheduleJob(tx, {
    platformId: row.platformId,
    kind: COMPLETE_INCOMING_REFUND_JOB,
    payload: { transactionId: row.id, ...(input.isRefundFailing && { isRefundFailing: true }) },
    runAt: new Date(at.getTime() + INCOMING_REFUND_DELAY_SECONDS * 1000),
  });
  return failed.transaction;
}
