import { Prisma, type CardTransaction as CardTransactionRow } from "@/lib/generated/prisma/client";
import { columnsOf, sqlOf } from "@/lib/db/sql";
import type { DbOrTx } from "../db";
import { invalidInput } from "../http/errors";
import { parseId } from "../http/ids";
import { decodeCursor, toPage, type Cursor, type Page } from "../http/pagination";
import { cappedCount, rowsAfter } from "../http/pagination-sql";
import { now } from "../sandbox/clock";
import type { CardTransaction } from "./schemas";
import { serializeCardTransaction } from "./serialize-card-transaction";

export interface CardTransactionListQuery {
  cardId?: string;
  customerId?: string;
  platformCustomerId?: string;
  accountIdentifier?: string;
  startDate?: string;
  endDate?: string;
  limit: number;
  cursor?: string;
  sortOrder: "asc" | "desc";
}

/**
 * GET /transactions?type=CARD (or with cardId): the platform's card transactions, newest first
 * unless sortOrder=asc, `startDate`/`endDate` inclusive. Malformed ids match nothing, except a
 * malformed cardId which answers 400. Throws: INVALID_INPUT.
 */
export async function listCardTransactions(db: DbOrTx, platformId: string, query: CardTransactionListQuery): Promise<Page<CardTransaction>> {
  const { rows, count, at } = await readCardTransactionRows(db, platformId, query, decodeCursor(query.cursor));
  return toPage(rows, query.limit, count, (row) => serializeCardTransaction(row, at));
}

/**
 * The rows of listCardTransactions' page after `cursor` (limit + 1 of them, for hasMore), the capped
 * match count, and the clock to serialize them with: for GET /transactions, which merges them with
 * payment rows. Raw statements on the pool, as the payment rows are read: the unfiltered
 * transaction list runs this beside them on every page. Throws: INVALID_INPUT (malformed cardId).
 */
export async function readCardTransactionRows(db: DbOrTx, platformId: string, query: CardTransactionListQuery, cursor: Cursor | undefined) {
  const and: Prisma.Sql[] = [Prisma.sql`"platformId" = ${platformId}::uuid`];
  if (query.cardId !== undefined) {
    const cardId = parseId("Card", query.cardId, { allowBare: true });
    if (!cardId) throw invalidInput([{ field: "query.cardId", message: "must be a Card:<uuid> id or a bare uuid", constraint: { format: "Card:<uuid>" } }]);
    and.push(Prisma.sql`"cardId" = ${cardId}::uuid`);
  }
  // A malformed id matches nothing.
  const sameId = (column: string, id: string | null) => (id === null ? Prisma.sql`FALSE` : Prisma.sql`${Prisma.raw(`"${column}"`)} = ${id}::uuid`);
  if (query.customerId !== undefined) and.push(sameId("customerId", parseId("Customer", query.customerId)));
  if (query.platformCustomerId !== undefined) and.push(Prisma.sql`"platformCustomerId" = ${query.platformCustomerId}`);
  if (query.accountIdentifier !== undefined) and.push(sameId("accountId", parseId("InternalAccount", query.accountIdentifier)));
  if (query.startDate !== undefined) and.push(Prisma.sql`"createdAt" >= ${new Date(query.startDate)}::timestamptz`);
  if (query.endDate !== undefined) and.push(Prisma.sql`"createdAt" <= ${new Date(query.endDate)}::timestamptz`);
  const matching = Prisma.join(and, " AND ");
  const ascending = query.sortOrder === "asc";
  const order = ascending ? Prisma.sql`ORDER BY "createdAt" ASC, "id" ASC` : Prisma.sql`ORDER BY "createdAt" DESC, "id" DESC`;
  const sql = sqlOf(db);
  const [rows, count, at] = await Promise.all([
    sql.$queryRaw<CardTransactionRow[]>`
      SELECT ${columnsOf(Prisma.CardTransactionScalarFieldEnum)} FROM "CardTransaction" c
      WHERE ${matching} ${rowsAfter(cursor, { alias: "c", ascending })} ${order} LIMIT ${query.limit + 1}::int`,
    cappedCount(sql, "CardTransaction", "c", matching),
    now(db, platformId),
  ]);
  return { rows, count, at };
}
