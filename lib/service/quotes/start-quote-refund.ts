import type { SqlTx } from "../db";
import { scheduleJob } from "../jobs/schedule-job";
import { now } from "../sandbox/clock";
import type { withRailStatus } from "../transactions/rail-details";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { Refund } from "../transactions/schemas";
import type { TransactionRow } from "../transactions/serialize-transaction";
import { refundReference } from "../transactions/transaction-reference";
import { quoteStatusChange } from "./set-quote-status";

/** Timed step that completes (or fails) a quote refund (handler in lib/service/jobs/handlers.ts). */
export const COMPLETE_QUOTE_REFUND_JOB = "quotes.complete-refund";
/** BEHAVIORS.md 10.32: REFUND_PENDING → REFUND_COMPLETED 2 s apart. */
export const QUOTE_REFUND_DELAY_SECONDS = 2;

/**
 * Starts a refund (BEHAVIORS.md §3.4): the refund object PENDING (…_PAYMENT.REFUND_PENDING, after
 * the status step when `status` is given, e.g. FAILED), and a job 2 s later that completes it.
 * `then`: what the refund job does after crediting (006 and cancellation: COMPLETED) or instead
 * (007: the refund FAILS and nothing is re-credited).
 */
export async function startQuoteRefund(
  tx: SqlTx,
  row: TransactionRow,
  input: {
    reason: NonNullable<Refund["reason"]>;
    status?: "FAILED";
    failureReason?: string;
    destinationRailDetails?: ReturnType<typeof withRailStatus>;
    then?: "COMPLETE" | "REFUND_FAILS";
    /** Realtime funds that arrived, when not the quote's sending amount (refunded as received). */
    fundedAmount?: bigint;
    note?: string;
  },
): Promise<TransactionRow> {
  const at = await now(tx, row.platformId);
  const refund: Refund = { reference: refundReference(row.reference), initiatedAt: at.toISOString(), status: "PENDING", reason: input.reason };
  const updated = await recordTransactionStatus(tx, row, {
    ...(input.status && { status: input.status, failureReason: input.failureReason }),
    ...(input.destinationRailDetails !== undefined && { destinationRailDetails: input.destinationRailDetails }),
    refund,
    note: input.note,
    ...(input.status === "FAILED" && { alsoWrite: async () => quoteStatusChange(row, "FAILED", at) }),
  });
  await scheduleJob(tx, {
    platformId: row.platformId,
    kind: COMPLETE_QUOTE_REFUND_JOB,
    payload: { transactionId: row.id, ...(input.then && { then: input.then }), ...(input.fundedAmount !== undefined && { fundedAmount: input.fundedAmount.toString() }) },
    runAt: new Date(at.getTime() + QUOTE_REFUND_DELAY_SECONDS * 1000),
  });
  return updated.row;
}
