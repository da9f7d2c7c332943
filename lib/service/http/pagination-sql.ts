// The raw-SQL side of cursor paging, for lists read with raw statements on the pool (sqlOf). Kept
// apart from pagination.ts, which pages and components import without the database client.
import { Prisma } from "@/lib/generated/prisma/client";
import type { SqlTx } from "@/lib/db/sql";
import { TOTAL_COUNT_CAP, type Cursor } from "./pagination";

/**
 * `AND` the rows strictly after the cursor in the page's (createdAt, id) order — newest first
 * unless `ascending` — with the columns qualified by `alias` when the statement joins tables.
 */
export function rowsAfter(cursor: Cursor | undefined, options: { alias?: string; ascending?: boolean } = {}): Prisma.Sql {
  if (!cursor) return Prisma.empty;
  const columns = Prisma.raw(options.alias ? `(${options.alias}."createdAt", ${options.alias}."id")` : `("createdAt", "id")`);
  return options.ascending
    ? Prisma.sql`AND ${columns} > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : Prisma.sql`AND ${columns} < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * A list's totalCount: the rows of `table` (aliased `alias`) that match, counted in the list's own
 * order and stopped past TOTAL_COUNT_CAP, so a page costs the same at any size (toPage leaves the
 * count out beyond the cap).
 */
export async function cappedCount(sql: SqlTx, table: string, alias: string, matching: Prisma.Sql): Promise<number> {
  const from = Prisma.raw(`"${table}" ${alias}`);
  const order = Prisma.raw(`ORDER BY ${alias}."createdAt" DESC, ${alias}."id" DESC`);
  const [counted] = await sql.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS "count" FROM (SELECT 1 FROM ${from} WHERE ${matching} ${order} LIMIT ${TOTAL_COUNT_CAP + 1}::int) AS "capped"`;
  return counted!.count;
}
