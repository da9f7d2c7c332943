import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";
import { base64urlnopad } from "@scure/base";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

export const STAMP_SCHEME = "SIGNATURE_SCHEME_TK_API_P256";

export type ParsedWalletStamp = { ok: true; publicKeyHex: string; signatureHex: string } | { ok: false; reason: string };

const COMPRESSED_KEY = /^0[23][0-9a-f]{64}$/;
const DER_HEX = /^30(?:[0-9a-f]{2}){4,72}$/;

/**
 * Parses a `Service-Wallet-Signature` value (WALLET-CRYPTO.md §4): base64url (no padding, trailing
 * `=` tolerated) of JSON `{publicKey: compressed hex, scheme: SIGNATURE_SCHEME_TK_API_P256,
 * signature: DER hex}`. Key order is not relied on.
 */
export function parseWalletStamp(header: string): ParsedWalletStamp {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(base64urlnopad.decode(header.trim().replace(/=+$/, ""))));
  } catch {
    return { ok: false, reason: "Service-Wallet-Signature must be base64url of the stamp JSON {publicKey, scheme, signature}" };
  }
  const { publicKey, scheme, signature } = (typeof json === "object" && json !== null ? json : {}) as Record<string, unknown>;
  if (scheme !== STAMP_SCHEME) return { ok: false, reason: `stamp scheme must be ${STAMP_SCHEME}` };
  if (typeof publicKey !== "string" || !COMPRESSED_KEY.test(publicKey.toLowerCase())) return { ok: false, reason: "stamp publicKey must be a compressed P-256 public key (66 hex)" };
  if (typeof signature !== "string" || !DER_HEX.test(signature.toLowerCase())) return { ok: false, reason: "stamp signature must be a DER ECDSA signature in hex" };
  try {
    publicKeyObject(publicKey.toLowerCase());
    p256.Signature.fromBytes(hexToBytes(signature), "der");
  } catch {
    return { ok: false, reason: "stamp publicKey or signature is not a valid P-256 value" };
  }
  return { ok: true, publicKeyHex: publicKey.toLowerCase(), signatureHex: signature.toLowerCase() };
}

/** ECDSA-P256 over SHA-256 of the exact UTF-8 payload; high-S signatures are accepted (OpenSSL, native). */
export function verifyWalletStamp(stamp: { publicKeyHex: string; signatureHex: string }, payloadToSign: string): boolean {
  try {
    return verify("sha256", Buffer.from(payloadToSign, "utf8"), { key: publicKeyObject(stamp.publicKeyHex), dsaEncoding: "der" }, Buffer.from(stamp.signatureHex, "hex"));
  } catch {
    return false;
  }
}

/** SubjectPublicKeyInfo header of a compressed P-256 key (id-ecPublicKey, prime256v1, 33-byte point). */
const COMPRESSED_SPKI_PREFIX = Buffer.from("3039301306072a8648ce3d020106082a8648ce3d030107032200", "hex");
const keyCache = new Map<string, KeyObject>();

/** The native key of a compressed public key (hex); throws for a point not on the curve. Kept for the keys seen recently. */
function publicKeyObject(compressedHex: string): KeyObject {
  let key = keyCache.get(compressedHex);
  if (!key) {
    key = createPublicKey({ key: Buffer.concat([COMPRESSED_SPKI_PREFIX, Buffer.from(compressedHex, "hex")]), format: "der", type: "spki" });
    if (keyCache.size >= 1000) keyCache.delete(keyCache.keys().next().value!);
    keyCache.set(compressedHex, key);
  }
  return key;
}

/**
 * Builds a stamp the way `@turnkey/api-key-stamper` does (client side; used by the sandbox's own
 * tests and tools). `highS` flips s to n − s, as node/WebCrypto stampers often emit.
 */
export function createWalletStamp(payloadToSign: string, privateKeyHex: string, options: { highS?: boolean } = {}): string {
  const secret = hexToBytes(privateKeyHex);
  let sig = p256.Signature.fromBytes(p256.sign(utf8ToBytes(payloadToSign), secret, { format: "compact" }), "compact");
  if (options.highS) sig = new p256.Signature(sig.r, p256.Point.Fn.ORDER - sig.s);
  const json = JSON.stringify({ publicKey: bytesToHex(p256.getPublicKey(secret, true)), scheme: STAMP_SCHEME, signature: bytesToHex(sig.toBytes("der")) });
  return base64urlnopad.encode(utf8ToBytes(json));
}
