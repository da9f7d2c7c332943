import { ServiceError } from "../http/errors";
import type { Tx } from "../db";
import type { TransactionRow } from "./serialize-transaction";

/**
 * Locks a transaction row (bare uuid) for a state change, so a timed step and a request (or two
 * workers) cannot move it at once; the caller re-checks the status it expects after the lock.
 * Throws: TRANSACTION_NOT_FOUND.
 */
export async function lockTransaction(tx: Tx, input: { platformId: string; transactionId: string }): Promise<TransactionRow> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Transaction" WHERE "id" = ${input.transactionId}::uuid AND "platformId" = ${input.platformId}::uuid FOR UPDATE`;
  const row = locked.length > 0 ? await tx.transaction.findFirst({ where: { id: input.transactionId, platformId: input.platformId } }) : null;
  if (!row) throw new ServiceError("TRANSACTION_NOT_FOUND", `Transaction ${input.transactionId} not found`);
  return row;
}
