import type { Db } from "../db";
import { lockCustomer } from "../customers/lock-customer";
import { now } from "../sandbox/clock";
import { assertOwnershipTotal } from "./assert-ownership-total";
import { getBeneficialOwnerOrThrow } from "./get-beneficial-owner-or-throw";
import type { BeneficialOwnerPersonalInfo, BeneficialOwnerUpdateRequest } from "./schemas";
import type { BeneficialOwnerRow } from "./serialize-beneficial-owner";

/**
 * PATCH /beneficial-owners/{id}: fields sent replace their values; `personalInfo` merges field by
 * field. The owner's kycStatus does not change (renaming after a result changes nothing). A new
 * `ownershipPercentage` may not take the owners' total above 100% (a change that lowers it passes).
 * Throws: NOT_FOUND, INVALID_INPUT (total over 100%).
 */
export async function updateBeneficialOwner(db: Db, input: { platformId: string; beneficialOwnerId: string; request: BeneficialOwnerUpdateRequest }): Promise<BeneficialOwnerRow> {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    // The business first, as POST /verifications and new owners lock it: the owners' total and the packet hold until commit.
    const found = await getBeneficialOwnerOrThrow(tx, platformId, input.beneficialOwnerId);
    await lockCustomer(tx, platformId, found.customerId);
    // Locked before it is read, so concurrent patches merge personalInfo instead of overwriting each other.
    const row = await getBeneficialOwnerOrThrow(tx, platformId, input.beneficialOwnerId, { isLocking: true });
    if (request.ownershipPercentage !== undefined)
      await assertOwnershipTotal(tx, { platformId, customerId: row.customerId, ownershipPercentage: request.ownershipPercentage, owner: row });
    const personalInfo = { ...(row.personalInfo as BeneficialOwnerPersonalInfo), ...request.personalInfo };
    return tx.beneficialOwner.update({
      where: { id: row.id },
      data: {
        ...(request.roles && { roles: [...new Set(request.roles)] }),
        ...(request.ownershipPercentage !== undefined && { ownershipPercentage: request.ownershipPercentage }),
        personalInfo,
        updatedAt: await now(tx, platformId),
      },
    });
  });
}
