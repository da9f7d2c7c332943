import type { Prisma } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { parseId } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Cursor, type Page } from "../http/pagination";
import type { Card, CardListQuery } from "./schemas";
import { serializeCard } from "./serialize-card";

/**
 * GET /cards?cardholderId&accountId&platformCardId&state: newest first unless sortOrder=asc.
 * A malformed id filter matches nothing. Throws: INVALID_INPUT (bad cursor).
 */
export async function listCards(db: DbOrTx, platformId: string, query: CardListQuery): Promise<Page<Card>> {
  const cursor = decodeCursor(query.cursor);
  const and: Prisma.CardWhereInput[] = [{ platformId }];
  if (query.cardholderId !== undefined) and.push({ customerId: parseId("Customer", query.cardholderId) ?? "00000000-0000-0000-0000-000000000000" });
  if (query.accountId !== undefined) and.push({ fundingSources: { has: parseId("InternalAccount", query.accountId) ?? "-" } });
  if (query.platformCardId !== undefined) and.push({ platformCardId: query.platformCardId });
  if (query.state !== undefined) and.push({ state: query.state });
  const where = { AND: and };
  const isAscending = query.sortOrder === "asc";
  const direction = isAscending ? "asc" : "desc";
  const [rows, count] = await Promise.all([
    db.card.findMany({ where: { AND: [where, isAscending ? after(cursor) : afterCursor(cursor)] }, orderBy: [{ createdAt: direction }, { id: direction }], take: query.limit + 1 }),
    db.card.count(countArgs(where)),
  ]);
  return toPage(rows, query.limit, count, serializeCard);
}

function after(cursor: Cursor | undefined): Prisma.CardWhereInput {
  if (!cursor) return {};
  return { OR: [{ createdAt: { gt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { gt: cursor.id } }] };
}
