import { p256 } from "@noble/curves/nist.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";

/** A P-256 key pair as lowercase hex: the 32-byte scalar and both SEC1 public forms. */
export interface P256KeyPair {
  privateKeyHex: string;
  publicKeyUncompressedHex: string;
  publicKeyCompressedHex: string;
}

const HEX = /^[0-9a-fA-F]*$/;

/** A fresh random key pair (WALLET-CRYPTO.md §3: `p256.utils.randomSecretKey()`). */
export function generateP256KeyPair(): P256KeyPair {
  return keyPairFromPrivateKey(bytesToHex(p256.utils.randomSecretKey()));
}

export function keyPairFromPrivateKey(privateKeyHex: string): P256KeyPair {
  const secret = hexToBytes(privateKeyHex);
  return {
    privateKeyHex: privateKeyHex.toLowerCase(),
    publicKeyUncompressedHex: bytesToHex(p256.getPublicKey(secret, false)),
    publicKeyCompressedHex: bytesToHex(p256.getPublicKey(secret, true)),
  };
}

/**
 * Parses a hex SEC1 public key in either form (33-byte compressed or 65-byte uncompressed) and
 * checks that it is on the curve. Returns null for anything else.
 */
export function parseP256PublicKeyHex(hex: unknown): { uncompressed: Uint8Array; compressed: Uint8Array } | null {
  if (typeof hex !== "string" || !HEX.test(hex) || (hex.length !== 66 && hex.length !== 130)) return null;
  try {
    const point = p256.Point.fromBytes(hexToBytes(hex));
    point.assertValidity();
    return { uncompressed: point.toBytes(false), compressed: point.toBytes(true) };
  } catch {
    return null;
  }
}

/** The compressed hex of a valid public key in either form; throws on an invalid key. */
export function compressPublicKeyHex(hex: string): string {
  const parsed = parseP256PublicKeyHex(hex);
  if (!parsed) throw new Error("not a P-256 public key");
  return bytesToHex(parsed.compressed);
}
