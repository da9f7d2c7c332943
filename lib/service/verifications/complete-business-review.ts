import type { JobContext } from "../jobs/handlers";
import { now } from "../sandbox/clock";
import { recordVerificationOutcome } from "./record-verification-outcome";

/**
 * Job: a business verification left IN_PROGRESS (suffix 003) finishes its document and owner
 * checks and is APPROVED (BEHAVIORS.md 10.8). Does nothing when the verification moved on.
 */
export async function runCompleteBusinessReview({ db, platformId, payload }: JobContext): Promise<void> {
  const { verificationId } = payload as { verificationId: string };
  await db.$transaction(async (tx) => {
    const at = await now(tx, platformId);
    const { count } = await tx.verification.updateMany({
      where: { id: verificationId, platformId, verificationStatus: "IN_PROGRESS" },
      data: { verificationStatus: "APPROVED", updatedAt: at },
    });
    if (count === 0) return;
    await recordVerificationOutcome(tx, await tx.verification.findUniqueOrThrow({ where: { id: verificationId } }));
  });
}
