import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { verifyWalletExecutionSignature } from "../wallet-auth/verify-wallet-execution-signature";

/** The legacy sandbox signature accepted until real verification arrives with wallet auth. */
export const LEGACY_SANDBOX_WALLET_SIGNATURE = "sandbox-valid-signature";

/**
 * The check that an embedded-wallet quote execution is signed (SPEC.md POST /quotes/{quoteId}/execute,
 * BEHAVIORS.md §2.1): `signature` is the `Service-Wallet-Signature` header over `payloadToSign`,
 * made by a session of a verified credential of the wallet `internalAccountId` (bare uuid).
 * Placeholder until wallet auth lands (lib/service/wallet-auth replaces the body, keeping this
 * signature): absent → WALLET_SIGNATURE_MISSING, the legacy sandbox value passes, anything else →
 * WALLET_SIGNATURE_INVALID. Throws: WALLET_SIGNATURE_MISSING, WALLET_SIGNATURE_INVALID (401).
 */
export async function assertWalletSignedExecution(
  tx: SqlTx,
  { platformId, internalAccountId, payloadToSign, signature }: { platformId: string; internalAccountId: string; payloadToSign: string; signature: string | undefined },
): Promise<void> {
  if (signature === undefined || signature === "")
    throw new ServiceError(
      "WALLET_SIGNATURE_MISSING",
      `Executing a quote from embedded wallet InternalAccount:${internalAccountId} needs the Service-Wallet-Signature header: sign the quote's paymentInstructions[0].accountOrWalletInfo.payloadToSign with the wallet session key and send this same call again with it. This is not a 202 signed retry: no 202, no requestId, no Request-Id header`,
      { details: { reason: "Service-Wallet-Signature missing" } },
    );
  // Real verification (wallet-auth): the stamp over the exact payloadToSign by an active session (or ACTIVE delegated key) of this wallet; legacy literal accepted.
  await verifyWalletExecutionSignature(tx, { platformId, internalAccountId, payloadToSign, signature });
}
