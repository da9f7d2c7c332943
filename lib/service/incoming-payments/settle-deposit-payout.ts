import type { Db } from "../db";
import type { JobContext } from "../jobs/handlers";
import { now } from "../sandbox/clock";
import { lockTransaction } from "../transactions/lock-transaction";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import { startIncomingRefund } from "./start-incoming-refund";

/** Timed step of a payout to a default UMA deposit account (handler in lib/service/jobs/handlers.ts). */
export const SETTLE_DEPOSIT_PAYOUT_JOB = "incoming-payments.settle-deposit-payout";

/** COMPLETE: a delayed payout (003) arrives; RETURN: a delivered payout (005) comes back. */
export type DepositPayoutStep = "COMPLETE" | "RETURN";

/**
 * The later outcome of a payout to the default UMA deposit account (BEHAVIORS.md §3.3, §4.3):
 * COMPLETE delivers a payment still PROCESSING (INCOMING_PAYMENT.COMPLETED, settledAt); RETURN
 * fails a COMPLETED payment with PAYOUT_RETURNED and refunds the sender (startIncomingRefund).
 * A payment that has meanwhile moved elsewhere is left alone. Throws: TRANSACTION_NOT_FOUND.
 */
export async function settleDepositPayout(db: Db, input: { platformId: string; transactionId: string; step: DepositPayoutStep }): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, input);
    if (input.step === "COMPLETE") {
      if (row.status !== "PROCESSING") return;
      const at = await now(tx, input.platformId);
      await recordTransactionStatus(tx, row, { status: "COMPLETED", settledAt: at, note: "Paid out to the default UMA deposit account" });
      return;
    }
    if (row.status !== "COMPLETED" || row.refund !== null) return;
    await startIncomingRefund(tx, row, { failureReason: "PAYOUT_RETURNED", note: "The payout to the default UMA deposit account was returned" });
  });
}

export const runSettleDepositPayout = ({ db, platformId, payload }: JobContext) => {
  const { transactionId, step } = payload as { transactionId: string; step: DepositPayoutStep };
  return settleDepositPayout(db, { platformId, transactionId, step });
};
