import type { JobContext } from "../jobs/handlers";
import { now } from "../sandbox/clock";
import { recordVerificationOutcome } from "./record-verification-outcome";

/**
 * Job: a business verification left IN_PROGRESS (suffix 003) finishes its document and owner
 * checks and is APPROVED (BEHAVIORS.md 10.8). Does nothing when the verification moved on or the
 * customer was deleted meanwhile (no approval, account activation or KYB_APPROVED for it).
 */
export async function runCompleteBusinessReview({ db, platformId, payload }: JobContext): Promise<void> {
  const { verificationId } = payload as { verificationId: string };
  await db.$transaction(async (tx) => {
    // The customer's row locked, as DELETE /customers and submissions take it: deleted → nothing to approve.
    const [customer] = await tx.$queryRaw<{ deletedAt: Date | null }[]>`
      SELECT c."deletedAt" FROM "Customer" c JOIN "Verification" v ON v."customerId" = c."id"
      WHERE v."id" = ${verificationId}::uuid AND v."platformId" = ${platformId}::uuid FOR UPDATE OF c`;
    if (!customer || customer.deletedAt) return;
    const at = await now(tx, platformId);
    const { count } = await tx.verification.updateMany({
      where: { id: verificationId, platformId, verificationStatus: "IN_PROGRESS" },
      data: { verificationStatus: "APPROVED", updatedAt: at },
    });
    if (count === 0) return;
    await recordVerificationOutcome(tx, await tx.verification.findUniqueOrThrow({ where: { id: verificationId } }));
  });
}
