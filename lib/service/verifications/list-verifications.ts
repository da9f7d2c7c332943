import type { DbOrTx } from "../db";
import { parseId } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import type { Verification, VerificationStatus } from "./schemas";
import { serializeVerification } from "./serialize-verification";

/** GET /verifications: newest first, filtered by customer and status. Throws: INVALID_INPUT (cursor). */
export async function listVerifications(
  db: DbOrTx,
  platformId: string,
  query: { limit: number; cursor?: string; customerId?: string; verificationStatus?: VerificationStatus },
): Promise<Page<Verification>> {
  const cursor = decodeCursor(query.cursor);
  let customerId: string | undefined;
  if (query.customerId !== undefined) {
    const parsed = parseId("Customer", query.customerId);
    if (!parsed) return { data: [], hasMore: false, totalCount: 0 };
    customerId = parsed;
  }
  const where = { platformId, ...(customerId && { customerId }), ...(query.verificationStatus && { verificationStatus: query.verificationStatus }) };
  const [rows, count] = await Promise.all([
    db.verification.findMany({ where: { ...where, ...afterCursor(cursor) }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 }),
    db.verification.count(countArgs(where)),
  ]);
  return toPage(rows, query.limit, count, serializeVerification);
}
