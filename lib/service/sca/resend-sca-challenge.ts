import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { now } from "../sandbox/clock";
import type { ChallengeSelector } from "./authorize-sca-challenge";

/**
 * Sends the code of the customer's PENDING challenge again: same challenge, expiry not extended
 * (quote `…/authorize/resend` → 204). BEHAVIORS.md §9.4. Throws: INVALID_INPUT (nothing pending or
 * expired), CONFLICT (passkey challenges have no code).
 */
export async function resendScaChallenge(db: Db, selector: Omit<ChallengeSelector, "challengeId">): Promise<void> {
  const purposes = Array.isArray(selector.purpose) ? selector.purpose : [selector.purpose];
  const at = await now(db, selector.platformId);
  const row = await db.scaChallenge.findFirst({
    where: { platformId: selector.platformId, customerId: selector.customerId, purpose: { in: purposes }, status: "PENDING", ...(selector.subjectId && { subjectId: selector.subjectId }) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  if (!row || row.expiresAt <= at) throw invalidInput([{ field: "challengeId", message: "no unexpired challenge is waiting; start a new one", constraint: { status: "PENDING" } }]);
  if (row.factor === "PASSKEY") throw new ServiceError("CONFLICT", "A passkey challenge has no code to resend; answer it with the passkey");
  await db.scaChallenge.update({ where: { id: row.id }, data: { resentAt: at, updatedAt: at } });
}
