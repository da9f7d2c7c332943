import type { WalletAuthMethod } from "@/lib/generated/prisma/client";
import type { Db, Tx } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId, parseId } from "../http/ids";
import { now } from "../sandbox/clock";
import { openEncryptedOtpBundle } from "../crypto/otp-bundle";
import { signVerificationToken } from "../crypto/verification-token";
import { getWalletEnclaveKey } from "./enclave-key";
import { getAuthMethodOrThrow } from "./get-auth-method-or-throw";
import { issueSealedSession, issueSessionForKey } from "./issue-session";
import { consumeOidcToken } from "./consume-oidc-token";
import { checkOidcToken } from "./oidc-token";
import { verifyPasskeyAssertion } from "./passkey";
import type { AuthSession, CredentialVerifyRequest } from "./schemas";
import { serializeAuthSession } from "./serialize";
import { consumeSignedRetry, isFirstLeg, issueSignedRetry, type SignedResult, type SignedRetryHeaders } from "./signed-retry";
import { otpReissueWait } from "./otp-reissue-wait";
import { LEGACY_PASSKEY_SIGNATURE, MAX_OTP_FAILED_ATTEMPTS, SANDBOX_OTP_CODE } from "./wallet-auth-config";

/**
 * POST /auth/credentials/{id}/verify (SPEC.md). EMAIL_OTP/SMS_OTP: open the bundle, check the code,
 * 202 with a verification token bound to the bundle's key; the retry signed by that key → 200
 * AuthSession (no sealed key). OAUTH: token checks, one session per token, then a sealed session. PASSKEY: the challenge's
 * Request-Id, a WebAuthn assertion (or the legacy literal), then a session sealed to the
 * challenge's clientPublicKey. A wrong OTP code is counted (committed although the call fails): after
 * MAX_OTP_FAILED_ATTEMPTS the challenge answers 429 RATE_LIMITED until a new code is requested.
 */
export async function verifyCredential(db: Db, input: { platformId: string; id: string; request: CredentialVerifyRequest; headers: SignedRetryHeaders; fingerprint: string }): Promise<SignedResult<AuthSession>> {
  const result = await db.$transaction(async (tx): Promise<SignedResult<AuthSession> | Refused> => {
    // Locked: a delete of this credential racing the verify waits for it and then revokes the new
    // session, or commits first and the verify answers 404; unlocked, the session outlived the credential.
    const method = await getAuthMethodOrThrow(tx, input.platformId, input.id, { isLocking: true });
    if (method.type !== input.request.type)
      throw invalidInput([{ field: "type", message: `must be ${method.type}, the type of credential ${input.id}`, constraint: { enum: [method.type] } }]);
    const at = await now(tx, input.platformId);
    const request = input.request;
    switch (request.type) {
      case "EMAIL_OTP":
      case "SMS_OTP":
        return verifyOtp(tx, { method, encryptedOtpBundle: request.encryptedOtpBundle, headers: input.headers, fingerprint: input.fingerprint, at });
      case "OAUTH": {
        const token = checkOidcToken(request.oidcToken, {
          mode: "verify",
          nowSeconds: Math.floor(at.getTime() / 1000),
          clientPublicKey: request.clientPublicKey,
          identity: { iss: method.oauthIssuer ?? "", aud: method.oauthAudience ?? "", sub: method.oauthSubject ?? "" },
        });
        await consumeOidcToken(tx, { platformId: input.platformId, token, at });
        const { session, encryptedSessionSigningKey } = await issueSealedSession(tx, method, request.clientPublicKey, at);
        return { kind: "done", value: serializeAuthSession(session, method, encryptedSessionSigningKey) };
      }
      case "PASSKEY":
        return { kind: "done", value: await verifyPasskey(tx, { method, assertion: request.assertion, requestId: input.headers.requestId, at }) };
    }
  });
  if (result.kind === "refused") throw result.error;
  return result;
}

/** An answer refused after writing something that must stay (a wrong OTP code counted): thrown once committed. */
interface Refused {
  kind: "refused";
  error: ServiceError;
}

async function verifyOtp(tx: Tx, input: { method: WalletAuthMethod; encryptedOtpBundle: string; headers: SignedRetryHeaders; fingerprint: string; at: Date }): Promise<SignedResult<AuthSession> | Refused> {
  const { method, at } = input;
  const scope = { platformId: method.platformId, internalAccountId: method.internalAccountId, operation: `OTP_VERIFY:${method.id}`, fingerprint: input.fingerprint };
  if (!isFirstLeg(input.headers)) {
    const signer = await consumeSignedRetry(tx, { ...scope, headers: input.headers });
    const session = await issueSessionForKey(tx, method, signer.request.signerPublicKey!, at);
    return { kind: "done", value: serializeAuthSession(session, method) };
  }

  const challenge = await tx.walletOtpChallenge.findFirst({ where: { authMethodId: method.id, consumedAt: null, expiresAt: { gt: at } }, orderBy: { createdAt: "desc" } });
  if (!challenge) throw unauthorized("no active OTP challenge", "No active OTP code for this credential; call POST /auth/credentials/{id}/challenge for a fresh code and target bundle");
  // The credential's row lock (above) serializes verifies, so this count cannot be outrun by parallel guesses.
  if (challenge.failedAttempts >= MAX_OTP_FAILED_ATTEMPTS) throw tooManyWrongCodes((await otpReissueWait(tx, method, at)).waitMs);
  const opened = await openEncryptedOtpBundle(input.encryptedOtpBundle, { privateKeyHex: challenge.targetPrivateKeyHex, publicKeyUncompressedHex: challenge.targetPublicKeyHex });
  if (!opened.ok && opened.kind === "malformed")
    throw invalidInput([{ field: "encryptedOtpBundle", message: `${opened.reason}; send the JSON text {"encappedPublic","ciphertext"} as a string`, constraint: { format: "json-string" } }]);
  if (!opened.ok) throw unauthorized(opened.kind === "undecryptable" ? "OTP bundle decryption failed" : "OTP bundle plaintext invalid", opened.reason);
  if (opened.otpCode !== SANDBOX_OTP_CODE) {
    await tx.walletOtpChallenge.update({ where: { id: challenge.id }, data: { failedAttempts: { increment: 1 } } });
    return { kind: "refused", error: unauthorized("Invalid OTP code", "Invalid OTP code") };
  }
  // Consumed only if still unconsumed: of verifies racing with the same code, the first to commit wins.
  const consumed = await tx.walletOtpChallenge.updateMany({ where: { id: challenge.id, consumedAt: null }, data: { consumedAt: at } });
  if (consumed.count !== 1) throw unauthorized("OTP code already used", "This OTP code was already used; call POST /auth/credentials/{id}/challenge for a fresh code and target bundle");

  const enclave = await getWalletEnclaveKey(tx, method.platformId);
  const challengeBody = await issueSignedRetry(tx, {
    ...scope,
    signerPublicKey: opened.publicKeyCompressedHex,
    buildPayload: ({ requestId, expiresAt }) =>
      signVerificationToken(
        {
          id: requestId,
          verification_type: method.type === "SMS_OTP" ? "OTP_TYPE_SMS" : "OTP_TYPE_EMAIL",
          contact: method.nickname,
          organization_id: formatId("InternalAccount", method.internalAccountId),
          public_key: opened.publicKeyCompressedHex,
          exp: String(expiresAt.getTime()),
        },
        enclave.privateKeyHex,
      ),
  });
  return { kind: "challenge", challenge: challengeBody };
}

async function verifyPasskey(
  tx: Tx,
  input: { method: WalletAuthMethod; assertion: Extract<CredentialVerifyRequest, { type: "PASSKEY" }>["assertion"]; requestId?: string; at: Date },
): Promise<AuthSession> {
  const { method, assertion, at } = input;
  if (!input.requestId) throw new ServiceError("REQUEST_ID_MISSING", "PASSKEY verify needs the Request-Id header: the requestId of POST /auth/credentials/{id}/challenge", { details: { reason: "Request-Id missing" } });
  const id = parseId("Request", input.requestId);
  const pending = id ? await tx.walletSignedRequest.findFirst({ where: { id, platformId: method.platformId, operation: "PASSKEY_CHALLENGE", requestFingerprint: method.id } }) : null;
  if (!pending) throw unauthorized("unknown requestId", `Unknown passkey challenge ${input.requestId} for this credential; call POST /auth/credentials/{id}/challenge`);
  if (pending.usedAt) throw unauthorized("requestId already used", `Passkey challenge ${input.requestId} was already used; request a new challenge`);
  if (pending.expiresAt.getTime() <= at.getTime()) throw unauthorized("requestId expired", `Passkey challenge ${input.requestId} expired; request a new challenge`);
  if (assertion.credentialId !== method.credentialId) throw unauthorized("credentialId mismatch", "Invalid passkey signature");

  if (assertion.signature !== LEGACY_PASSKEY_SIGNATURE) {
    const newCounter = await verifyPasskeyAssertion(pending.payloadToSign, assertion, {
      credentialId: method.credentialId,
      publicKey: new Uint8Array(method.passkeyPublicKey ?? []),
      counter: method.passkeyCounter,
      transports: method.passkeyTransports,
    });
    await tx.walletAuthMethod.update({ where: { id: method.id }, data: { passkeyCounter: newCounter, updatedAt: at } });
  }
  const consumed = await tx.walletSignedRequest.updateMany({ where: { id: pending.id, usedAt: null }, data: { usedAt: at } });
  if (consumed.count !== 1) throw unauthorized("requestId already used", `Passkey challenge ${input.requestId} was already used; request a new challenge`);
  const clientPublicKey = (pending.data as { clientPublicKey: string }).clientPublicKey;
  const refreshed = await tx.walletAuthMethod.findUniqueOrThrow({ where: { id: method.id } });
  const { session, encryptedSessionSigningKey } = await issueSealedSession(tx, refreshed, clientPublicKey, at);
  return serializeAuthSession(session, refreshed, encryptedSessionSigningKey);
}

/** Retry-After: when POST /auth/credentials/{id}/challenge will issue the new code (0 = now). */
function tooManyWrongCodes(waitMs: number): ServiceError {
  const seconds = Math.ceil(waitMs / 1000);
  return new ServiceError("RATE_LIMITED", `Too many wrong codes for this OTP (${MAX_OTP_FAILED_ATTEMPTS}); call POST /auth/credentials/{id}/challenge for a new code and target bundle${seconds > 0 ? ` in ${seconds} s` : ""}`, {
    headers: { "Retry-After": String(seconds) },
    details: { retryAfterSeconds: seconds },
  });
}

function unauthorized(reason: string, message: string): ServiceError {
  return new ServiceError("UNAUTHORIZED", message, { details: { reason } });
}
