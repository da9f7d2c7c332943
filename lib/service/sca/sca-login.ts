import type { Db } from "../db";
import { now } from "../sandbox/clock";
import { authorizeScaChallenge } from "./authorize-sca-challenge";
import { availableFactors } from "./available-factors";
import { createScaChallenge } from "./create-sca-challenge";
import { getScaCustomerOrThrow } from "./get-sca-customer-or-throw";
import { assertNotLocked, saveScaState } from "./sca-state";
import { relyingPartyId, scaOrigin } from "./sca-origin";
import type { ScaFactorName, ScaProof } from "./schemas";
import { passkeyRequestOptions } from "./serialize-sca-challenge";

/** An SCA login lasts 180 days (SPEC.md § Limits). */
export const SCA_SESSION_DAYS = 180;

/**
 * POST /sca/login/start: opens a LOGIN challenge with the factor (SMS code sent, TOTP expected,
 * or passkey options). BEHAVIORS.md §9.4. Throws: CONFLICT (region), ACCOUNT_LOCKED,
 * INVALID_INPUT (factor not enrolled).
 */
export async function startScaLogin(db: Db, input: { platformId: string; customerId: string; factor: ScaFactorName }) {
  const customer = await getScaCustomerOrThrow(db, input.platformId, input.customerId);
  await assertNotLocked(db, input.platformId, customer.id);
  const { row } = await createScaChallenge(db, { platformId: input.platformId, customer, purpose: "LOGIN", factor: input.factor });
  const base = { factor: input.factor, challengeId: `ScaChallenge:${row.id}`, expiresAt: row.expiresAt.toISOString() };
  if (input.factor !== "PASSKEY") return base;
  const passkeys = (await availableFactors(db, customer)).filter((f) => f.factor === "PASSKEY").map((f) => f.credentialId!);
  return { ...base, passkeyOptions: passkeyRequestOptions(row.id, passkeys), allowedOrigins: [scaOrigin()], relyingPartyId: relyingPartyId() };
}

/**
 * POST /sca/login/complete: answers the LOGIN challenge (named, or the newest waiting for the
 * factor), opens a 180-day SCA session and clears the failed-login count. Throws: CONFLICT (region), ACCOUNT_LOCKED,
 * INVALID_INPUT, RATE_LIMITED, UNAUTHORIZED (see authorizeScaChallenge).
 */
export async function completeScaLogin(db: Db, input: { platformId: string; customerId: string; factor: ScaFactorName; challengeId?: string | null; proof: ScaProof }) {
  const { platformId } = input;
  const customer = await getScaCustomerOrThrow(db, platformId, input.customerId);
  let challengeId = input.challengeId;
  // A TOTP app needs no start call: its code is already on the customer's phone. The waiting TOTP
  // challenge is reused, so wrong codes still add up to the per-challenge limit.
  if (!challengeId && input.factor === "TOTP") {
    const waiting = await db.scaChallenge.findFirst({
      where: { platformId, customerId: customer.id, purpose: "LOGIN", factor: "TOTP", status: "PENDING", expiresAt: { gt: await now(db, platformId) } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    challengeId = `ScaChallenge:${waiting?.id ?? (await createScaChallenge(db, { platformId, customer, purpose: "LOGIN", factor: "TOTP" })).row.id}`;
  }
  await authorizeScaChallenge(db, { platformId, customerId: customer.id, challengeId, purpose: "LOGIN" }, input.proof);
  const at = await now(db, platformId);
  const sessionExpiresAt = new Date(at.getTime() + SCA_SESSION_DAYS * 24 * 60 * 60 * 1000);
  // A successful login clears the failed-login count and its lockout, as sign-in limits do: failures
  // count towards a lockout only since the last successful login.
  await saveScaState(db, platformId, customer.id, { sessionExpiresAt, failedLoginCount: 0, lockedUntil: null });
  return { status: "SUCCESS", sessionExpiresAt: sessionExpiresAt.toISOString() };
}
