import type { Tx } from "../db";
import { ServiceError } from "../http/errors";

/**
 * An email is added as the EMAIL_OTP credential of at most one wallet of a platform, compared
 * without case (SPEC.md 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS): checked when a credential takes the
 * email (an add, a customer's email change). The check holds a lock on the email until the caller's
 * transaction ends, so of two takers at once the second sees the first's credential. Not a unique
 * index: a wallet is always born with its customer's email (SPEC.md "initialized with an EMAIL_OTP
 * credential"; customers may share an email) and must keep a credential.
 * Throws: EMAIL_OTP_EMAIL_ALREADY_EXISTS.
 */
export async function assertEmailOtpEmailFree(tx: Tx, input: { platformId: string; email: string; exceptWalletId?: string }): Promise<void> {
  // Its own statement: a statement reads from the snapshot it started with, before any wait for the lock.
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`email-otp:${input.platformId}:${input.email.toLowerCase()}`}, 0))::text`;
  const taken = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM "WalletAuthMethod"
    WHERE "platformId" = ${input.platformId}::uuid AND "type" = 'EMAIL_OTP' AND "revokedAt" IS NULL AND lower("nickname") = lower(${input.email})
      AND "internalAccountId" IS DISTINCT FROM ${input.exceptWalletId ?? null}::uuid`;
  if (taken.length > 0)
    throw new ServiceError(
      "EMAIL_OTP_EMAIL_ALREADY_EXISTS",
      `The email ${input.email} is already the EMAIL_OTP credential of another wallet of this platform: give this customer another email, or remove that credential first`,
    );
}
