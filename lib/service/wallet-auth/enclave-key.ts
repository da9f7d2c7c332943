import type { DbOrTx } from "../db";
import { generateP256KeyPair } from "../crypto/p256-keys";
import { now } from "../sandbox/clock";

export interface EnclaveKey {
  privateKeyHex: string;
  /** uncompressed SEC1 hex: GET /config `walletEnclavePublicKey` */
  publicKeyHex: string;
}

/**
 * The platform's long-lived sandbox "enclave" signing key (WALLET-CRYPTO.md §1): created once on
 * first use and persisted, never per request. Concurrent first uses converge on one row.
 */
export async function getWalletEnclaveKey(db: DbOrTx, platformId: string): Promise<EnclaveKey> {
  const existing = await db.walletEnclaveKey.findUnique({ where: { platformId } });
  if (existing) return existing;
  const pair = generateP256KeyPair();
  await db.walletEnclaveKey.createMany({
    data: [{ platformId, privateKeyHex: pair.privateKeyHex, publicKeyHex: pair.publicKeyUncompressedHex, createdAt: await now(db, platformId) }],
    skipDuplicates: true,
  });
  return db.walletEnclaveKey.findUniqueOrThrow({ where: { platformId } });
}
