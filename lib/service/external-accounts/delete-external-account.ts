import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { now } from "../sandbox/clock";
import { isBeneficiaryTrusted } from "../sca/beneficiary-trust";
import { getExternalAccountOrThrow, lockExternalAccount, type ExternalAccountOwner } from "./get-external-account-or-throw";

/**
 * DELETE …/external-accounts/{id}: a soft delete. The account disappears from the API (404) and
 * frees its details, platformAccountId and default-deposit flag; outstanding ownership challenges
 * are abandoned. The row stays for the transactions that name it. Throws: NOT_FOUND,
 * BENEFICIARY_TRUSTED (an SCA-trusted beneficiary: untrust it first).
 */
export async function deleteExternalAccount(db: Db, input: { platformId: string; owner: ExternalAccountOwner; externalAccountId: string }): Promise<void> {
  const row = await getExternalAccountOrThrow(db, input.platformId, input.externalAccountId, { owner: input.owner });
  await db.$transaction(async (tx) => {
    // Locked before the trust check, as a trust confirm locks it before trusting: the two never
    // leave a trusted beneficiary on a deleted account.
    await lockExternalAccount(tx, input.platformId, row.id);
    if (await isBeneficiaryTrusted(tx, input.platformId, row.id))
      throw new ServiceError("BENEFICIARY_TRUSTED", `External account ${input.externalAccountId} is a trusted beneficiary: untrust it first (POST …/untrust and …/untrust/confirm), then delete it`);
    const at = await now(tx, input.platformId);
    // deletedAt: null in the where clause: of two concurrent deletes only one applies.
    const { count } = await tx.externalAccount.updateMany({
      where: { id: row.id, platformId: input.platformId, deletedAt: null },
      data: { deletedAt: at, activeFingerprint: null, activePlatformAccountId: null, defaultDepositCustomerId: null, updatedAt: at },
    });
    if (count === 0) await getExternalAccountOrThrow(tx, input.platformId, input.externalAccountId); // deleted meanwhile: NOT_FOUND
    await tx.externalAccountOwnershipChallenge.updateMany({
      where: { platformId: input.platformId, externalAccountId: row.id, status: "OUTSTANDING" },
      data: { status: "ABANDONED", resolvedAt: at },
    });
  });
}
