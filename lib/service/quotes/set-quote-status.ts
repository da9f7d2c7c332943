import { Prisma, type QuoteStatus } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { now } from "../sandbox/clock";
import type { TransactionRow } from "../transactions/serialize-transaction";

/** The quote of a transaction follows it (BEHAVIORS.md §2.6). */
export async function setQuoteStatus(tx: DbOrTx, row: TransactionRow, status: QuoteStatus): Promise<void> {
  const at = await now(tx, row.platformId);
  await tx.quote.updateMany({ where: { platformId: row.platformId, transactionId: row.id }, data: { status, updatedAt: at } });
}

/**
 * The same change as a CTE for the transaction's own status step (recordTransactionStatus's
 * `alsoWrite`), so a running quote moves with its transaction in one round trip. `executedAt`:
 * when the quote starts running.
 */
export function quoteStatusChange(row: Pick<TransactionRow, "platformId" | "id">, status: QuoteStatus, at: Date, options: { executedAt?: Date } = {}): Prisma.Sql {
  const executedAt = options.executedAt ? Prisma.sql`, "executedAt" = ${options.executedAt}::timestamptz` : Prisma.empty;
  return Prisma.sql`"quote_status" AS (
    UPDATE "Quote" SET "status" = ${status}::"QuoteStatus", "updatedAt" = ${at}::timestamptz${executedAt}
    WHERE "platformId" = ${row.platformId}::uuid AND "transactionId" = ${row.id}::uuid
  )`;
}
