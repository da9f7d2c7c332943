import { createHash, timingSafeEqual } from "node:crypto";
import type { Db } from "../db";
import type { AuthContext, Permission } from "../http/context";
import { verifySecret } from "../crypto/password";
import { now } from "../sandbox/clock";

// Every API request authenticates, so the hot path must read nothing. A token row changes only when
// it is revoked, and revokeToken forgets it here at once; another process's revocation (a second
// server on the same database) takes effect within TOKEN_CACHE_MS. The slow hash (~40 ms) is paid
// once per token: the SHA-256 of a secret that verified is remembered with the row.
const TOKEN_CACHE_MS = 5_000;
const MAX_CACHED = 10_000;

interface TokenRow {
  id: string;
  platformId: string;
  permissions: string[];
  secretHash: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  environment: AuthContext["environment"];
}
const cache = new Map<string, { row: TokenRow; readAt: number; verifiedSecret?: Buffer }>();

export type AuthResult = { ok: true; auth: AuthContext } | { ok: false; reason: string };

/** Checks HTTP Basic token credentials. Never throws for bad credentials; names the failed check. */
export async function authenticateToken(db: Db, clientId: string, clientSecret: string): Promise<AuthResult> {
  const entry = await cachedToken(db, clientId);
  if (!entry) return { ok: false, reason: "unknown clientId" };
  const { row: token } = entry;
  if (token.revokedAt) return { ok: false, reason: "token has been revoked" };

  // Constant-time comparison, like verifySecret's, so response timing says nothing about the secret.
  const fingerprint = createHash("sha256").update(clientSecret).digest();
  if (!entry.verifiedSecret || !timingSafeEqual(entry.verifiedSecret, fingerprint)) {
    if (!(await verifySecret(clientSecret, token.secretHash))) return { ok: false, reason: "clientSecret does not match clientId" };
    entry.verifiedSecret = fingerprint;
  }
  if (token.expiresAt && token.expiresAt.getTime() <= (await now(db, token.platformId)).getTime())
    return { ok: false, reason: `token expired at ${token.expiresAt.toISOString()}` };

  return {
    ok: true,
    auth: {
      platformId: token.platformId,
      environment: token.environment,
      permissions: new Set(token.permissions as Permission[]),
      principal: { kind: "token", tokenId: token.id },
    },
  };
}

/** Called when a token is revoked, so this process refuses it from the next request on. */
export function forgetToken(clientId: string): void {
  cache.delete(clientId);
}

/** For tests that change platforms or tokens behind the API's back (e.g. a platform made PRODUCTION). */
export function forgetAllTokens(): void {
  cache.clear();
}

async function cachedToken(db: Db, clientId: string) {
  const at = performance.now(); // wall-clock on purpose: cache age is not sandbox time
  const cached = cache.get(clientId);
  if (cached && at - cached.readAt < TOKEN_CACHE_MS) return cached;
  const found = await db.apiToken.findUnique({
    where: { clientId },
    select: { id: true, platformId: true, permissions: true, secretHash: true, expiresAt: true, revokedAt: true, platform: { select: { environment: true } } },
  });
  if (!found) {
    cache.delete(clientId);
    return null;
  }
  const { platform, ...rest } = found;
  const row: TokenRow = { ...rest, environment: platform.environment };
  // A secret verified against the same hash stays verified across re-reads.
  const verifiedSecret = cached && cached.row.id === row.id && cached.row.secretHash === row.secretHash ? cached.verifiedSecret : undefined;
  if (cache.size >= MAX_CACHED) cache.clear();
  const entry = { row, readAt: at, verifiedSecret };
  cache.set(clientId, entry);
  return entry;
}
