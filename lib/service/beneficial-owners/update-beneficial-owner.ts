import type { Db } from "../db";
import { now } from "../sandbox/clock";
import { getBeneficialOwnerOrThrow } from "./get-beneficial-owner-or-throw";
import type { BeneficialOwnerPersonalInfo, BeneficialOwnerUpdateRequest } from "./schemas";
import type { BeneficialOwnerRow } from "./serialize-beneficial-owner";

/**
 * PATCH /beneficial-owners/{id}: fields sent replace their values; `personalInfo` merges field by
 * field. The owner's kycStatus does not change (renaming after a result changes nothing).
 * Throws: NOT_FOUND.
 */
export async function updateBeneficialOwner(db: Db, input: { platformId: string; beneficialOwnerId: string; request: BeneficialOwnerUpdateRequest }): Promise<BeneficialOwnerRow> {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    // Locked before it is read, so concurrent patches merge personalInfo instead of overwriting each other.
    const row = await getBeneficialOwnerOrThrow(tx, platformId, input.beneficialOwnerId, { isLocking: true });
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
