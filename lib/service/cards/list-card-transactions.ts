import type { Prisma } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { invalidInput } from "../http/errors";
import { parseId } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Cursor, type Page } from "../http/pagination";
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
 * payment rows. Throws: INVALID_INPUT (malformed cardId).
 */
export async function readCardTransactionRows(db: DbOrTx, platformId: string, query: CardTransactionListQuery, cursor: Cursor | undefined) {
  const and: Prisma.CardTransactionWhereInput[] = [{ platformId }];
  if (query.cardId !== undefined) {
    const cardId = parseId("Card", query.cardId, { allowBare: true });
    if (!cardId) throw invalidInput([{ field: "query.cardId", message: "must be a Card:<uuid> id or a bare uuid", constraint: { format: "Card:<uuid>" } }]);
    and.push({ cardId });
  }
  const none = "00000000-0000-0000-0000-000000000000";
  if (query.customerId !== undefined) and.push({ customerId: parseId("Customer", query.customerId) ?? none });
  if (query.platformCustomerId !== undefined) and.push({ platformCustomerId: query.platformCustomerId });
  if (query.accountIdentifier !== undefined) and.push({ accountId: parseId("InternalAccount", query.accountIdentifier) ?? none });
  if (query.startDate !== undefined) and.push({ createdAt: { gte: new Date(query.startDate) } });
  if (query.endDate !== undefined) and.push({ createdAt: { lte: new Date(query.endDate) } });
  const where = { AND: and };
  const isAscending = query.sortOrder === "asc";
  const direction = isAscending ? "asc" : "desc";
  const [rows, count, at] = await Promise.all([
    db.cardTransaction.findMany({ where: { AND: [where, isAscending ? after(cursor) : afterCursor(cursor)] }, orderBy: [{ createdAt: direction }, { id: direction }], take: query.limit + 1 }),
    db.cardTransaction.count(countArgs(where)),
    now(db, platformId),
  ]);
  return { rows, count, at };
}

function after(cursor: Cursor | undefined): Prisma.CardTransactionWhereInput {
  if (!cursor) return {};
  return { OR: [{ createdAt: { gt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { gt: cursor.id } }] };
}
