import type { Db } from "../db";
import type { JobContext } from "../jobs/handlers";
import { lockTransaction } from "../transactions/lock-transaction";
import { TRANSFER_TX_OPTIONS } from "../transfers/transfer-tx-options";
import { now } from "../sandbox/clock";
import type { RailDetails } from "../transactions/schemas";
import { startQuoteRefund } from "./start-quote-refund";

/** Timed step (handler in lib/service/jobs/handlers.ts). */
export const RETURN_QUOTE_PAYOUT_JOB = "quotes.return-payout";

/**
 * Timed step of a 005 payout, about a minute after it completed: the bank returns it. FAILED with
 * PAYOUT_RETURNED, the ACH side's railDetails RETURNED with returnedAt, the quote FAILED, and the
 * refund pair (BEHAVIORS.md §3.2, §4.3).
 */
export async function returnQuotePayout(db: Db, input: { platformId: string; transactionId: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, input);
    if (row.status !== "COMPLETED" || row.refund !== null) return;
    const at = await now(tx, input.platformId);
    const rail = row.destinationRailDetails as RailDetails | null;
    await startQuoteRefund(tx, row, {
      reason: "TRANSACTION_FAILED",
      status: "FAILED",
      failureReason: "PAYOUT_RETURNED",
      destinationRailDetails: rail === null ? null : { ...rail, status: "RETURNED", returnedAt: at.toISOString() },
      note: "Sandbox: the payout was returned by the receiving bank (suffix 005)",
    });
  }, TRANSFER_TX_OPTIONS);
}

export const runReturnQuotePayout = ({ db, platformId, payload }: JobContext) => returnQuotePayout(db, { platformId, transactionId: (payload as { transactionId: string }).transactionId });
