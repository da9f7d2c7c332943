import { generateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import type { Db } from "../db";
import { formatId } from "../http/ids";
import { now } from "../sandbox/clock";
import { sealWalletExport } from "../crypto/enclave-envelope";
import { parseP256PublicKeyHex } from "../crypto/p256-keys";
import { getWalletEnclaveKey } from "./enclave-key";
import { getEmbeddedWalletOrThrow } from "./get-embedded-wallet-or-throw";
import { runSignedRetry, type SignedResult, type SignedRetryHeaders } from "./signed-retry";

/**
 * POST /internal-accounts/{id}/export {clientPublicKey}: signed retry (the retry must repeat the
 * same key, else 401 WALLET_SIGNATURE_BODY_MISMATCH); answers the wallet's BIP39 mnemonic sealed to
 * clientPublicKey in an envelope signed by the enclave key (organizationId = the account id).
 */
export async function exportWallet(db: Db, input: { platformId: string; accountId: string; clientPublicKey: string; headers: SignedRetryHeaders; fingerprint: string }): Promise<SignedResult<{ id: string; encryptedWalletCredentials: string }>> {
  const clientKey = parseP256PublicKeyHex(input.clientPublicKey);
  // Unreachable from input: WalletExportRequestSchema checks the key is on the curve.
  if (!clientKey) throw new Error("clientPublicKey is not a P-256 point; WalletExportRequestSchema should have refused it");
  return db.$transaction(async (tx) => {
    const wallet = await getEmbeddedWalletOrThrow(tx, input.platformId, input.accountId);
    const organizationId = formatId("InternalAccount", wallet.id);
    return runSignedRetry(
      tx,
      {
        platformId: input.platformId,
        internalAccountId: wallet.id,
        operation: "EXPORT_WALLET",
        fingerprint: input.fingerprint,
        headers: input.headers,
        activityType: "ACTIVITY_TYPE_EXPORT_WALLET",
        parameters: { targetPublicKey: input.clientPublicKey, walletId: organizationId },
      },
      async () => {
        await tx.walletSecret.createMany({
          data: [{ internalAccountId: wallet.id, platformId: input.platformId, mnemonic: generateMnemonic(wordlist, 256), createdAt: await now(tx, input.platformId) }],
          skipDuplicates: true,
        });
        const secret = await tx.walletSecret.findUniqueOrThrow({ where: { internalAccountId: wallet.id } });
        const enclave = await getWalletEnclaveKey(tx, input.platformId);
        const encryptedWalletCredentials = await sealWalletExport({
          clientPublicKey65: clientKey.uncompressed,
          secret: secret.mnemonic,
          organizationId,
          enclavePrivateKeyHex: enclave.privateKeyHex,
        });
        return { id: organizationId, encryptedWalletCredentials };
      },
    );
  });
}
