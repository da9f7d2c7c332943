import { createHash } from "node:crypto";
import type { Db } from "../db";
import { invalidInput } from "../http/errors";
import { formatId, uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { getAuthMethodOrThrow } from "./get-auth-method-or-throw";
import { issueOtpChallenge } from "./issue-otp-challenge";
import { serializeAuthMethod } from "./serialize";
import { CHALLENGE_TTL_MS } from "./wallet-auth-config";

/**
 * POST /auth/credentials/{id}/challenge. EMAIL_OTP/SMS_OTP: a fresh code and target bundle (rate
 * limited, 429 + Retry-After). PASSKEY: `clientPublicKey` required; answers the hex SHA-256 of the
 * session-creation activity that embeds it, with a requestId for verify (WALLET-CRYPTO.md §5.2).
 * OAUTH has no challenge (400).
 */
export async function issueCredentialChallenge(db: Db, input: { platformId: string; id: string; clientPublicKey?: string }) {
  return db.$transaction(async (tx) => {
    // Locked: concurrent challenges all read the same lastOtpIssuedAt, passed the 30 s limit and
    // each issued a live code; one at a time, the others see the first one's time (429).
    const method = await getAuthMethodOrThrow(tx, input.platformId, input.id, { isLocking: true });
    const at = await now(tx, input.platformId);
    if (method.type === "EMAIL_OTP" || method.type === "SMS_OTP") {
      const otpEncryptionTargetBundle = await issueOtpChallenge(tx, method, at, { enforceRateLimit: true });
      return { ...serializeAuthMethod(method), otpEncryptionTargetBundle };
    }
    if (method.type === "OAUTH")
      throw invalidInput([{ field: "id", message: "OAUTH credentials have no challenge; call POST /auth/credentials/{id}/verify with a fresh oidcToken and clientPublicKey", constraint: { enum: ["EMAIL_OTP", "SMS_OTP", "PASSKEY"] } }]);
    if (!input.clientPublicKey)
      throw invalidInput([{ field: "clientPublicKey", message: "is required for PASSKEY: the hex P-256 public key the session signing key will be sealed to", constraint: { required: true } }]);

    const id = uuidv7();
    const requestId = formatId("Request", id);
    const sessionBody = JSON.stringify({ parameters: { apiKeys: [{ publicKey: input.clientPublicKey }] }, requestId, type: "ACTIVITY_TYPE_SANDBOX_CREATE_SESSION" });
    const challenge = createHash("sha256").update(sessionBody).digest("hex");
    const expiresAt = new Date(at.getTime() + CHALLENGE_TTL_MS);
    await tx.walletSignedRequest.create({
      data: {
        id,
        platformId: input.platformId,
        internalAccountId: method.internalAccountId,
        operation: "PASSKEY_CHALLENGE",
        requestFingerprint: method.id,
        payloadToSign: challenge,
        data: { clientPublicKey: input.clientPublicKey, authMethodId: method.id },
        expiresAt,
        createdAt: at,
      },
    });
    return { ...serializeAuthMethod(method), credentialId: method.credentialId!, challenge, requestId, expiresAt: expiresAt.toISOString() };
  });
}
