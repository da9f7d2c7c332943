import type { WalletAuthMethodType, WalletAuthSession } from "@/lib/generated/prisma/client";
import type { Db, DbOrTx, Tx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId, parseId } from "../http/ids";
import { now } from "../sandbox/clock";
import { getEmbeddedWalletOrThrow } from "./get-embedded-wallet-or-throw";
import { issueSealedSession } from "./issue-session";
import type { AuthSession } from "./schemas";
import { serializeAuthSession } from "./serialize";
import { runSignedRetry, type SignedResult, type SignedRetryHeaders } from "./signed-retry";

/** GET /auth/sessions?accountId=: the wallet's active (unexpired, unrevoked) sessions, without sealed keys. */
export async function listSessions(db: DbOrTx, platformId: string, accountId: string): Promise<{ data: AuthSession[] }> {
  const wallet = await getEmbeddedWalletOrThrow(db, platformId, accountId);
  const at = await now(db, platformId);
  const sessions = await db.walletAuthSession.findMany({
    where: { platformId, internalAccountId: wallet.id, revokedAt: null, expiresAt: { gt: at } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const methods = await db.walletAuthMethod.findMany({ where: { id: { in: [...new Set(sessions.map((s) => s.authMethodId))] } } });
  const byId = new Map(methods.map((m) => [m.id, m]));
  return { data: sessions.filter((s) => byId.get(s.authMethodId)?.revokedAt === null).map((s) => serializeAuthSession(s, byId.get(s.authMethodId)!)) };
}

async function getSessionOrThrow(tx: Tx, platformId: string, id: string): Promise<WalletAuthSession> {
  const uuid = parseId("Session", id);
  const row = uuid ? await tx.walletAuthSession.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", `Session ${id} not found`);
  return row;
}

/**
 * DELETE /auth/sessions/{id}: signed retry by an active session of the wallet; 204. Idempotent, as
 * Stripe's deletes are for a retrying client: a session already revoked (itself, or with its
 * credential) answers 204 at once, with nothing to sign, since nothing changes; so does a signed
 * retry that finds it revoked meanwhile. Unknown → 404. `type` is the session's credential type,
 * for the 202 body (AuthSignedRequestChallenge, SPEC.md "Signed-retry challenge").
 */
export async function revokeSession(db: Db, input: { platformId: string; id: string; headers: SignedRetryHeaders; fingerprint: string }): Promise<{ result: SignedResult<null>; type: WalletAuthMethodType }> {
  return db.$transaction(async (tx) => {
    const session = await getSessionOrThrow(tx, input.platformId, input.id);
    const method = await tx.walletAuthMethod.findUniqueOrThrow({ where: { id: session.authMethodId }, select: { type: true, revokedAt: true } });
    if (session.revokedAt || method.revokedAt) return { result: { kind: "done", value: null }, type: method.type };
    const result = await runSignedRetry(
      tx,
      {
        platformId: input.platformId,
        internalAccountId: session.internalAccountId,
        operation: "DELETE_SESSION",
        fingerprint: input.fingerprint,
        headers: input.headers,
        activityType: "ACTIVITY_TYPE_DELETE_API_KEYS",
        parameters: { apiKeyIds: [formatId("Session", session.id)], userId: formatId("InternalAccount", session.internalAccountId) },
      },
      async () => {
        const at = await now(tx, input.platformId);
        // Revoked only if still active: of revokes racing with their own requestIds the first revokes it, and all answer 204.
        await tx.walletAuthSession.updateMany({ where: { id: session.id, revokedAt: null }, data: { revokedAt: at, updatedAt: at } });
        return null;
      },
    );
    return { result, type: method.type };
  });
}

/**
 * POST /auth/sessions/{id}/refresh {clientPublicKey}: while the session is active, a signed retry
 * (202 → 201) issues a new session of the same credential, its key sealed to clientPublicKey.
 * A revoked or expired session answers 401 UNAUTHORIZED: verify a credential again.
 */
export async function refreshSession(db: Db, input: { platformId: string; id: string; clientPublicKey: string; headers: SignedRetryHeaders; fingerprint: string }): Promise<SignedResult<AuthSession>> {
  return db.$transaction(async (tx) => {
    const session = await getSessionOrThrow(tx, input.platformId, input.id);
    const at = await now(tx, input.platformId);
    const method = await tx.walletAuthMethod.findUniqueOrThrow({ where: { id: session.authMethodId } });
    if (session.revokedAt || session.expiresAt.getTime() <= at.getTime() || method.revokedAt)
      throw new ServiceError("UNAUTHORIZED", `Session ${input.id} is no longer active; verify a credential for a new session`, { details: { reason: "session expired or revoked" } });
    return runSignedRetry(
      tx,
      {
        platformId: input.platformId,
        internalAccountId: session.internalAccountId,
        operation: "REFRESH_SESSION",
        fingerprint: input.fingerprint,
        headers: input.headers,
        activityType: "ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2",
        parameters: { targetPublicKey: input.clientPublicKey },
      },
      async () => {
        const { session: fresh, encryptedSessionSigningKey } = await issueSealedSession(tx, method, input.clientPublicKey, at);
        return serializeAuthSession(fresh, method, encryptedSessionSigningKey);
      },
    );
  });
}
