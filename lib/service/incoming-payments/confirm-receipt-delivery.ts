import type { Db } from "../db";
import { now } from "../sandbox/clock";
import { getTransactionOrThrow } from "../transactions/get-transaction-or-throw";
import { lockTransaction } from "../transactions/lock-transaction";
import { serializeTransaction } from "../transactions/serialize-transaction";
import type { Transaction } from "../transactions/schemas";

/**
 * POST /transactions/{transactionId}/confirm: records when the platform delivered the payment's
 * receipt to its customer (`receiptDeliveryConfirmedAt`, default now by the sandbox clock); a
 * repeat overwrites it (BEHAVIORS.md §3.6). No status change and no event.
 * Throws: TRANSACTION_NOT_FOUND.
 */
export async function confirmReceiptDelivery(db: Db, input: { platformId: string; transactionId: string; receiptDeliveryConfirmedAt?: string }): Promise<Transaction> {
  const { platformId } = input;
  const found = await getTransactionOrThrow(db, platformId, input.transactionId);
  return db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, { platformId, transactionId: found.id });
    const at = await now(tx, platformId);
    const confirmedAt = input.receiptDeliveryConfirmedAt ? new Date(input.receiptDeliveryConfirmedAt) : at;
    const updated = await tx.transaction.update({
      where: { id: row.id, platformId },
      data: { receiptDeliveryConfirmedAt: confirmedAt, updatedAt: at > row.updatedAt ? at : row.updatedAt },
    });
    return serializeTransaction(updated);
  });
}
