import type { Db } from "../db";
import type { JobContext } from "../jobs/handlers";
import { lockTransaction } from "../transactions/lock-transaction";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import { isAwaitingApproval } from "./is-awaiting-approval";

export const EXPIRE_APPROVAL_JOB = "incoming-payments.expire-approval";

type ExpiryReason = "PAYMENT_APPROVAL_TIMED_OUT" | "PAYMENT_APPROVAL_WEBHOOK_ERROR";

/**
 * Timed end of an approval window (BEHAVIORS.md §3.3, §3.7): 5 s after a 202 answer the payment
 * fails with PAYMENT_APPROVAL_TIMED_OUT unless approved or rejected meanwhile; the backstop written
 * with the request fails it with PAYMENT_APPROVAL_WEBHOOK_ERROR if no answer was ever applied.
 * INCOMING_PAYMENT.FAILED; nothing was credited. A payment no longer awaiting approval is left alone.
 * Throws: TRANSACTION_NOT_FOUND.
 */
export async function expireApproval(db: Db, input: { platformId: string; transactionId: string; failureReason: ExpiryReason }): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, input);
    if (!isAwaitingApproval(row)) return;
    const note =
      input.failureReason === "PAYMENT_APPROVAL_TIMED_OUT"
        ? "No approve or reject within 5 s of the platform's 202 answer"
        : "No answer to the approval request was applied";
    await recordTransactionStatus(tx, row, { status: "FAILED", failureReason: input.failureReason, note });
  });
}

export const runExpireApproval = ({ db, platformId, payload }: JobContext) => {
  const { transactionId, failureReason } = payload as { transactionId: string; failureReason: ExpiryReason };
  return expireApproval(db, { platformId, transactionId, failureReason });
};
