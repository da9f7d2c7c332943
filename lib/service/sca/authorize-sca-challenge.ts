import type { Db, DbOrTx } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { parseId } from "../http/ids";
import { now } from "../sandbox/clock";
import { availableFactors } from "./available-factors";
import { assertNotLocked } from "./sca-state";
import { scaOrigin } from "./sca-origin";
import type { ScaProof } from "./schemas";
import type { ScaChallengeRow } from "./serialize-sca-challenge";

export const SANDBOX_SCA_CODE = "123456";
export const SANDBOX_PASSKEY_SIGNATURE = "sandbox-valid-passkey-signature";
/** Wrong answers allowed per challenge (BEHAVIORS.md 10.27); the next attempt gets 429. */
export const MAX_FAILED_ATTEMPTS = 5;

export interface ChallengeSelector {
  platformId: string;
  customerId: string;
  /** `ScaChallenge:<uuid>` when the caller names it; else the newest PENDING one of `purpose` (and `subjectId`). */
  challengeId?: string | null;
  purpose: string | string[];
  subjectId?: string;
}

/**
 * Checks the proof for a PENDING challenge and marks it COMPLETED. Runs its own transactions
 * because a wrong answer must be counted even though the call fails: call it before the
 * transaction that performs the authorized action (quotes: then move the quote on). Sandbox: the
 * code is 123456; a passkey assertion needs `signature` = sandbox-valid-passkey-signature, the
 * `credentialId` of an enrolled passkey and an allowed `origin`. BEHAVIORS.md §9.4, 4.7, 10.27.
 * Throws: ACCOUNT_LOCKED, INVALID_INPUT (no such pending challenge, expired, missing proof),
 * RATE_LIMITED (5 wrong answers), UNAUTHORIZED (wrong code or assertion, with `reason`).
 */
export async function authorizeScaChallenge(db: Db, selector: ChallengeSelector, proof: ScaProof): Promise<ScaChallengeRow> {
  const { platformId, customerId } = selector;
  await assertNotLocked(db, platformId, customerId);
  const outcome = await db.$transaction(async (tx) => {
    const challenge = await findChallenge(tx, selector);
    await tx.$queryRaw`SELECT "id" FROM "ScaChallenge" WHERE "id" = ${challenge.id}::uuid FOR UPDATE`;
    const row = await tx.scaChallenge.findUniqueOrThrow({ where: { id: challenge.id } });
    const at = await now(tx, platformId);
    if (row.status !== "PENDING") throw invalidInput([{ field: "challengeId", message: `is ${row.status}; start a new challenge`, constraint: { status: "PENDING" } }]);
    if (row.expiresAt <= at) {
      await tx.scaChallenge.update({ where: { id: row.id }, data: { status: "EXPIRED", updatedAt: at } });
      return { row, error: invalidInput([{ field: "challengeId", message: `expired at ${row.expiresAt.toISOString()}; start a new challenge`, constraint: { status: "PENDING" } }]) };
    }
    if (row.failedAttempts >= MAX_FAILED_ATTEMPTS)
      return { row, error: new ServiceError("RATE_LIMITED", `Too many wrong answers for this challenge; start a new one`, { headers: { "Retry-After": "30" } }) };
    const failure = await checkProof(tx, row, proof);
    if (failure) {
      await tx.scaChallenge.update({ where: { id: row.id }, data: { failedAttempts: { increment: 1 }, updatedAt: at } });
      return { row, error: failure };
    }
    return { row: await tx.scaChallenge.update({ where: { id: row.id }, data: { status: "COMPLETED", completedAt: at, updatedAt: at } }), error: null };
  });
  if (outcome.error) throw outcome.error;
  return outcome.row;
}

async function findChallenge(db: DbOrTx, selector: ChallengeSelector): Promise<ScaChallengeRow> {
  const purposes = Array.isArray(selector.purpose) ? selector.purpose : [selector.purpose];
  const where = { platformId: selector.platformId, customerId: selector.customerId, purpose: { in: purposes }, ...(selector.subjectId && { subjectId: selector.subjectId }) };
  if (selector.challengeId) {
    const id = parseId("ScaChallenge", selector.challengeId);
    const row = id ? await db.scaChallenge.findFirst({ where: { ...where, id } }) : null;
    if (!row) throw invalidInput([{ field: "challengeId", message: "is not a challenge of this customer and action", constraint: { format: "ScaChallenge:<uuid>" } }]);
    return row;
  }
  const row = await db.scaChallenge.findFirst({ where: { ...where, status: "PENDING" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  if (!row) throw invalidInput([{ field: "challengeId", message: "no challenge is waiting for this action; start one first", constraint: { required: true } }]);
  return row;
}

async function checkProof(db: DbOrTx, row: ScaChallengeRow, proof: ScaProof): Promise<ServiceError | null> {
  const unauthorized = (reason: string) => new ServiceError("UNAUTHORIZED", reason, { details: { reason } });
  if (row.factor !== "PASSKEY") {
    if (!proof.code) return invalidInput([{ field: "code", message: `is required for ${row.factor}`, constraint: { required: true } }]);
    return proof.code === SANDBOX_SCA_CODE ? null : unauthorized("Invalid SCA code");
  }
  if (!proof.passkeyAssertion || !proof.origin)
    return invalidInput([{ field: "passkeyAssertion", message: "passkeyAssertion and origin are required for PASSKEY", constraint: { required: true } }]);
  if (proof.origin !== scaOrigin()) return unauthorized(`Passkey origin ${proof.origin} is not allowed`);
  const customer = await db.customer.findUniqueOrThrow({ where: { id: row.customerId } });
  const passkeys = (await availableFactors(db, customer)).filter((f) => f.factor === "PASSKEY").map((f) => f.credentialId);
  const assertion = proof.passkeyAssertion as { credentialId?: unknown; signature?: unknown };
  if (typeof assertion.credentialId !== "string" || !passkeys.includes(assertion.credentialId)) return unauthorized("Passkey is not enrolled for this customer");
  return assertion.signature === SANDBOX_PASSKEY_SIGNATURE ? null : unauthorized("Invalid passkey signature");
}
