import { createHash, timingSafeEqual } from "node:crypto";
import type { Db } from "../db";
import type { AuthContext, Permission } from "../http/context";
import { verifySecret } from "../crypto/password";
import { now } from "../sandbox/clock";

// The slow hash costs ~40 ms; a request must not pay it every time. Remember the SHA-256 of a
// secret that already verified against the stored hash (per token id). The token row is still
// read on every request, so revocation and expiry take effect at once.
const verified = new Map<string, Buffer>();
const MAX_REMEMBERED = 10_000;

export type AuthResult = { ok: true; auth: AuthContext } | { ok: false; reason: string };

/** Checks HTTP Basic token credentials. Never throws for bad credentials; names the failed check. */
export async function authenticateToken(db: Db, clientId: string, clientSecret: string): Promise<AuthResult> {
  const token = await db.apiToken.findUnique({
    where: { clientId },
    select: { id: true, platformId: true, permissions: true, secretHash: true, expiresAt: true, revokedAt: true, platform: { select: { environment: true } } },
  });
  if (!token) return { ok: false, reason: "unknown clientId" };
  if (token.revokedAt) return { ok: false, reason: "token has been revoked" };

  // Constant-time comparison, like verifySecret's, so response timing says nothing about the secret.
  const fingerprint = createHash("sha256").update(clientSecret).digest();
  const remembered = verified.get(token.id);
  if (!remembered || !timingSafeEqual(remembered, fingerprint)) {
    if (!(await verifySecret(clientSecret, token.secretHash))) return { ok: false, reason: "clientSecret does not match clientId" };
    if (verified.size >= MAX_REMEMBERED) verified.clear();
    verified.set(token.id, fingerprint);
  }
  if (token.expiresAt && token.expiresAt.getTime() <= (await now(db, token.platformId)).getTime())
    return { ok: false, reason: `token expired at ${token.expiresAt.toISOString()}` };

  return {
    ok: true,
    auth: {
      platformId: token.platformId,
      environment: token.platform.environment,
      permissions: new Set(token.permissions as Permission[]),
      principal: { kind: "token", tokenId: token.id },
    },
  };
}
