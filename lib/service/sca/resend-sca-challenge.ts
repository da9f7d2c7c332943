import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { now } from "../sandbox/clock";
import type { ChallengeSelector } from "./authorize-sca-challenge";
import { CODE_RESEND_INTERVAL_SECONDS, codeRateLimited, codeResendWaitSeconds } from "./code-limits";

/**
 * Sends the code of the customer's PENDING challenge again: same challenge, expiry not extended
 * (quote `…/authorize/resend` → 204). At most once per 30 s of sandbox time per challenge, its
 * first sending (when the challenge was opened) included; counted by a conditional update, so
 * resends at once send one code. BEHAVIORS.md §9.4, §9.8, 10.27. Throws: INVALID_INPUT (nothing
 * pending or expired), CONFLICT (passkey challenges have no code), RATE_LIMITED (sent less than 30 s
 * ago; Retry-After).
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
  const due = new Date(at.getTime() - CODE_RESEND_INTERVAL_SECONDS * 1000);
  const { count } = await db.scaChallenge.updateMany({
    where: { id: row.id, OR: [{ resentAt: null, createdAt: { lte: due } }, { resentAt: { lte: due } }] },
    data: { resentAt: at, updatedAt: at },
  });
  if (count === 1) return;
  const current = await db.scaChallenge.findUniqueOrThrow({ where: { id: row.id } });
  const wait = Math.max(1, codeResendWaitSeconds(current.resentAt ?? current.createdAt, at));
  throw codeRateLimited(`The code was sent less than ${CODE_RESEND_INTERVAL_SECONDS} seconds ago and can still be used until ${row.expiresAt.toISOString()}; it can be sent again in ${wait} s`, wait);
}
