import { ServiceError } from "../http/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { columnsOf } from "@/lib/db/sql";
import type { SqlTx } from "../db";
import type { TransactionRow } from "./serialize-transaction";

/**
 * Locks a transaction row (bare uuid) for a state change, so a timed step and a request (or two
 * workers) cannot move it at once; the caller re-checks the status it expects after the lock.
 * Throws: TRANSACTION_NOT_FOUND.
 */
export async function lockTransaction(tx: SqlTx, input: { platformId: string; transactionId: string }): Promise<TransactionRow> {
  const [row] = await tx.$queryRaw<TransactionRow[]>`
    SELECT ${columnsOf(Prisma.TransactionScalarFieldEnum)} FROM "Transaction" WHERE "id" = ${input.transactionId}::uuid AND "platformId" = ${input.platformId}::uuid FOR UPDATE`;
  if (!row) throw new ServiceError("TRANSACTION_NOT_FOUND", `Transaction ${input.transactionId} not found`);
  return row;
}
