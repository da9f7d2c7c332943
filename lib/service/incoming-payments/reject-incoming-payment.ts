import type { Db } from "../db";
import { getTransactionOrThrow } from "../transactions/get-transaction-or-throw";
import { lockTransaction } from "../transactions/lock-transaction";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { IncomingTransaction } from "../transactions/schemas";
import { assertAwaitingApproval } from "./assert-awaiting-approval";

/**
 * POST /transactions/{transactionId}/reject: the platform refuses an incoming payment that awaits
 * it; the payment becomes REJECTED with INCOMING_PAYMENT.FAILED and nothing is credited
 * (BEHAVIORS.md §3.3, §3.7, 10.14). The reason goes to the status history.
 * Throws: TRANSACTION_NOT_FOUND, TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL.
 */
export async function rejectIncomingPayment(db: Db, input: { platformId: string; transactionId: string; reason?: string }): Promise<IncomingTransaction> {
  const { platformId } = input;
  const found = await getTransactionOrThrow(db, platformId, input.transactionId);
  return db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, { platformId, transactionId: found.id });
    await assertAwaitingApproval(tx, row);
    const note = `Rejected with POST /transactions/{id}/reject${input.reason ? `: ${input.reason}` : ""}`;
    return (await recordTransactionStatus(tx, row, { status: "REJECTED", note })).transaction as IncomingTransaction;
  });
}
