import { z } from "@hono/zod-openapi";
import { invalidInput } from "./errors";
import { isUuid } from "./ids";

/** Query parameters shared by every cursor-paged list (`limit` 1–100, default 20). */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ description: "Page size, 1 to 100 (default 20)." }),
  cursor: z.string().max(512).optional().openapi({ description: "`nextCursor` of the previous page." }),
});

/** Position after the last item of a page, newest-first order: (createdAt, id) descending. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString("base64url");
}

/**
 * The position a cursor names. Only what encodeCursor can have made passes: a row's id (a uuid)
 * and an instant the database can hold, so a forged cursor is a 400, never a failed query.
 * Throws: INVALID_INPUT (query.cursor).
 */
export function decodeCursor(value: string | undefined): Cursor | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === "string" && typeof parsed[1] === "string" && isUuid(parsed[1])) {
      const createdAt = new Date(parsed[0]);
      const year = createdAt.getUTCFullYear();
      if (year >= 1 && year <= 9999) return { createdAt, id: parsed[1] };
    }
  } catch {
    // fall through
  }
  throw invalidInput([{ field: "query.cursor", message: "is not a cursor this API returned", constraint: { format: "cursor" } }]);
}

/** Prisma `where` fragment selecting rows strictly after the cursor in (createdAt desc, id desc). */
export function afterCursor(cursor: Cursor | undefined) {
  if (!cursor) return {};
  return {
    OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
  };
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  /** Exact while at most TOTAL_COUNT_CAP items match; absent beyond. */
  totalCount?: number;
}

/**
 * totalCount is exact while at most this many items match and left out beyond (the envelope has it
 * optional): counting every match of a large list would make each page cost as much as reading
 * them all. Lists count with countArgs, so a page costs the same at any size.
 */
export const TOTAL_COUNT_CAP = 10_000;
const COUNTED_AT_MOST = TOTAL_COUNT_CAP + 1;

/**
 * `count` arguments for a list's totalCount: stop at COUNTED_AT_MOST matches, walking the list's own
 * (createdAt, id) order. Prisma orders a limited count by id unless told otherwise, and sorting
 * every match by id (no index leads with it) is as slow as counting them all.
 */
export function countArgs<W>(where: W) {
  return { where, take: COUNTED_AT_MOST, orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }] };
}

/** Builds a page from `limit + 1` fetched rows and the match count (counted with countArgs). */
export function toPage<R extends Cursor, T>(rows: R[], limit: number, count: number, serialize: (row: R) => T): Page<T> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  const page: Page<T> = { data: pageRows.map(serialize), hasMore, ...(count <= TOTAL_COUNT_CAP && { totalCount: count }) };
  if (hasMore && last) page.nextCursor = encodeCursor(last);
  return page;
}

/** Pages over a fixed in-memory list (reference data); the cursor is the offset. */
export function pageOfList<T>(items: readonly T[], limit: number, cursor: string | undefined): Page<T> & { totalCount: number } {
  let offset = 0;
  if (cursor !== undefined) {
    const parsed = /^o(\d{1,9})$/.exec(cursor);
    if (!parsed) throw invalidInput([{ field: "query.cursor", message: "is not a cursor this API returned", constraint: { format: "cursor" } }]);
    offset = Number(parsed[1]);
  }
  const data = items.slice(offset, offset + limit);
  const hasMore = offset + limit < items.length;
  const page: Page<T> & { totalCount: number } = { data, hasMore, totalCount: items.length };
  if (hasMore) page.nextCursor = `o${offset + limit}`;
  return page;
}

export function pageResponseSchema<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      hasMore: z.boolean(),
      nextCursor: z.string().optional(),
      totalCount: z
        .number()
        .int()
        .optional()
        .openapi({ description: `How many items match: exact up to ${TOTAL_COUNT_CAP.toLocaleString("en-US")}; absent when more match (page on with nextCursor while hasMore).` }),
    })
    .openapi(name);
}
