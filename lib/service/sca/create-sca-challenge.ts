import { Prisma } from "@/lib/generated/prisma/client";
import { columnsOf } from "@/lib/db/sql";
import type { SqlTx } from "../db";
import type { CustomerRow } from "../customers/serialize-customer";
import { invalidInput } from "../http/errors";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { availableFactors } from "./available-factors";
import type { ScaChallenge, ScaFactorName } from "./schemas";
import { isPerTransaction, serializeScaChallenge, type ScaChallengeRow } from "./serialize-sca-challenge";

/** A challenge is answered within 5 minutes; a resend does not extend it. */
export const SCA_CHALLENGE_TTL_SECONDS = 300;

/**
 * Opens an SCA challenge for the customer, in the caller's transaction. `purpose` names what it
 * authorizes (LOGIN, CURRENCY_CONVERSION, PAYOUT, TRANSFER, TRUST_BENEFICIARY, …) and `subjectId`
 * the thing (a quote's or external account's bare uuid). Per-action challenges offer SMS_OTP and
 * PASSKEY only; the factor defaults to SMS_OTP, else the first passkey. For the quotes area:
 * call it when a quote of an SCA-region customer waits in PENDING_AUTHORIZATION and return
 * `challenge` as the quote's `scaChallenge`. Throws: INVALID_INPUT (the factor is not enrolled, or
 * the customer has no factor: verify its phone number first). `notAfter`: it expires then at the
 * latest (a quote's challenge lives no longer than the quote's locked rate).
 */
export async function createScaChallenge(
  tx: SqlTx,
  // factorField: the request field that named `factor`, for the error that refuses it.
  input: { platformId: string; customer: CustomerRow; purpose: string; subjectId?: string; factor?: ScaFactorName; factorField?: string; notAfter?: Date },
): Promise<{ row: ScaChallengeRow; challenge: ScaChallenge }> {
  const { platformId, customer, purpose } = input;
  const usable = (await availableFactors(tx, customer)).filter((f) => !isPerTransaction(purpose) || f.factor !== "TOTP");
  const names = [...new Set(usable.map((f) => f.factor))];
  const factor = input.factor ?? (names.includes("SMS_OTP") ? "SMS_OTP" : names[0]);
  if (!factor || !names.includes(factor))
    throw invalidInput([
      {
        field: input.factorField ?? "factor",
        message: factor
          ? `${factor} is not available for this customer${factor === "TOTP" && isPerTransaction(purpose) ? " (TOTP cannot authorize a single action)" : ""}; available: ${names.join(", ") || "none"}`
          : "the customer has no SCA factor: verify its phone number (POST /customers/{customerId}/verify-phone) or enroll a passkey",
        constraint: { enum: names },
      },
    ]);
  const at = await now(tx, platformId);
  const expiresAt = new Date(Math.min(at.getTime() + SCA_CHALLENGE_TTL_SECONDS * 1000, input.notAfter?.getTime() ?? Infinity));
  // Raw: a quote opens one inside its payment transaction, which may be a bare pg connection (sqlTransaction).
  const [row] = await tx.$queryRaw<ScaChallengeRow[]>`
    INSERT INTO "ScaChallenge" ("id", "platformId", "customerId", "purpose", "subjectId", "factor", "status", "expiresAt", "createdAt", "updatedAt")
    VALUES (${uuidv7(at.getTime())}::uuid, ${platformId}::uuid, ${customer.id}::uuid, ${purpose}, ${input.subjectId ?? null}::uuid, ${factor}, 'PENDING',
      ${expiresAt}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)
    RETURNING ${columnsOf(Prisma.ScaChallengeScalarFieldEnum)}`;
  const passkeys = usable.filter((f) => f.factor === "PASSKEY").map((f) => f.credentialId!);
  return { row: row!, challenge: serializeScaChallenge(row!, names, passkeys) };
}
