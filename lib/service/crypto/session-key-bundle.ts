import { createBase58check } from "@scure/base";
import { p256 } from "@noble/curves/nist.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { concatBytes, hexToBytes } from "@noble/hashes/utils.js";
import { hpkeSeal } from "./wallet-hpke";

export const base58check = createBase58check(sha256);

/**
 * `encryptedSessionSigningKey` (WALLET-CRYPTO.md §3): the 32-byte session scalar HPKE-sealed to
 * `clientPublicKey` (either form), encoded base58check(compressed enc ‖ ciphertext ‖ tag).
 */
export async function sealSessionSigningKey(clientPublicKey65: Uint8Array, sessionPrivateKeyHex: string, ephemeralPrivateKeyHex?: string): Promise<string> {
  const { enc, ciphertext } = await hpkeSeal(clientPublicKey65, hexToBytes(sessionPrivateKeyHex), ephemeralPrivateKeyHex);
  return base58check.encode(concatBytes(p256.Point.fromBytes(enc).toBytes(true), ciphertext));
}
