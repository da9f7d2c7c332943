import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import type { TransactionRow } from "./serialize-transaction";

/**
 * The platform's transaction `Transaction:<uuid>` (bare uuid with `allowBare`, for areas that store
 * it); serialize it with serializeTransaction.
 * Throws: TRANSACTION_NOT_FOUND (unknown, malformed or another platform's id).
 */
export async function getTransactionOrThrow(db: DbOrTx, platformId: string, transactionId: string, options: { allowBare?: boolean } = {}): Promise<TransactionRow> {
  const id = parseId("Transaction", transactionId, options);
  const row = id ? await db.transaction.findFirst({ where: { id, platformId } }) : null;
  if (!row) throw new ServiceError("TRANSACTION_NOT_FOUND", `Transaction ${transactionId} not found`);
  return row;
}
