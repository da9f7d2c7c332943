import type { Db, SqlTx } from "../db";
import type { CustomerRow } from "../customers/serialize-customer";
import { authorizeScaChallenge } from "./authorize-sca-challenge";
import { createScaChallenge } from "./create-sca-challenge";
import { resendScaChallenge } from "./resend-sca-challenge";
import { isScaRegion } from "./sca-regions";
import type { ScaChallenge, ScaFactorName, ScaProof } from "./schemas";
import type { ScaChallengeRow } from "./serialize-sca-challenge";

/**
 * The hook for the quotes area (POST /quotes → 202 PENDING_AUTHORIZATION, POST
 * /quotes/{quoteId}/authorize and …/authorize/resend), BEHAVIORS.md §9.4, 10.30:
 *
 * 1. `customerNeedsSca(customer)` — quotes of this customer wait in PENDING_AUTHORIZATION.
 * 2. `openQuoteScaChallenge(tx, …)` in the quote's transaction → the quote's `scaChallenge`.
 * 3. authorize: `authorizeQuoteScaChallenge(db, …)` BEFORE the transaction that moves the quote
 *    on (it commits wrong-answer counts itself). Then, if another step needs authorizing
 *    (conversion then payout), open the next challenge and stay PENDING_AUTHORIZATION.
 * 4. resend: `resendQuoteScaChallenge(db, …)` → answer 204.
 */
export const QUOTE_SCA_PURPOSES = ["CURRENCY_CONVERSION", "PAYOUT", "TRANSFER"] as const;
export type QuoteScaPurpose = (typeof QUOTE_SCA_PURPOSES)[number];

export function customerNeedsSca(customer: Pick<CustomerRow, "region">): boolean {
  return isScaRegion(customer.region);
}

/**
 * Expires at the quote's expiresAt at the latest. `scaFactor`: the factor the quote request named (else SMS_OTP when enrolled).
 * Throws: INVALID_INPUT when the customer has no usable factor (phone not verified, no passkey) or not the one named.
 */
export async function openQuoteScaChallenge(
  tx: SqlTx,
  input: { platformId: string; customer: CustomerRow; quoteId: string; purpose: QuoteScaPurpose; quoteExpiresAt?: Date; scaFactor?: ScaFactorName },
): Promise<ScaChallenge> {
  const { challenge } = await createScaChallenge(tx, {
    platformId: input.platformId,
    customer: input.customer,
    purpose: input.purpose,
    subjectId: input.quoteId,
    notAfter: input.quoteExpiresAt,
    factor: input.scaFactor,
    factorField: "scaFactor",
  });
  return challenge;
}

/** Throws: ACCOUNT_LOCKED (423), RATE_LIMITED (429), UNAUTHORIZED (401 wrong code), INVALID_INPUT (nothing pending, expired). */
export async function authorizeQuoteScaChallenge(db: Db, input: { platformId: string; customerId: string; quoteId: string; authorization: ScaProof }): Promise<ScaChallengeRow> {
  return authorizeScaChallenge(db, { platformId: input.platformId, customerId: input.customerId, subjectId: input.quoteId, purpose: [...QUOTE_SCA_PURPOSES] }, input.authorization);
}

/** Throws: INVALID_INPUT (nothing pending or expired), CONFLICT (passkey challenge). */
export async function resendQuoteScaChallenge(db: Db, input: { platformId: string; customerId: string; quoteId: string }): Promise<void> {
  await resendScaChallenge(db, { platformId: input.platformId, customerId: input.customerId, subjectId: input.quoteId, purpose: [...QUOTE_SCA_PURPOSES] });
}
