import { Prisma } from "@/lib/generated/prisma/client";
import { columnsOf, readOf } from "@/lib/db/sql";
import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import type { TransactionRow } from "./serialize-transaction";

/**
 * The platform's transaction `Transaction:<uuid>` (bare uuid with `allowBare`, for areas that store
 * it); serialize it with serializeTransaction.
 * Throws: TRANSACTION_NOT_FOUND (unknown, malformed or another platform's id).
 */
export async function getTransactionOrThrow(db: SqlTx, platformId: string, transactionId: string, options: { allowBare?: boolean } = {}): Promise<TransactionRow> {
  const id = parseId("Transaction", transactionId, options);
  // Raw, on the pool outside a transaction (readOf): clients poll payments (readOf batches such reads), and a model read of this wide row costs twice the Node CPU.
  const [row] = id
    ? await readOf(db).$queryRaw<TransactionRow[]>`SELECT ${columnsOf(Prisma.TransactionScalarFieldEnum)} FROM "Transaction" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid`
    : [];
  if (!row) throw new ServiceError("TRANSACTION_NOT_FOUND", notFoundMessage("Transaction", transactionId, options));
  return row;
}
