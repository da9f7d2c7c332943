import type { WalletAuthMethod } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId, uuidv7 } from "../http/ids";
import { otpEncryptionTargetBundle } from "../crypto/enclave-envelope";
import { generateP256KeyPair } from "../crypto/p256-keys";
import { getWalletEnclaveKey } from "./enclave-key";
import { otpReissueWait } from "./otp-reissue-wait";
import { CHALLENGE_TTL_MS, MAX_OTP_FAILED_ATTEMPTS } from "./wallet-auth-config";

/**
 * Issues a fresh OTP (sandbox code 000000; nothing is sent) for an EMAIL_OTP/SMS_OTP credential: a
 * new HPKE target key pair, superseding earlier ones, and the `otpEncryptionTargetBundle` signed by
 * the platform's enclave key. At most one issuance per 30 s of sandbox time per credential while the
 * last code can still be used (`enforceRateLimit`, `otpReissueWait`). Throws 429 RATE_LIMITED with Retry-After.
 */
export async function issueOtpChallenge(tx: Tx, method: WalletAuthMethod, at: Date, options: { enforceRateLimit: boolean }): Promise<string> {
  if (options.enforceRateLimit) {
    const { waitMs, isLastCodeSpent } = await otpReissueWait(tx, method, at);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new ServiceError(
        "RATE_LIMITED",
        isLastCodeSpent
          ? `The last code took ${MAX_OTP_FAILED_ATTEMPTS} wrong codes and accepts no more; a new code can be issued 30 seconds after the last one: retry in ${seconds} s`
          : `A code was issued less than 30 seconds ago and is still valid: encrypt it to the otpEncryptionTargetBundle of that response (the credential's registration, POST /auth/credentials, or the last challenge) and call POST /auth/credentials/{id}/verify. For a new code, retry in ${seconds} s`,
        { headers: { "Retry-After": String(seconds) }, details: { retryAfterSeconds: seconds } },
      );
    }
  }
  const platform = await tx.platform.findUniqueOrThrow({ where: { id: method.platformId }, select: { embeddedWalletConfig: true } });
  const configured = (platform.embeddedWalletConfig as { expirationSeconds?: number } | null)?.expirationSeconds;
  const ttlMs = typeof configured === "number" && configured > 0 ? configured * 1000 : CHALLENGE_TTL_MS;

  const target = generateP256KeyPair();
  await tx.walletOtpChallenge.updateMany({ where: { authMethodId: method.id, consumedAt: null }, data: { consumedAt: at } });
  await tx.walletOtpChallenge.create({
    data: {
      id: uuidv7(),
      platformId: method.platformId,
      authMethodId: method.id,
      targetPrivateKeyHex: target.privateKeyHex,
      targetPublicKeyHex: target.publicKeyUncompressedHex,
      expiresAt: new Date(at.getTime() + ttlMs),
      createdAt: at,
    },
  });
  await tx.walletAuthMethod.update({ where: { id: method.id }, data: { lastOtpIssuedAt: at } });
  const enclave = await getWalletEnclaveKey(tx, method.platformId);
  return otpEncryptionTargetBundle({
    targetPublicKeyUncompressedHex: target.publicKeyUncompressedHex,
    organizationId: formatId("InternalAccount", method.internalAccountId),
    enclavePrivateKeyHex: enclave.privateKeyHex,
  });
}
