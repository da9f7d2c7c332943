import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { now } from "../sandbox/clock";
import { parseWalletStamp, verifyWalletStamp } from "../crypto/wallet-stamp";
import { LEGACY_SANDBOX_SIGNATURE } from "./signed-retry";

/**
 * Checks a `Service-Wallet-Signature` over a payload the service issued elsewhere (quote execution
 * from an embedded wallet: the quote's paymentInstructions payloadToSign). Valid signers: an active
 * session of that wallet, or an ACTIVE delegated key of it; the legacy `sandbox-valid-signature` is
 * accepted. Returns who signed. Throws 401 WALLET_SIGNATURE_MISSING, _MALFORMED, _INVALID.
 */
export async function verifyWalletExecutionSignature(
  db: DbOrTx,
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
  const session = await db.walletAuthSession.findFirst({
    where: { platformId: input.platformId, internalAccountId: input.internalAccountId, publicKeyHex: stamp.publicKeyHex, revokedAt: null, expiresAt: { gt: at } },
    orderBy: { createdAt: "desc" },
  });
  if (session) {
    const method = await db.walletAuthMethod.findUnique({ where: { id: session.authMethodId }, select: { revokedAt: true } });
    if (method && !method.revokedAt) return { signer: "session", sessionId: session.id };
  }
  const delegated = await db.walletDelegatedKey.findFirst({ where: { platformId: input.platformId, internalAccountId: input.internalAccountId, publicKeyHex: stamp.publicKeyHex, status: "ACTIVE" } });
  if (delegated) return { signer: "delegated-key", delegatedKeyId: delegated.id };
  throw invalid("stamp key is not an active session of this wallet");
}

function invalid(reason: string): ServiceError {
  return new ServiceError("WALLET_SIGNATURE_INVALID", "Invalid Service-Wallet-Signature", { details: { reason } });
}
