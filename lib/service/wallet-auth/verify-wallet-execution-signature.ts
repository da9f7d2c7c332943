import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { now } from "../sandbox/clock";
import { parseWalletStamp, verifyWalletStamp } from "../crypto/wallet-stamp";
import { inactiveSessionError } from "./inactive-session-error";
import { LEGACY_SANDBOX_SIGNATURE } from "./signed-retry";

/**
 * Checks a `Service-Wallet-Signature` over a payload the service issued elsewhere (quote execution
 * from an embedded wallet: the quote's paymentInstructions payloadToSign). Valid signers: an active
 * session of that wallet, or an ACTIVE delegated key of it; the legacy `sandbox-valid-signature` is
 * accepted. Returns who signed. Throws 401 WALLET_SIGNATURE_MISSING, _MALFORMED, _INVALID.
 */
export async function verifyWalletExecutionSignature(
  db: SqlTx,
  input: { platformId: string; internalAccountId: string; payloadToSign: string; signature: string | null | undefined },
): Promise<{ signer: "legacy" } | { signer: "session"; sessionId: string } | { signer: "delegated-key"; delegatedKeyId: string }> {
  if (!input.signature)
    throw new ServiceError("WALLET_SIGNATURE_MISSING", "Executing a quote from an embedded wallet needs Service-Wallet-Signature: the stamp over the quote's payloadToSign made with an active session key", {
      details: { reason: "Service-Wallet-Signature missing" },
    });
  if (input.signature === LEGACY_SANDBOX_SIGNATURE) return { signer: "legacy" };
  const stamp = parseWalletStamp(input.signature);
  if (!stamp.ok) throw new ServiceError("WALLET_SIGNATURE_MALFORMED", `Malformed Service-Wallet-Signature: ${stamp.reason}`, { details: { reason: stamp.reason } });
  if (!verifyWalletStamp(stamp, input.payloadToSign)) throw invalid("signature does not verify over payloadToSign");

  const at = await now(db, input.platformId);
  // Raw, one statement: a quote's execution checks it inside its payment transaction, which may be a bare pg connection (sqlTransaction).
  // The newest live session with this key counts if its auth method is not revoked; else an ACTIVE delegated key with it.
  const [signer] = await db.$queryRaw<{ sessionId: string | null; isMethodLive: boolean | null; delegatedKeyId: string | null }[]>`
    SELECT s."id" AS "sessionId", (m."id" IS NOT NULL AND m."revokedAt" IS NULL) AS "isMethodLive",
      (SELECT k."id" FROM "WalletDelegatedKey" k WHERE k."platformId" = ${input.platformId}::uuid AND k."internalAccountId" = ${input.internalAccountId}::uuid
        AND k."publicKeyHex" = ${stamp.publicKeyHex} AND k."status" = 'ACTIVE' LIMIT 1) AS "delegatedKeyId"
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT "id", "authMethodId" FROM "WalletAuthSession"
      WHERE "platformId" = ${input.platformId}::uuid AND "internalAccountId" = ${input.internalAccountId}::uuid AND "publicKeyHex" = ${stamp.publicKeyHex}
        AND "revokedAt" IS NULL AND "expiresAt" > ${at}::timestamptz
      ORDER BY "createdAt" DESC LIMIT 1
    ) s ON true
    LEFT JOIN "WalletAuthMethod" m ON m."id" = s."authMethodId"`;
  if (signer?.sessionId && signer.isMethodLive) return { signer: "session", sessionId: signer.sessionId };
  if (signer?.delegatedKeyId) return { signer: "delegated-key", delegatedKeyId: signer.delegatedKeyId };
  throw await inactiveSessionError(db, { platformId: input.platformId, internalAccountId: input.internalAccountId, publicKeyHex: stamp.publicKeyHex, at });
}

function invalid(reason: string): ServiceError {
  return new ServiceError("WALLET_SIGNATURE_INVALID", "Invalid Service-Wallet-Signature", { details: { reason } });
}
