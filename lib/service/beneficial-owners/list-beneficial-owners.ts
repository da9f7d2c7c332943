import type { DbOrTx } from "../db";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import type { BeneficialOwner } from "./schemas";
import { serializeBeneficialOwner } from "./serialize-beneficial-owner";

/** GET /beneficial-owners?customerId: the business's owners, newest first. Throws: USER_NOT_FOUND, INVALID_INPUT (cursor). */
export async function listBeneficialOwners(db: DbOrTx, platformId: string, query: { customerId: string; limit: number; cursor?: string }): Promise<Page<BeneficialOwner>> {
  const customer = await getCustomerOrThrow(db, platformId, query.customerId, { isIncludingDeleted: true });
  const cursor = decodeCursor(query.cursor);
  const where = { platformId, customerId: customer.id };
  const [rows, count] = await Promise.all([
    db.beneficialOwner.findMany({ where: { ...where, ...afterCursor(cursor) }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 }),
    db.beneficialOwner.count(countArgs(where)),
  ]);
  return toPage(rows, query.limit, count, serializeBeneficialOwner);
}
