// Signed, expiring tokens for the end-user wallet pages (server side only). Nothing secret is in
// them: they carry ids and public keys, and an HMAC so the browser cannot forge or alter them.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

type Kind = "link" | "nonce" | "binding" | "pending";

function key(kind: Kind): Buffer {
  const secret = process.env.WALLET_LINK_SECRET ?? process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET (or WALLET_LINK_SECRET) must be set to sign wallet links");
  return createHmac("sha256", secret).update(`wallet-pages:${kind}:v1`).digest();
}

function sign(kind: Kind, claims: object): string {
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const mac = createHmac("sha256", key(kind)).update(body).digest("base64url");
  return `${body}.${mac}`;
}

function open<T extends { exp: number }>(kind: Kind, token: string, nowMs: number): { ok: true; claims: T } | { ok: false; reason: "invalid" | "expired" } {
  const [body, mac, extra] = token.split(".");
  if (!body || !mac || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = createHmac("sha256", key(kind)).update(body).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  let claims: T;
  try {
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as T;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= nowMs) return { ok: false, reason: "expired" };
  return { ok: true, claims };
}

/** A wallet link: names the platform and the embedded-wallet account; expires at `exp` (epoch seconds). */
export interface WalletLinkClaims {
  platformId: string;
  accountId: string;
  customerId: string;
  exp: number;
}

export const DEFAULT_LINK_TTL_SECONDS = 24 * 60 * 60;

export function createWalletLinkToken(claims: Omit<WalletLinkClaims, "exp">, nowMs: number, ttlSeconds = DEFAULT_LINK_TTL_SECONDS): { token: string; expiresAt: string } {
  const exp = Math.floor(nowMs / 1000) + ttlSeconds;
  return { token: sign("link", { ...claims, exp }), expiresAt: new Date(exp * 1000).toISOString() };
}

export const readWalletLinkToken = (token: string, nowMs: number) => open<WalletLinkClaims>("link", token, nowMs);

/** A one-minute server nonce the browser stamps with its session key to prove a live session. */
export interface NonceClaims {
  accountId: string;
  n: string;
  exp: number;
}

export const NONCE_TTL_SECONDS = 60;

export function createNonce(accountId: string, nowMs: number): string {
  return sign("nonce", { accountId, n: randomBytes(16).toString("hex"), exp: Math.floor(nowMs / 1000) + NONCE_TTL_SECONDS });
}

export const readNonce = (token: string, nowMs: number) => open<NonceClaims>("nonce", token, nowMs);

/** Ties a session id to the public key the service accepted for it, for this account. */
export interface BindingClaims {
  accountId: string;
  sessionId: string;
  publicKey: string;
  exp: number;
}

export function createBinding(claims: Omit<BindingClaims, "exp">, expiresAt: string): string {
  return sign("binding", { ...claims, exp: Math.floor(new Date(expiresAt).getTime() / 1000) });
}

export const readBinding = (token: string, nowMs: number) => open<BindingClaims>("binding", token, nowMs);

/**
 * After a passkey/OIDC verify the server only knows the session id: the browser opens the sealed
 * key and stamps this token with it, which names the session's public key (two minutes to do so).
 */
export interface PendingClaims {
  accountId: string;
  sessionId: string;
  n: string;
  exp: number;
}

export function createPending(accountId: string, sessionId: string, nowMs: number): string {
  return sign("pending", { accountId, sessionId, n: randomBytes(16).toString("hex"), exp: Math.floor(nowMs / 1000) + 120 });
}

export const readPending = (token: string, nowMs: number) => open<PendingClaims>("pending", token, nowMs);

