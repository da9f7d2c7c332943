import type { Db } from "../db";
import type { JobContext } from "../jobs/handlers";
import { lockTransaction } from "../transactions/lock-transaction";
import { TRANSFER_TX_OPTIONS } from "../transfers/transfer-tx-options";
import { now } from "../sandbox/clock";
import { withRailStatus } from "../transactions/rail-details";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { Refund } from "../transactions/schemas";
import { enqueueBalanceUpdated } from "../transfers/enqueue-balance-updated";
import { postQuoteRefund } from "./post-quote-refund";
import { quoteStatusChange } from "./set-quote-status";

/**
 * Timed step 2 s after REFUND_PENDING (BEHAVIORS.md §3.4, 10.32): posts the refund (postQuoteRefund)
 * and marks it COMPLETED with settledAt (…REFUND_COMPLETED, BALANCE_UPDATED for each account
 * moved); after a user cancellation the payment then reads COMPLETED (10.6). For 007 the refund
 * FAILS instead and nothing is credited. A refund no longer PENDING is left alone.
 */
export async function completeQuoteRefund(db: Db, input: { platformId: string; transactionId: string; then?: "COMPLETE" | "REFUND_FAILS"; fundedAmount?: bigint }): Promise<void> {
  const { platformId } = input;
  await db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, input);
    const refund = row.refund as Refund | null;
    if (refund?.status !== "PENDING") return;
    if (input.then === "REFUND_FAILS") {
      await recordTransactionStatus(tx, row, { refund: { ...refund, status: "FAILED" }, note: "Sandbox: the refund failed (suffix 007); resolve manually" });
      return;
    }
    const moved = await postQuoteRefund(tx, row, { fundedAmount: input.fundedAmount });
    const at = await now(tx, platformId);
    const updated = await recordTransactionStatus(tx, row, { refund: { ...refund, status: "COMPLETED", settledAt: at.toISOString() }, note: "Refund credited" });
    if (input.then === "COMPLETE") {
      await recordTransactionStatus(tx, updated.row, {
        status: "COMPLETED",
        settledAt: at,
        destinationRailDetails: withRailStatus(updated.row.destinationRailDetails, "COMPLETED"),
        alsoWrite: async () => quoteStatusChange(row, "COMPLETED", at),
      });
    }
    for (const id of new Set(moved)) await enqueueBalanceUpdated(tx, platformId, id);
  }, TRANSFER_TX_OPTIONS);
}

export const runCompleteQuoteRefund = ({ db, platformId, payload }: JobContext) => {
  const { transactionId, then, fundedAmount } = payload as { transactionId: string; then?: "COMPLETE" | "REFUND_FAILS"; fundedAmount?: string };
  return completeQuoteRefund(db, { platformId, transactionId, then, fundedAmount: fundedAmount === undefined ? undefined : BigInt(fundedAmount) });
};
