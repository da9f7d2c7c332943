import type { Db } from "../db";
import type { JobContext } from "../jobs/handlers";
import { now } from "../sandbox/clock";
import { lockTransaction } from "../transactions/lock-transaction";
import { withRailStatus } from "../transactions/rail-details";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import { TRANSFER_TX_OPTIONS } from "../transfers/transfer-tx-options";
import { quoteStatusChange } from "./set-quote-status";

/** Timed step (handler in lib/service/jobs/handlers.ts). */
export const FAIL_PENDING_PULL_JOB = "quotes.fail-pending-pull";

/**
 * Timed step of a quote pulling from a sandbox 005 bank account, about 30 s after it was executed
 * (BEHAVIORS.md §4.2, 10.5): the pull fails with QUOTE_EXECUTION_FAILED — transaction and quote
 * FAILED, OUTGOING_PAYMENT.FAILED, both railDetails FAILED. Nothing was pulled, so nothing moves and
 * there is no refund. A transaction no longer PENDING is left alone.
 * Throws: TRANSACTION_NOT_FOUND.
 */
export async function failPendingPull(db: Db, input: { platformId: string; transactionId: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, input);
    if (row.status !== "PENDING") return;
    const at = await now(tx, input.platformId);
    await recordTransactionStatus(tx, row, {
      status: "FAILED",
      failureReason: "QUOTE_EXECUTION_FAILED",
      sourceRailDetails: withRailStatus(row.sourceRailDetails, "FAILED"),
      destinationRailDetails: withRailStatus(row.destinationRailDetails, "FAILED"),
      note: "Sandbox: the pull stayed pending about 30 s, then failed (suffix 005); nothing was pulled",
      alsoWrite: async () => quoteStatusChange(row, "FAILED", at),
    });
  }, TRANSFER_TX_OPTIONS);
}

export const runFailPendingPull = ({ db, platformId, payload }: JobContext) => failPendingPull(db, { platformId, transactionId: (payload as { transactionId: string }).transactionId });
