import type { DbOrTx } from "../db";
import { parseId } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import type { Document } from "./schemas";
import { serializeDocument } from "./serialize-document";

/** GET /documents: newest first, optionally one holder's. An unknown holder gives an empty page. Throws: INVALID_INPUT (cursor). */
export async function listDocuments(
  db: DbOrTx,
  platformId: string,
  query: { limit: number; cursor?: string; documentHolder?: string },
): Promise<Page<Document>> {
  const cursor = decodeCursor(query.cursor);
  let holder = {};
  if (query.documentHolder !== undefined) {
    const customerId = parseId("Customer", query.documentHolder);
    const beneficialOwnerId = parseId("BeneficialOwner", query.documentHolder);
    if (!customerId && !beneficialOwnerId) return { data: [], hasMore: false, totalCount: 0 };
    holder = customerId ? { customerId } : { beneficialOwnerId };
  }
  const where = { platformId, ...holder };
  const [rows, count] = await Promise.all([
    db.document.findMany({ where: { ...where, ...afterCursor(cursor) }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 }),
    db.document.count(countArgs(where)),
  ]);
  return toPage(rows, query.limit, count, serializeDocument);
}
