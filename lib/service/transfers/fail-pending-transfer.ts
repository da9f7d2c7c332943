import type { Db } from "../db";
import type { JobContext } from "../jobs/handlers";
import { releaseHold } from "../ledger/release-hold";
import { now } from "../sandbox/clock";
import { lockTransaction } from "../transactions/lock-transaction";
import { withRailStatus } from "../transactions/rail-details";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { Refund } from "../transactions/schemas";
import { refundReference } from "../transactions/transaction-reference";
import { enqueueBalanceUpdated } from "./enqueue-balance-updated";
import { TRANSFER_TX_OPTIONS } from "./transfer-tx-options";

export const FAIL_PENDING_TRANSFER_JOB = "transfers.fail-pending";

/**
 * Timed step of a sandbox 005 transfer, about 30 s after it was made (BEHAVIORS.md §4.2, 10.5): the
 * transfer fails with QUOTE_EXECUTION_FAILED. A transfer-out had only reserved its amount, so the
 * hold is released and the refund (reason TIMEOUT) completes at once: FAILED, REFUND_PENDING,
 * REFUND_COMPLETED and BALANCE_UPDATED in one transaction. A transfer-in credited nothing: only
 * INCOMING_PAYMENT.FAILED. A transfer no longer PENDING is left alone.
 * Throws: TRANSACTION_NOT_FOUND; NOT_FOUND for an unknown hold.
 */
export async function failPendingTransfer(db: Db, input: { platformId: string; transactionId: string; holdId?: string }): Promise<void> {
  const { platformId } = input;
  await db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, input);
    if (row.status !== "PENDING") return;
    const note = "Sandbox: pending about 30 s, then failed (suffix 005)";
    if (row.type === "INCOMING") {
      await recordTransactionStatus(tx, row, { status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED", sourceRailDetails: withRailStatus(row.sourceRailDetails, "FAILED"), note });
      return;
    }
    const at = await now(tx, platformId);
    const refund: Refund = { reference: refundReference(row.reference), initiatedAt: at.toISOString(), status: "PENDING", reason: "TIMEOUT" };
    const failed = await recordTransactionStatus(tx, row, {
      status: "FAILED",
      failureReason: "QUOTE_EXECUTION_FAILED",
      refund,
      destinationRailDetails: withRailStatus(row.destinationRailDetails, "FAILED"),
      note,
    });
    if (input.holdId) await releaseHold(tx, { platformId, holdId: input.holdId });
    await recordTransactionStatus(tx, failed.row, { refund: { ...refund, status: "COMPLETED", settledAt: at.toISOString() }, note: "Held amount released to the source account" });
    if (row.sourceAccountId !== null) await enqueueBalanceUpdated(tx, platformId, row.sourceAccountId);
  }, TRANSFER_TX_OPTIONS);
}

export const runFailPendingTransfer = ({ db, platformId, payload }: JobContext) => {
  const { transactionId, holdId } = payload as { transactionId: string; holdId?: string };
  return failPendingTransfer(db, { platformId, transactionId, holdId });
};
