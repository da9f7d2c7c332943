import type { Db } from "../db";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { lockCustomer } from "../customers/lock-customer";
import { invalidInput } from "../http/errors";
import { parseId, uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { assertOwnershipTotal } from "./assert-ownership-total";
import type { BeneficialOwnerCreateRequest } from "./schemas";
import type { BeneficialOwnerRow } from "./serialize-beneficial-owner";

/**
 * POST /beneficial-owners: an owner, director or control person of a business customer, born
 * UNVERIFIED; it resolves when its business does (BEHAVIORS.md §4.5, §9.6). The owners' shares
 * add up to 100% at most, summed under the business's lock so that concurrent adds cannot pass it.
 * Throws: USER_NOT_FOUND, CUSTOMER_DELETED, INVALID_INPUT (not a business, total over 100%).
 */
export async function createBeneficialOwner(db: Db, input: { platformId: string; request: BeneficialOwnerCreateRequest }): Promise<BeneficialOwnerRow> {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    const id = parseId("Customer", request.customerId);
    if (id) await lockCustomer(tx, platformId, id);
    const customer = await getCustomerOrThrow(tx, platformId, request.customerId);
    if (customer.customerType !== "BUSINESS")
      throw invalidInput([{ field: "customerId", message: "must be a BUSINESS customer: individuals have no beneficial owners", constraint: { customerType: "BUSINESS" } }]);
    await assertOwnershipTotal(tx, { platformId, customerId: customer.id, ownershipPercentage: request.ownershipPercentage });
    const at = await now(tx, platformId);
    return tx.beneficialOwner.create({
      data: {
        id: uuidv7(at.getTime()),
        platformId,
        customerId: customer.id,
        roles: [...new Set(request.roles)],
        ownershipPercentage: request.ownershipPercentage,
        personalInfo: request.personalInfo,
        kycStatus: "UNVERIFIED",
        createdAt: at,
        updatedAt: at,
      },
    });
  });
}
