import type { Db } from "../db";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { invalidInput } from "../http/errors";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import type { BeneficialOwnerCreateRequest } from "./schemas";
import type { BeneficialOwnerRow } from "./serialize-beneficial-owner";

/**
 * POST /beneficial-owners: an owner, director or control person of a business customer, born
 * UNVERIFIED; it resolves when its business does (BEHAVIORS.md §4.5, §9.6).
 * Throws: USER_NOT_FOUND, CUSTOMER_DELETED, INVALID_INPUT (not a business).
 */
export async function createBeneficialOwner(db: Db, input: { platformId: string; request: BeneficialOwnerCreateRequest }): Promise<BeneficialOwnerRow> {
  const { platformId, request } = input;
  const customer = await getCustomerOrThrow(db, platformId, request.customerId);
  if (customer.customerType !== "BUSINESS")
    throw invalidInput([{ field: "customerId", message: "must be a BUSINESS customer: individuals have no beneficial owners", constraint: { customerType: "BUSINESS" } }]);
  const at = await now(db, platformId);
  return db.beneficialOwner.create({
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
}
