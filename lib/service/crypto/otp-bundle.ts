import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { parseP256PublicKeyHex } from "./p256-keys";
import { hpkeOpen } from "./wallet-hpke";

export type OpenOtpBundleResult =
  | { ok: true; otpCode: string; publicKeyCompressedHex: string }
  /** malformed: not the `{encappedPublic, ciphertext}` JSON text (400); undecryptable / bad plaintext: 401 */
  | { ok: false; kind: "malformed" | "undecryptable" | "bad-plaintext"; reason: string };

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/**
 * Opens an `encryptedOtpBundle` (WALLET-CRYPTO.md §2) with the OTP challenge's target key: JSON
 * text `{encappedPublic, ciphertext}` HPKE-sealed to `targetPublic`, plaintext
 * `{"otp_code", "public_key"}`. The client key may be compressed or uncompressed; it is returned
 * compressed (the session's identity). The code is returned as sent; the caller checks it.
 */
export async function openEncryptedOtpBundle(bundle: string, target: { privateKeyHex: string; publicKeyUncompressedHex: string }): Promise<OpenOtpBundleResult> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bundle);
  } catch {
    return { ok: false, kind: "malformed", reason: "encryptedOtpBundle is not JSON text" };
  }
  const { encappedPublic, ciphertext } = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (typeof encappedPublic !== "string" || typeof ciphertext !== "string" || !HEX.test(ciphertext) || ciphertext.length < 34)
    return { ok: false, kind: "malformed", reason: "encryptedOtpBundle must hold hex strings encappedPublic and ciphertext" };
  const enc = parseP256PublicKeyHex(encappedPublic);
  if (!enc) return { ok: false, kind: "malformed", reason: "encappedPublic is not a P-256 public key" };

  let plaintext: Uint8Array;
  try {
    plaintext = await hpkeOpen(target.privateKeyHex, hexToBytes(target.publicKeyUncompressedHex), enc.uncompressed, hexToBytes(ciphertext));
  } catch {
    return { ok: false, kind: "undecryptable", reason: "encryptedOtpBundle could not be decrypted with the current OTP target key; request a fresh challenge and encrypt to its otpEncryptionTargetBundle" };
  }
  let inner: unknown;
  try {
    inner = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(plaintext));
  } catch {
    return { ok: false, kind: "bad-plaintext", reason: "decrypted OTP bundle is not JSON" };
  }
  const { otp_code: otpCode, public_key: publicKey } = (typeof inner === "object" && inner !== null ? inner : {}) as Record<string, unknown>;
  const key = parseP256PublicKeyHex(publicKey);
  if (typeof otpCode !== "string" || !key) return { ok: false, kind: "bad-plaintext", reason: "decrypted OTP bundle must hold otp_code (string) and public_key (P-256 hex)" };
  return { ok: true, otpCode, publicKeyCompressedHex: bytesToHex(key.compressed) };
}
