import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";

/**
 * The 401 WALLET_SIGNATURE_INVALID for a stamp whose key is no active session of the wallet, saying
 * which it is: a session that expired or was revoked (re-authenticate: verify a credential for a new
 * session) or a key that never was a session of this wallet (the client signed with the wrong key).
 * `otherThanAuthMethodId`: the signer had to be a session of another credential (deleting a
 * credential), and an active session of that one says so. Raw SQL: a quote's execution asks inside
 * its payment transaction, which may be a bare pg connection.
 */
export async function inactiveSessionError(
  db: SqlTx,
  input: { platformId: string; internalAccountId: string; publicKeyHex: string; at: Date; otherThanAuthMethodId?: string },
): Promise<ServiceError> {
  const [session] = await db.$queryRaw<{ id: string; authMethodId: string; expiresAt: Date; revokedAt: Date | null; methodRevokedAt: Date | null }[]>`
    SELECT s."id", s."authMethodId", s."expiresAt", s."revokedAt", m."revokedAt" AS "methodRevokedAt"
    FROM "WalletAuthSession" s LEFT JOIN "WalletAuthMethod" m ON m."id" = s."authMethodId"
    WHERE s."platformId" = ${input.platformId}::uuid AND s."internalAccountId" = ${input.internalAccountId}::uuid AND s."publicKeyHex" = ${input.publicKeyHex}
    ORDER BY s."createdAt" DESC LIMIT 1`;
  const verifyAgain = "verify a credential for a new session (POST /auth/credentials/{id}/challenge when it is an OTP credential, then POST /auth/credentials/{id}/verify) and sign with its key";
  if (!session)
    return invalid(
      "stamp key is not a session of this wallet",
      `Invalid Service-Wallet-Signature: its publicKey was never a session key of InternalAccount:${input.internalAccountId}; sign with the key of a session issued for this wallet (the key you sent in clientPublicKey, or the one sealed in encryptedSessionSigningKey)`,
    );
  const sessionId = formatId("Session", session.id);
  const revokedAt = session.revokedAt ?? session.methodRevokedAt;
  if (revokedAt)
    return invalid(
      "session revoked",
      `Session ${sessionId}, whose key made this stamp, was revoked at ${revokedAt.toISOString()}${session.revokedAt ? "" : " with its credential"}; ${verifyAgain}`,
    );
  if (session.expiresAt.getTime() <= input.at.getTime())
    return invalid("session expired", `Session ${sessionId}, whose key made this stamp, expired at ${session.expiresAt.toISOString()}; ${verifyAgain}`);
  if (input.otherThanAuthMethodId === session.authMethodId)
    return invalid(
      "stamp key is not an active session of another credential of this wallet",
      `Session ${sessionId} belongs to the credential being deleted; sign with an active session of another credential of this wallet`,
    );
  // Active, of an allowed credential: the caller's own lookup found none, so it changed meanwhile.
  return invalid("stamp key is not an active session of this wallet", "Invalid Service-Wallet-Signature: the stamp's key is no active session of this wallet; verify a credential for a new session");
}

function invalid(reason: string, message: string): ServiceError {
  return new ServiceError("WALLET_SIGNATURE_INVALID", message, { details: { reason } });
}
