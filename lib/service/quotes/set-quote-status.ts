import { Prisma, type QuoteStatus } from "@/lib/generated/prisma/client";
import type { TransactionRow } from "../transactions/serialize-transaction";

/**
 * A quote follows its transaction (BEHAVIORS.md §2.6): its status change as a CTE for the
 * transaction's own status step (recordTransactionStatus's `alsoWrite`), so both move in one round
 * trip. `executedAt`: when the quote starts running.
 */
export function quoteStatusChange(row: Pick<TransactionRow, "platformId" | "id">, status: QuoteStatus, at: Date, options: { executedAt?: Date } = {}): Prisma.Sql {
  const executedAt = options.executedAt ? Prisma.sql`, "executedAt" = ${options.executedAt}::timestamptz` : Prisma.empty;
  return Prisma.sql`"quote_status" AS (
    UPDATE "Quote" SET "status" = ${status}::"QuoteStatus", "updatedAt" = ${at}::timestamptz${executedAt}
    WHERE "platformId" = ${row.platformId}::uuid AND "transactionId" = ${row.id}::uuid
  )`;
}
