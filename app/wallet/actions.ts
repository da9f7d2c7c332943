"use server";

import { randomBytes } from "node:crypto";
import { actionOk, serviceErrorResult, type ActionResult } from "@/lib/client/action-result";
import type { ServiceClient } from "@/lib/client/create-client";
import { decodeStamp, verifyStamp } from "@/lib/wallet/crypto";
import { createBinding, createNonce, createPending, readPending } from "@/lib/wallet/server/tokens";
import { openLink, openLiveLink, platformClient, proveSession, WalletPageError, type SessionProof } from "@/lib/wallet/server/service";
import { describeExternalAccount, describeInternalAccount } from "./_lib/describe-destination";
import { approvedSentence, describeClosedQuote, expiredSentence, quoteState, type QuoteState } from "./_lib/quote-state";
import { findAppName, listSignInMethods, type SignInMethod } from "./_lib/sign-in-methods";

// Server actions of the end-user wallet pages. The browser sends public values only (bundles it
// encrypted, stamps it made); private keys never reach these functions.

const BINDING_TTL_MS = 24 * 60 * 60 * 1000;

function fail(code: string, message: string): ActionResult<never> {
  return { ok: false, error: { code, message } };
}

async function guard<T>(run: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WalletPageError) return fail(error.code, error.message);
    throw error;
  }
}

/**
 * The platform's time (GET /sandbox/clock), which every expiresAt is on: the page turns those into
 * the user's own clock with it. A production platform's clock is real time (the endpoint answers 403).
 */
async function platformNow(client: ServiceClient): Promise<string> {
  return (await client.GET("/sandbox/clock")).data?.now ?? new Date().toISOString();
}

/** The credential must belong to the link's wallet; answers its type. */
async function credentialOf(link: string, credentialId: string) {
  const { claims, client } = await openLiveLink(link);
  const credential = await credentialOfWallet(client, claims.accountId, credentialId, "This sign-in method is no longer on your wallet. Reload the page.");
  return { claims, client, credential };
}

/** The sign-in methods as they are now: a passkey added (or a method removed) this visit shows after sign-out. */
export async function loadSignInMethods(link: string): Promise<ActionResult<SignInMethod[]>> {
  return guard(async () => {
    const { claims, client } = await openLiveLink(link);
    return actionOk(await listSignInMethods(client, claims.accountId));
  });
}

export interface OtpStart {
  otpEncryptionTargetBundle: string;
  enclavePublicKey: string;
}

/** Sends a code to the credential's email/phone and answers the target bundle to encrypt it to. */
export async function startOtpSignIn(link: string, credentialId: string): Promise<ActionResult<OtpStart>> {
  return guard(async () => {
    const { client } = await credentialOf(link, credentialId);
    const [challenge, config] = await Promise.all([
      client.POST("/auth/credentials/{id}/challenge", { params: { path: { id: credentialId } } }),
      client.GET("/config"),
    ]);
    if (!challenge.response.ok) return serviceErrorResult(challenge.error, challenge.response.status);
    const bundle = (challenge.data as { otpEncryptionTargetBundle?: string }).otpEncryptionTargetBundle;
    const enclavePublicKey = (config.data as { walletEnclavePublicKey?: string } | undefined)?.walletEnclavePublicKey;
    if (!bundle || !enclavePublicKey) return fail("UNEXPECTED_RESPONSE", "The service did not answer with a sign-in bundle. Try again.");
    return actionOk({ otpEncryptionTargetBundle: bundle, enclavePublicKey });
  });
}

export interface SignedChallenge {
  payloadToSign: string;
  requestId: string;
}

/** First leg of OTP verify: the service opens the bundle and answers the verification token to sign. */
export async function submitOtp(link: string, credentialId: string, encryptedOtpBundle: string): Promise<ActionResult<SignedChallenge>> {
  return guard(async () => {
    const { client, credential } = await credentialOf(link, credentialId);
    const type = credential.type as "EMAIL_OTP" | "SMS_OTP";
    const res = await client.POST("/auth/credentials/{id}/verify", { params: { path: { id: credentialId } }, body: { type, encryptedOtpBundle } as never });
    if (res.response.status !== 202) return res.response.ok ? fail("UNEXPECTED_RESPONSE", "The service did not ask for a signature.") : otpError(res.error, res.response.status);
    const { payloadToSign, requestId } = res.data as unknown as SignedChallenge;
    return actionOk({ payloadToSign, requestId });
  });
}

export interface SignedIn {
  binding: string;
  sessionId: string;
  expiresAt: string;
}

/**
 * Second leg: the browser's stamp over the token; the session's key is the one the browser keeps.
 * `idempotencyKey` is the browser's for this code: sent again after a lost answer, the service
 * answers the session it already opened instead of refusing the used request (and leaving it orphaned).
 */
export async function finishOtp(link: string, credentialId: string, encryptedOtpBundle: string, requestId: string, stamp: string, idempotencyKey: string): Promise<ActionResult<SignedIn>> {
  return guard(async () => {
    if (typeof idempotencyKey !== "string" || idempotencyKey.length < 16 || idempotencyKey.length > 255) return fail("INVALID_INPUT", "The sign-in request was malformed. Reload the page and try again.");
    const { claims, client, credential } = await credentialOf(link, credentialId);
    const type = credential.type as "EMAIL_OTP" | "SMS_OTP";
    const res = await client.POST("/auth/credentials/{id}/verify", {
      params: { path: { id: credentialId } },
      body: { type, encryptedOtpBundle } as never,
      headers: { "Service-Wallet-Signature": stamp, "Request-Id": requestId, "Idempotency-Key": idempotencyKey },
    });
    if (res.response.status !== 200 || !res.data) return otpError(res.error, res.response.status);
    const session = res.data as { id?: string; expiresAt: string };
    const binding = createBinding({ accountId: claims.accountId, sessionId: session.id ?? "", publicKey: decodeStamp(stamp).publicKey }, new Date(Date.now() + BINDING_TTL_MS).toISOString());
    return actionOk({ binding, sessionId: session.id ?? "", expiresAt: session.expiresAt });
  });
}

function otpError(error: unknown, status: number): ActionResult<never> {
  const result = serviceErrorResult(error, status);
  if (!result.ok && result.error.code === "UNAUTHORIZED") {
    const reason = (error as { details?: { reason?: string }; reason?: string } | undefined)?.reason ?? (error as { details?: { reason?: string } })?.details?.reason;
    if (reason === "Invalid OTP code") return fail("INVALID_OTP", "That code is not right. Check it and try again.");
    if (reason === "no active OTP challenge") return fail("OTP_EXPIRED", "That code has expired. Send a new code.");
  }
  return result;
}

/** A fresh nonce for the browser to stamp (valid one minute, for this link's wallet). */
export async function walletNonce(link: string): Promise<ActionResult<string>> {
  return guard(async () => actionOk(createNonce(openLink(link).accountId, Date.now())));
}

export interface WalletView {
  accountId: string;
  balance: { amount: number; currency: { code: string; decimals?: number; symbol?: string } } | null;
  status: string | null;
  changes: { id: string; amount: number; effectiveAt: string; transactionId?: string }[];
  sessions: { id: string; type: string; nickname: string; createdAt: string; expiresAt: string; current: boolean }[];
  credentials: { id: string; type: string; nickname: string; createdAt: string }[];
  /** The platform's time as it answered (platformNow). */
  platformNow: string;
}

/** Balances, activity, sessions and credentials, once the browser proved a live session. */
export async function loadWallet(proof: SessionProof): Promise<ActionResult<WalletView>> {
  return guard(async () => {
    const { link, client, sessionId } = await proveSession(proof);
    const [account, changes, sessions, credentials, now] = await Promise.all([
      client.GET("/internal-accounts/{id}", { params: { path: { id: link.accountId } } }),
      client.GET("/internal-accounts/{id}/balance-changes", { params: { path: { id: link.accountId }, query: { limit: 20 } } }),
      client.GET("/auth/sessions", { params: { query: { accountId: link.accountId } } }),
      client.GET("/auth/credentials", { params: { query: { accountId: link.accountId } } }),
      platformNow(client),
    ]);
    if (!account.data) return serviceErrorResult(account.error, account.response.status);
    return actionOk({
      accountId: link.accountId,
      balance: (account.data.balance as WalletView["balance"]) ?? null,
      status: account.data.status ?? null,
      changes: ((changes.data?.changes ?? []) as WalletView["changes"]).map((c) => ({ id: c.id, amount: c.amount, effectiveAt: c.effectiveAt, ...(c.transactionId && { transactionId: c.transactionId }) })),
      sessions: (sessions.data?.data ?? []).map((s) => ({ id: s.id ?? "", type: s.type, nickname: s.nickname, createdAt: s.createdAt, expiresAt: s.expiresAt, current: s.id === sessionId })),
      credentials: (credentials.data?.data ?? []).map((c) => ({ id: c.id, type: c.type, nickname: c.nickname, createdAt: c.createdAt })),
      platformNow: now,
    });
  });
}

export interface QuoteApproval {
  id: string;
  status: string;
  /** Only a WAITING quote can be approved; the others are shown as what became of them. */
  state: QuoteState;
  expiresAt: string;
  sending: { amount: number; code: string; decimals: number };
  receiving: { amount: number; code: string; decimals: number };
  fees: number;
  /** Where the money goes, in words ("USD bank account ****6000 · Jane Doe"); the id when it cannot be read. */
  destination: string;
  description: string | null;
  /** What the wallet signs to approve it; "" once the quote no longer waits. */
  payloadToSign: string;
  /** The platform's time as it answered (platformNow). */
  platformNow: string;
}

/** A payment request of this wallet and where it stands (waiting, expired, approved); refused unless its source is this wallet. */
export async function loadQuote(proof: SessionProof, quoteId: string): Promise<ActionResult<QuoteApproval>> {
  return guard(async () => {
    const { link, client } = await proveSession(proof);
    const [res, now] = await Promise.all([client.GET("/quotes/{quoteId}", { params: { path: { quoteId } } }), platformNow(client)]);
    if (!res.data) return serviceErrorResult(res.error, res.response.status);
    const q = res.data as unknown as {
      id: string;
      status: string;
      expiresAt: string;
      source: { sourceType: string; accountId?: string };
      destination: { destinationType: string; accountId?: string; umaAddress?: string };
      sendingCurrency: { code: string; decimals?: number };
      receivingCurrency: { code: string; decimals?: number };
      totalSendingAmount: number;
      totalReceivingAmount: number;
      feesIncluded?: number;
      description?: string;
      paymentInstructions?: { accountOrWalletInfo?: { accountType?: string; payloadToSign?: string } }[];
    };
    if (q.source.accountId !== link.accountId) return fail("NOT_FOUND", "This payment is not from your wallet.");
    const state = quoteState(q, Date.parse(now));
    const payloadToSign = q.paymentInstructions?.find((p) => p.accountOrWalletInfo?.accountType === "EMBEDDED_WALLET")?.accountOrWalletInfo?.payloadToSign;
    if (state === "WAITING" && !payloadToSign) return fail("NOTHING_TO_SIGN", "This payment does not wait for a wallet signature.");
    return actionOk({
      id: q.id,
      status: q.status,
      state,
      expiresAt: q.expiresAt,
      sending: { amount: q.totalSendingAmount, code: q.sendingCurrency.code, decimals: q.sendingCurrency.decimals ?? 2 },
      receiving: { amount: q.totalReceivingAmount, code: q.receivingCurrency.code, decimals: q.receivingCurrency.decimals ?? 2 },
      fees: q.feesIncluded ?? 0,
      destination: await describeDestination(client, link.accountId, q.destination),
      description: q.description ?? null,
      payloadToSign: state === "WAITING" ? (payloadToSign ?? "") : "",
      platformNow: now,
    });
  });
}

/** The quote's destination as the end user knows it: their bank account or wallet, an account at the platform, or a UMA address. */
async function describeDestination(client: ServiceClient, walletId: string, destination: { destinationType: string; accountId?: string; umaAddress?: string }): Promise<string> {
  if (destination.umaAddress) return destination.umaAddress;
  const id = destination.accountId;
  if (!id) return destination.destinationType;
  if (id.startsWith("InternalAccount:")) {
    const [account, wallet] = await Promise.all([client.GET("/internal-accounts/{id}", { params: { path: { id } } }), client.GET("/internal-accounts/{id}", { params: { path: { id: walletId } } })]);
    return account.data ? describeInternalAccount(account.data, wallet.data?.customerId) : id;
  }
  // A payout goes to the payer's own accounts: the wallet's customer's, else (never from a wallet today) the platform's.
  const path = { externalAccountId: id };
  const customers = await client.GET("/customers/external-accounts/{externalAccountId}", { params: { path } });
  const account = customers.data ?? (await client.GET("/platform/external-accounts/{externalAccountId}", { params: { path } })).data;
  return account ? describeExternalAccount(account) : id;
}

/** Executes the quote with the browser's stamp over its exact payloadToSign. */
export async function approveQuote(proof: SessionProof, quoteId: string, signature: string): Promise<ActionResult<{ status: string; transactionId: string | null }>> {
  return guard(async () => {
    const { link, client } = await proveSession(proof);
    const current = await client.GET("/quotes/{quoteId}", { params: { path: { quoteId } } });
    if (!current.data) return serviceErrorResult(current.error, current.response.status);
    const quote = current.data as unknown as { status: string; expiresAt: string; source: { accountId?: string } };
    if (quote.source.accountId !== link.accountId) return fail("NOT_FOUND", "This payment is not from your wallet.");
    // Approved in another tab, or expired while the page was open: say so, without asking the service to run it.
    const closed = describeClosedQuote(quote, Date.now(), await findAppName(client));
    if (closed) return fail(quoteState(quote, Date.now()) === "EXPIRED" ? "QUOTE_EXPIRED" : "QUOTE_ALREADY_APPROVED", closed);
    const res = await client.POST("/quotes/{quoteId}/execute", { params: { path: { quoteId } }, headers: { "Service-Wallet-Signature": signature } });
    if (!res.data) {
      const result = serviceErrorResult(res.error, res.response.status);
      if (result.ok) return result;
      if (result.error.code === "WALLET_SIGNATURE_INVALID") {
        return fail("WALLET_SIGNATURE_INVALID", "The service refused the signature: what was signed is not exactly the payment it issued. Nothing was sent.");
      }
      // It expired or ran between the check above and now: the API's words are for the platform's developers.
      if (result.error.code === "QUOTE_EXPIRED") return fail("QUOTE_EXPIRED", expiredSentence(await findAppName(client)));
      const status = result.error.details?.status;
      if (result.error.code === "CONFLICT" && typeof status === "string" && status !== "PENDING") {
        return fail("QUOTE_ALREADY_APPROVED", approvedSentence(status));
      }
      return result;
    }
    const q = res.data as unknown as { status: string; transactionId?: string };
    return actionOk({ status: q.status, transactionId: q.transactionId ?? null });
  });
}

/**
 * Both legs of a change check that the id is the link's wallet's, before the service is asked:
 * server actions are public endpoints, so a finish leg can be called without its start.
 */
async function assertSessionOfWallet(client: ServiceClient, accountId: string, sessionId: string): Promise<void> {
  const sessions = await client.GET("/auth/sessions", { params: { query: { accountId } } });
  if (!sessions.data?.data.some((s) => s.id === sessionId)) throw new WalletPageError("NOT_FOUND", "That session is no longer active.");
}

/** The wallet's credential `credentialId`; NOT_FOUND with `missing` when it is not the wallet's. */
async function credentialOfWallet(client: ServiceClient, accountId: string, credentialId: string, missing: string) {
  const { data } = await client.GET("/auth/credentials", { params: { query: { accountId } } });
  const credential = data?.data.find((c) => c.id === credentialId);
  if (!credential) throw new WalletPageError("NOT_FOUND", missing);
  return credential;
}

/** First leg of revoking a session: the payload the browser must sign. */
export async function startRevokeSession(proof: SessionProof, sessionId: string): Promise<ActionResult<SignedChallenge>> {
  return guard(async () => {
    const { client, link } = await proveSession(proof);
    await assertSessionOfWallet(client, link.accountId, sessionId);
    const res = await client.DELETE("/auth/sessions/{id}", { params: { path: { id: sessionId } } });
    if (res.response.status !== 202 || !res.data) return serviceErrorResult(res.error, res.response.status);
    const { payloadToSign, requestId } = res.data as unknown as SignedChallenge;
    return actionOk({ payloadToSign, requestId });
  });
}

export async function finishRevokeSession(proof: SessionProof, sessionId: string, requestId: string, signature: string): Promise<ActionResult<{ revoked: true }>> {
  return guard(async () => {
    const { client, link } = await proveSession(proof);
    await assertSessionOfWallet(client, link.accountId, sessionId);
    const res = await client.DELETE("/auth/sessions/{id}", { params: { path: { id: sessionId } }, headers: { "Service-Wallet-Signature": signature, "Request-Id": requestId } });
    if (res.response.status !== 204) return serviceErrorResult(res.error, res.response.status);
    return actionOk({ revoked: true as const });
  });
}

/* ---------------------------------------------------------------- passkeys */

export interface PasskeyRegistrationOptions {
  challenge: string;
  userId: string;
  userName: string;
}

/** The platform's WebAuthn registration challenge for adding a passkey to this wallet. */
export async function passkeyRegistrationOptions(proof: SessionProof): Promise<ActionResult<PasskeyRegistrationOptions>> {
  return guard(async () => {
    const { link } = await proveSession(proof);
    return actionOk({
      challenge: randomBytes(32).toString("base64url"),
      userId: Buffer.from(link.accountId).toString("base64url"),
      userName: `wallet ${link.accountId.slice(-8)}`,
    });
  });
}

export interface PasskeyAttestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports?: ("usb" | "nfc" | "ble" | "internal" | "hybrid")[];
}

function passkeyBody(accountId: string, nickname: string, challenge: string, attestation: PasskeyAttestation) {
  return { type: "PASSKEY" as const, accountId, nickname, challenge, attestation };
}

/** First leg of adding a passkey: the service answers what the session must sign. */
export async function startAddPasskey(proof: SessionProof, nickname: string, challenge: string, attestation: PasskeyAttestation): Promise<ActionResult<SignedChallenge>> {
  return guard(async () => {
    const { link, client } = await proveSession(proof);
    const res = await client.POST("/auth/credentials", { body: passkeyBody(link.accountId, nickname, challenge, attestation) as never });
    if (res.response.status !== 202) return res.response.ok ? fail("UNEXPECTED_RESPONSE", "The service added the passkey without asking for a signature.") : serviceErrorResult(res.error, res.response.status);
    const { payloadToSign, requestId } = res.data as unknown as SignedChallenge;
    return actionOk({ payloadToSign, requestId });
  });
}

export async function finishAddPasskey(proof: SessionProof, nickname: string, challenge: string, attestation: PasskeyAttestation, requestId: string, signature: string): Promise<ActionResult<{ id: string }>> {
  return guard(async () => {
    const { link, client } = await proveSession(proof);
    const res = await client.POST("/auth/credentials", {
      body: passkeyBody(link.accountId, nickname, challenge, attestation) as never,
      headers: { "Service-Wallet-Signature": signature, "Request-Id": requestId },
    });
    if (res.response.status !== 201) return serviceErrorResult(res.error, res.response.status);
    return actionOk({ id: (res.data as { id: string }).id });
  });
}

export interface PasskeySignInChallenge {
  challenge: string;
  credentialId: string;
  requestId: string;
}

/** Passkey sign-in, first step: the hex challenge for the authenticator, sealed-key recipient named. */
export async function startPasskeySignIn(link: string, credentialId: string, clientPublicKey: string): Promise<ActionResult<PasskeySignInChallenge>> {
  return guard(async () => {
    const { client } = await credentialOf(link, credentialId);
    const res = await client.POST("/auth/credentials/{id}/challenge", { params: { path: { id: credentialId } }, body: { clientPublicKey } as never });
    if (!res.data) return serviceErrorResult(res.error, res.response.status);
    const c = res.data as unknown as PasskeySignInChallenge;
    return actionOk({ challenge: c.challenge, credentialId: c.credentialId, requestId: c.requestId });
  });
}

export interface PasskeyAssertion {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string | null;
}

export interface SealedSession {
  encryptedSessionSigningKey: string;
  pending: string;
  sessionId: string;
  expiresAt: string;
}

function sealedSession(accountId: string, session: { id?: string; expiresAt: string; encryptedSessionSigningKey?: string }): ActionResult<SealedSession> {
  if (!session.encryptedSessionSigningKey || !session.id) return fail("UNEXPECTED_RESPONSE", "The service did not seal a session key. Try again.");
  return actionOk({ encryptedSessionSigningKey: session.encryptedSessionSigningKey, sessionId: session.id, expiresAt: session.expiresAt, pending: createPending(accountId, session.id, Date.now()) });
}

/** Passkey sign-in, second step: the assertion; answers the sealed session key for the browser to open. */
export async function finishPasskeySignIn(link: string, credentialId: string, requestId: string, assertion: PasskeyAssertion): Promise<ActionResult<SealedSession>> {
  return guard(async () => {
    const { claims, client } = await credentialOf(link, credentialId);
    const res = await client.POST("/auth/credentials/{id}/verify", { params: { path: { id: credentialId } }, body: { type: "PASSKEY", assertion } as never, headers: { "Request-Id": requestId } });
    if (res.response.status !== 200 || !res.data) {
      const result = serviceErrorResult(res.error, res.response.status);
      return !result.ok && result.error.code === "UNAUTHORIZED" ? fail("PASSKEY_REFUSED", "Your passkey was not accepted. Try again, or sign in another way.") : result;
    }
    return sealedSession(claims.accountId, res.data as { id?: string; expiresAt: string; encryptedSessionSigningKey?: string });
  });
}

/**
 * The browser opened the sealed key and stamped `pending` with it: bind that key to the session,
 * only if it is the key the service sealed (a stamp by any other key would read the wallet).
 */
export async function bindSealedSession(link: string, pending: string, stamp: string): Promise<ActionResult<SignedIn>> {
  return guard(async () => {
    const claims = openLink(link);
    const p = readPending(pending, Date.now());
    const keyMismatch = fail("PROOF_INVALID", "Signing in took too long or the key did not match. Sign in again.");
    if (!p.ok || p.claims.accountId !== claims.accountId || !verifyStamp(stamp, pending)) return keyMismatch;
    const { data } = await platformClient(claims.platformId).GET("/auth/sessions", { params: { query: { accountId: claims.accountId } } });
    const session = data?.data.find((s) => s.id === p.claims.sessionId);
    if (!session) return fail("SESSION_EXPIRED", "That session has already ended. Sign in again.");
    const publicKey = decodeStamp(stamp).publicKey;
    if (publicKey !== session.publicKey) return keyMismatch;
    const binding = createBinding({ accountId: claims.accountId, sessionId: p.claims.sessionId, publicKey }, new Date(Date.now() + BINDING_TTL_MS).toISOString());
    return actionOk({ binding, sessionId: p.claims.sessionId, expiresAt: session.expiresAt });
  });
}

/* ---------------------------------------------------------------- sandbox OIDC */

/** OIDC sign-in: a fresh token from the sandbox identity provider (nonce bound to clientPublicKey). */
export async function finishOidcSignIn(link: string, credentialId: string, clientPublicKey: string, oidcToken: string): Promise<ActionResult<SealedSession>> {
  return guard(async () => {
    const { claims, client } = await credentialOf(link, credentialId);
    const res = await client.POST("/auth/credentials/{id}/verify", { params: { path: { id: credentialId } }, body: { type: "OAUTH", clientPublicKey, oidcToken } as never });
    if (res.response.status !== 200 || !res.data) {
      const result = serviceErrorResult(res.error, res.response.status);
      return !result.ok && result.error.code === "UNAUTHORIZED" ? fail("OIDC_REFUSED", "The identity provider's answer was not accepted (expired or for another account). Try again.") : result;
    }
    return sealedSession(claims.accountId, res.data as { id?: string; expiresAt: string; encryptedSessionSigningKey?: string });
  });
}

/* ---------------------------------------------------------------- removing a credential */

export async function startRemoveCredential(proof: SessionProof, credentialId: string): Promise<ActionResult<SignedChallenge>> {
  return guard(async () => {
    const { link, client } = await proveSession(proof);
    await credentialOfWallet(client, link.accountId, credentialId, "That sign-in method is no longer on your wallet.");
    const res = await client.DELETE("/auth/credentials/{id}", { params: { path: { id: credentialId } } });
    if (res.response.status !== 202 || !res.data) return serviceErrorResult(res.error, res.response.status);
    const { payloadToSign, requestId } = res.data as unknown as SignedChallenge;
    return actionOk({ payloadToSign, requestId });
  });
}

export async function finishRemoveCredential(proof: SessionProof, credentialId: string, requestId: string, signature: string): Promise<ActionResult<{ removed: true }>> {
  return guard(async () => {
    const { link, client } = await proveSession(proof);
    await credentialOfWallet(client, link.accountId, credentialId, "That sign-in method is no longer on your wallet.");
    const res = await client.DELETE("/auth/credentials/{id}", { params: { path: { id: credentialId } }, headers: { "Service-Wallet-Signature": signature, "Request-Id": requestId } });
    if (res.response.status !== 204) {
      const result = serviceErrorResult(res.error, res.response.status);
      if (!result.ok && result.error.code === "WALLET_SIGNATURE_INVALID") return fail("WALLET_SIGNATURE_INVALID", "A sign-in method can only be removed from a session of another sign-in method. Sign in another way first.");
      return result;
    }
    return actionOk({ removed: true as const });
  });
}

/* ---------------------------------------------------------------- linking an OIDC identity */

export async function startAddOauth(proof: SessionProof, oidcToken: string): Promise<ActionResult<SignedChallenge>> {
  return guard(async () => {
    const { link, client } = await proveSession(proof);
    const res = await client.POST("/auth/credentials", { body: { type: "OAUTH", accountId: link.accountId, oidcToken } as never });
    if (res.response.status !== 202) return res.response.ok ? fail("UNEXPECTED_RESPONSE", "The service linked the account without asking for a signature.") : serviceErrorResult(res.error, res.response.status);
    const { payloadToSign, requestId } = res.data as unknown as SignedChallenge;
    return actionOk({ payloadToSign, requestId });
  });
}

export async function finishAddOauth(proof: SessionProof, oidcToken: string, requestId: string, signature: string): Promise<ActionResult<{ id: string }>> {
  return guard(async () => {
    const { link, client } = await proveSession(proof);
    const res = await client.POST("/auth/credentials", { body: { type: "OAUTH", accountId: link.accountId, oidcToken } as never, headers: { "Service-Wallet-Signature": signature, "Request-Id": requestId } });
    if (res.response.status !== 201) return serviceErrorResult(res.error, res.response.status);
    return actionOk({ id: (res.data as { id: string }).id });
  });
}

/* ---------------------------------------------------------------- export */

export async function startExport(proof: SessionProof, clientPublicKey: string): Promise<ActionResult<SignedChallenge>> {
  return guard(async () => {
    const { link, client } = await proveSession(proof);
    const res = await client.POST("/internal-accounts/{id}/export", { params: { path: { id: link.accountId } }, body: { clientPublicKey } });
    if (res.response.status !== 202) return res.response.ok ? fail("UNEXPECTED_RESPONSE", "The service exported without asking for a signature.") : serviceErrorResult(res.error, res.response.status);
    const { payloadToSign, requestId } = res.data as unknown as SignedChallenge;
    return actionOk({ payloadToSign, requestId });
  });
}

export async function finishExport(proof: SessionProof, clientPublicKey: string, requestId: string, signature: string): Promise<ActionResult<{ encryptedWalletCredentials: string; enclavePublicKey: string }>> {
  return guard(async () => {
    const { link, client } = await proveSession(proof);
    const [res, config] = await Promise.all([
      client.POST("/internal-accounts/{id}/export", { params: { path: { id: link.accountId } }, body: { clientPublicKey }, headers: { "Service-Wallet-Signature": signature, "Request-Id": requestId } }),
      client.GET("/config"),
    ]);
    if (res.response.status !== 200 || !res.data) return serviceErrorResult(res.error, res.response.status);
    const enclavePublicKey = (config.data as { walletEnclavePublicKey?: string } | undefined)?.walletEnclavePublicKey ?? "";
    return actionOk({ encryptedWalletCredentials: (res.data as { encryptedWalletCredentials: string }).encryptedWalletCredentials, enclavePublicKey });
  });
}

/* ---------------------------------------------------------------- adding SMS sign-in */

export async function startAddSms(proof: SessionProof): Promise<ActionResult<SignedChallenge>> {
  return guard(async () => {
    const { link, client } = await proveSession(proof);
    const res = await client.POST("/auth/credentials", { body: { type: "SMS_OTP", accountId: link.accountId } as never });
    if (res.response.status !== 202) {
      if (res.response.ok) return fail("UNEXPECTED_RESPONSE", "The service added text-message sign-in without asking for a signature.");
      const result = serviceErrorResult(res.error, res.response.status);
      if (!result.ok && result.error.code === "INVALID_INPUT") return fail("NO_PHONE", "There is no phone number on file for you. Ask the platform to add one first.");
      if (!result.ok && result.error.code === "SMS_OTP_CREDENTIAL_ALREADY_EXISTS") return fail("SMS_OTP_CREDENTIAL_ALREADY_EXISTS", "Text-message sign-in is already set up.");
      return result;
    }
    const { payloadToSign, requestId } = res.data as unknown as SignedChallenge;
    return actionOk({ payloadToSign, requestId });
  });
}

export async function finishAddSms(proof: SessionProof, requestId: string, signature: string): Promise<ActionResult<{ id: string; nickname: string }>> {
  return guard(async () => {
    const { link, client } = await proveSession(proof);
    const res = await client.POST("/auth/credentials", { body: { type: "SMS_OTP", accountId: link.accountId } as never, headers: { "Service-Wallet-Signature": signature, "Request-Id": requestId } });
    if (res.response.status !== 201) return serviceErrorResult(res.error, res.response.status);
    const created = res.data as { id: string; nickname: string };
    return actionOk({ id: created.id, nickname: created.nickname });
  });
}
