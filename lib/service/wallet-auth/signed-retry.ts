import { createHash } from "node:crypto";
import type { Prisma, WalletSignedRequest } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";
import { ServiceError, type ErrorCode } from "../http/errors";
import { formatId, parseId, uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { parseWalletStamp, verifyWalletStamp } from "../crypto/wallet-stamp";
import { activeCredentialSetHash } from "./credential-set";
import { activityPayload } from "./activity-payload";
import { inactiveSessionError } from "./inactive-session-error";

/**
 * The one signed-retry mechanism (SPEC.md "Signed-retry flows", WALLET-CRYPTO.md §4) behind
 * credential add/delete, session revoke/refresh, OTP verify, wallet export and privacy, delegated
 * keys and quote execution from an embedded wallet:
 *
 * 1. first call (no `Service-Wallet-Signature`, no `Request-Id`) → 202 {payloadToSign, requestId,
 *    expiresAt ≈ 5 min}; the request's fingerprint (method, path, canonical body) is stored with it;
 * 2. the retry repeats the same request with both headers; the signature must verify over the exact
 *    stored payloadToSign with the key of an active session of that wallet (or, for OTP verify, the
 *    key from the OTP bundle); the legacy literal `sandbox-valid-signature` is accepted;
 * 3. the requestId is single use (consumed in the caller's transaction, so a failed action leaves it
 *    usable).
 *
 * A chained flow (delegated keys: 202 → 202 → 201) answers a signed retry with the next challenge
 * instead of the result; see runChainedSignedRetry.
 */

export const SIGNED_RETRY_TTL_MS = 5 * 60 * 1000;
export const LEGACY_SANDBOX_SIGNATURE = "sandbox-valid-signature";

export interface SignedRetryHeaders {
  signature?: string;
  requestId?: string;
}

export interface SignedRetryChallenge {
  payloadToSign: string;
  requestId: string;
  expiresAt: string;
}

export interface SignedRetryScope {
  platformId: string;
  /** the wallet (EMBEDDED_WALLET internal account, plain uuid) whose sessions may sign */
  internalAccountId: string;
  /** what the retry does, e.g. "CREATE_CREDENTIAL" */
  operation: string;
  /** requestFingerprint(method, path, body) */
  fingerprint: string;
}

export interface VerifiedSigner {
  request: WalletSignedRequest;
  /** the session whose key signed; null for the legacy literal or a fixed signer key */
  sessionId: string | null;
  /** the compressed key that signed; null for the legacy literal */
  publicKeyHex: string | null;
}

/** sha256 of `METHOD path canonical-json(body)`: the retry must repeat exactly this. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method.toUpperCase()} ${path} ${canonicalJson(body ?? null)}`).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** Whether this call is the first leg (neither header present). */
export function isFirstLeg(headers: SignedRetryHeaders): boolean {
  return !headers.signature && !headers.requestId;
}

/**
 * Stores a pending signed request and returns the 202 body. `buildPayload` receives the requestId
 * and expiry so the payload can embed them. `signerPublicKey` pins the signer (OTP verify);
 * `trackCredentialSet` makes the retry fail with 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED if the
 * wallet's credentials change in between.
 */
export async function issueSignedRetry(
  tx: Tx,
  scope: SignedRetryScope & {
    buildPayload: (ctx: { requestId: string; issuedAt: Date; expiresAt: Date }) => string;
    signerPublicKey?: string;
    trackCredentialSet?: boolean;
    data?: Prisma.InputJsonValue;
    ttlMs?: number;
  },
): Promise<SignedRetryChallenge> {
  const issuedAt = await now(tx, scope.platformId);
  const expiresAt = new Date(issuedAt.getTime() + (scope.ttlMs ?? SIGNED_RETRY_TTL_MS));
  const id = uuidv7();
  const requestId = formatId("Request", id);
  const payloadToSign = scope.buildPayload({ requestId, issuedAt, expiresAt });
  await tx.walletSignedRequest.create({
    data: {
      id,
      platformId: scope.platformId,
      internalAccountId: scope.internalAccountId,
      operation: scope.operation,
      requestFingerprint: scope.fingerprint,
      payloadToSign,
      signerPublicKey: scope.signerPublicKey ?? null,
      credentialSetHash: scope.trackCredentialSet ? await activeCredentialSetHash(tx, scope.platformId, scope.internalAccountId) : null,
      ...(scope.data !== undefined && { data: scope.data }),
      expiresAt,
      createdAt: issuedAt,
    },
  });
  return { payloadToSign, requestId, expiresAt: expiresAt.toISOString() };
}

/**
 * Checks the retry leg and consumes its requestId. `excludeAuthMethodId`: sessions of that
 * credential may not sign (deleting a credential needs a session of another one). Throws 401
 * REQUEST_ID_MISSING, WALLET_SIGNATURE_MISSING, WALLET_SIGNATURE_MALFORMED,
 * WALLET_SIGNATURE_INVALID (unknown, used or expired requestId; wrong key; bad signature),
 * WALLET_SIGNATURE_BODY_MISMATCH; 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED.
 */
export async function consumeSignedRetry(
  tx: Tx,
  // Several operations: the retry may answer any challenge of a chain (see runChainedSignedRetry).
  scope: Omit<SignedRetryScope, "operation"> & { operation: string | readonly string[]; headers: SignedRetryHeaders; excludeAuthMethodId?: string },
): Promise<VerifiedSigner> {
  const { headers } = scope;
  if (!headers.requestId) throw unauthorized("REQUEST_ID_MISSING", "A signed retry must carry the Request-Id header with the requestId of the 202 response", "Request-Id missing");
  if (!headers.signature)
    throw unauthorized("WALLET_SIGNATURE_MISSING", "Repeat the request with Service-Wallet-Signature: the stamp over payloadToSign made with an active session key of the wallet", "Service-Wallet-Signature missing");

  const at = await now(tx, scope.platformId);
  const id = parseId("Request", headers.requestId);
  const request = id ? await tx.walletSignedRequest.findFirst({ where: { id, platformId: scope.platformId } }) : null;
  if (!request || request.operation === "PASSKEY_CHALLENGE")
    throw unauthorized("WALLET_SIGNATURE_INVALID", `Unknown requestId ${headers.requestId}; send the request without signature headers to get a new payloadToSign`, "unknown requestId");
  if (request.usedAt) throw unauthorized("WALLET_SIGNATURE_INVALID", `requestId ${headers.requestId} was already used; each requestId is single use. Start again without signature headers`, "requestId already used");
  if (request.expiresAt.getTime() <= at.getTime())
    throw unauthorized("WALLET_SIGNATURE_INVALID", `requestId ${headers.requestId} expired at ${request.expiresAt.toISOString()}; start again without signature headers`, "requestId expired");
  const operations: readonly string[] = typeof scope.operation === "string" ? [scope.operation] : scope.operation;
  if (!operations.includes(request.operation) || request.internalAccountId !== scope.internalAccountId || request.requestFingerprint !== scope.fingerprint)
    throw unauthorized("WALLET_SIGNATURE_BODY_MISMATCH", "The signed retry must repeat exactly the request (method, path and body) that the requestId was issued for", "request differs from the one the requestId was issued for");

  let publicKeyHex: string | null = null;
  if (headers.signature !== LEGACY_SANDBOX_SIGNATURE) {
    const stamp = parseWalletStamp(headers.signature);
    if (!stamp.ok) throw unauthorized("WALLET_SIGNATURE_MALFORMED", `Malformed Service-Wallet-Signature: ${stamp.reason}`, stamp.reason);
    if (!verifyWalletStamp(stamp, request.payloadToSign)) throw invalidSignature("signature does not verify over payloadToSign");
    publicKeyHex = stamp.publicKeyHex;
  }

  if (request.credentialSetHash && request.credentialSetHash !== (await activeCredentialSetHash(tx, scope.platformId, scope.internalAccountId)))
    throw new ServiceError("EMAIL_OTP_CREDENTIAL_SET_CHANGED", "The wallet's credentials changed after this requestId was issued; send the request again without signature headers for a fresh payloadToSign");

  let sessionId: string | null = null;
  if (publicKeyHex && request.signerPublicKey) {
    if (publicKeyHex !== request.signerPublicKey) throw invalidSignature("stamp publicKey is not the key from the OTP bundle");
  } else if (publicKeyHex) {
    const session = await tx.walletAuthSession.findFirst({
      where: {
        platformId: scope.platformId,
        internalAccountId: scope.internalAccountId,
        publicKeyHex,
        revokedAt: null,
        expiresAt: { gt: at },
        ...(scope.excludeAuthMethodId && { authMethodId: { not: scope.excludeAuthMethodId } }),
      },
      orderBy: { createdAt: "desc" },
    });
    if (!session)
      throw await inactiveSessionError(tx, { platformId: scope.platformId, internalAccountId: scope.internalAccountId, publicKeyHex, at, otherThanAuthMethodId: scope.excludeAuthMethodId });
    sessionId = session.id;
  }

  const consumed = await tx.walletSignedRequest.updateMany({ where: { id: request.id, usedAt: null }, data: { usedAt: at } });
  if (consumed.count !== 1) throw unauthorized("WALLET_SIGNATURE_INVALID", `requestId ${headers.requestId} was already used; each requestId is single use`, "requestId already used");
  return { request, sessionId, publicKeyHex };
}

function unauthorized(code: ErrorCode, message: string, reason: string): ServiceError {
  return new ServiceError(code, message, { details: { reason } });
}

function invalidSignature(reason: string): ServiceError {
  return unauthorized("WALLET_SIGNATURE_INVALID", "Invalid Service-Wallet-Signature", reason);
}

export type SignedResult<T, C extends SignedRetryChallenge = SignedRetryChallenge> = { kind: "challenge"; challenge: C } | { kind: "done"; value: T };

/** What one challenge asks the wallet to sign (an activity payload) and what its requestId carries to the retry. */
export interface SignedRetryActivity {
  operation: string;
  activityType: string;
  parameters: Record<string, unknown>;
  /** stored with the requestId; the retry reads it back as `signer.request.data` */
  data?: Prisma.InputJsonValue;
}

async function issueActivityChallenge(tx: Tx, scope: SignedRetryScope & SignedRetryActivity & { trackCredentialSet?: boolean }): Promise<SignedRetryChallenge> {
  const organizationId = formatId("InternalAccount", scope.internalAccountId);
  return issueSignedRetry(tx, {
    ...scope,
    buildPayload: ({ requestId, issuedAt }) => activityPayload({ type: scope.activityType, organizationId, requestId, issuedAt, parameters: scope.parameters }),
  });
}

/**
 * The whole pattern for one flow: first leg → 202 challenge with an activity payload
 * (`activityType`, `parameters`); retry → verify and consume, then `action`.
 */
export async function runSignedRetry<T>(
  tx: Tx,
  scope: SignedRetryScope & {
    headers: SignedRetryHeaders;
    activityType: string;
    parameters: Record<string, unknown>;
    trackCredentialSet?: boolean;
    excludeAuthMethodId?: string;
  },
  action: (signer: VerifiedSigner) => Promise<T>,
): Promise<SignedResult<T>> {
  if (isFirstLeg(scope.headers)) return { kind: "challenge", challenge: await issueActivityChallenge(tx, scope) };
  const signer = await consumeSignedRetry(tx, scope);
  return { kind: "done", value: await action(signer) };
}

/** What the signed retry of one challenge of a chain leads to: another challenge (202, its body plus `extra`) or the result. */
export type SignedRetryStep<T, E extends object> = { next: SignedRetryActivity; extra: E } | { value: T };

/**
 * A signed retry of several legs, each signed like a one-leg retry: the first call answers the
 * challenge of `first`; a retry is verified and its requestId consumed, then
 * `onSigned[<operation the requestId was issued for>]` answers the next challenge or the result.
 * Every leg repeats the same request (one fingerprint) and each requestId is single use, so no leg
 * can be replayed. Throws what consumeSignedRetry throws, and what `onSigned` throws.
 */
export async function runChainedSignedRetry<T, E extends object>(
  tx: Tx,
  scope: Omit<SignedRetryScope, "operation"> & {
    headers: SignedRetryHeaders;
    first: SignedRetryActivity;
    onSigned: Record<string, (signer: VerifiedSigner) => Promise<SignedRetryStep<T, E>>>;
  },
): Promise<SignedResult<T, SignedRetryChallenge | (SignedRetryChallenge & E)>> {
  if (isFirstLeg(scope.headers)) return { kind: "challenge", challenge: await issueActivityChallenge(tx, { ...scope, ...scope.first }) };
  const signer = await consumeSignedRetry(tx, { ...scope, operation: Object.keys(scope.onSigned) });
  const step = await scope.onSigned[signer.request.operation]!(signer);
  if ("value" in step) return { kind: "done", value: step.value };
  const challenge = await issueActivityChallenge(tx, { ...scope, ...step.next });
  return { kind: "challenge", challenge: { ...challenge, ...step.extra } };
}
