import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import type { InternalAccountRow } from "../internal-accounts/serialize-internal-account";

/**
 * POST /transfer-out cannot spend an embedded wallet (SPEC.md "Embedded-wallet sessions": every
 * action beyond receiving funds needs a session signing key). The deprecated call has no payload
 * to sign and, unchanged in shape, no signed-retry leg, so the caller is sent to the signed path: a
 * quote from the wallet, executed with Service-Wallet-Signature (POST /quotes/{quoteId}/execute).
 * Throws: WALLET_SIGNATURE_MISSING (401).
 */
export function assertNotEmbeddedWallet(account: Pick<InternalAccountRow, "id" | "type">): void {
  if (account.type !== "EMBEDDED_WALLET") return;
  const accountId = formatId("InternalAccount", account.id);
  throw new ServiceError(
    "WALLET_SIGNATURE_MISSING",
    `${accountId} is an embedded wallet: spending from it needs a Service-Wallet-Signature, which POST /transfer-out cannot carry. Create a quote from it (POST /quotes with source.accountId ${accountId}) and execute it with POST /quotes/{quoteId}/execute, signing the quote's payloadToSign with a wallet session key.`,
    { details: { reason: "embedded wallet source needs a signed quote execution", accountId, accountType: account.type } },
  );
}
