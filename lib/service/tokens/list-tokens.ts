import type { Db } from "../db";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import { serializeToken } from "./serialize-token";
import type { ApiToken, TokenListQuery } from "./schemas";

/** Lists the platform's live tokens, newest first, with the filters of GET /tokens. */
export async function listTokens(db: Db, platformId: string, query: TokenListQuery): Promise<Page<ApiToken>> {
  const where = {
    platformId,
    revokedAt: null,
    ...(query.name !== undefined && { name: query.name }),
    createdAt: { gte: optionalDate(query.createdAfter), lt: optionalDate(query.createdBefore) },
    updatedAt: { gte: optionalDate(query.updatedAfter), lt: optionalDate(query.updatedBefore) },
  };
  const [rows, count] = await Promise.all([
    db.apiToken.findMany({
      where: { AND: [where, afterCursor(decodeCursor(query.cursor))] },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit + 1,
    }),
    db.apiToken.count(countArgs(where)),
  ]);
  return toPage(rows, query.limit, count, (row) => serializeToken(row));
}

function optionalDate(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}
