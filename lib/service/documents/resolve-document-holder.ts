import type { DbOrTx } from "../db";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { getBeneficialOwnerOrThrow } from "../beneficial-owners/get-beneficial-owner-or-throw";
import { ServiceError } from "../http/errors";

export type DocumentHolder = { customerId: string; beneficialOwnerId: null } | { customerId: null; beneficialOwnerId: string };

/**
 * `Customer:<uuid>` or `BeneficialOwner:<uuid>` → the holder's bare ids, checked to exist on the
 * platform. Throws: USER_NOT_FOUND (customer), NOT_FOUND (owner or another kind of id), CUSTOMER_DELETED.
 */
export async function resolveDocumentHolder(db: DbOrTx, platformId: string, documentHolder: string): Promise<DocumentHolder> {
  if (documentHolder.startsWith("Customer:")) {
    const customer = await getCustomerOrThrow(db, platformId, documentHolder);
    return { customerId: customer.id, beneficialOwnerId: null };
  }
  if (documentHolder.startsWith("BeneficialOwner:")) {
    const owner = await getBeneficialOwnerOrThrow(db, platformId, documentHolder);
    return { customerId: null, beneficialOwnerId: owner.id };
  }
  throw new ServiceError("NOT_FOUND", `Document holder ${documentHolder} not found: pass a Customer:… or BeneficialOwner:… id`);
}
