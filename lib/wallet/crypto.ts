// Browser-side wallet cryptography (WALLET-CRYPTO.md): runs in the end user's browser, and in
// Node for tests. Nothing here touches the network; private keys stay with the caller.
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { p256 } from "@noble/curves/nist.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { base64urlnopad, createBase58check } from "@scure/base";

export const STAMP_SCHEME = "SIGNATURE_SCHEME_TK_API_P256";
const HPKE_INFO = utf8ToBytes("turnkey_hpke");
const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
const base58check = createBase58check(sha256);

export interface WalletKeyPair {
  /** 64 hex: the 32-byte scalar. Never leaves the browser. */
  privateKey: string;
  /** 66 hex, compressed SEC1. */
  publicKey: string;
  /** 130 hex, uncompressed SEC1. */
  publicKeyUncompressed: string;
}

export class WalletCryptoError extends Error {}

export function keyPairFromPrivate(privateKeyHex: string): WalletKeyPair {
  const secret = hexToBytes(privateKeyHex);
  return {
    privateKey: bytesToHex(secret),
    publicKey: bytesToHex(p256.getPublicKey(secret, true)),
    publicKeyUncompressed: bytesToHex(p256.getPublicKey(secret, false)),
  };
}

export function generateKeyPair(): WalletKeyPair {
  return keyPairFromPrivate(bytesToHex(p256.utils.randomSecretKey()));
}

function ab(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer;
}

function uncompressed(publicKey: Uint8Array): Uint8Array {
  return p256.Point.fromBytes(publicKey).toBytes(false);
}

/**
 * The `Service-Wallet-Signature` value, exactly as @turnkey/api-key-stamper builds it: base64url
 * (no padding) of `{"publicKey","scheme","signature"}` where signature is the DER hex ECDSA-P256
 * over SHA-256 of the exact UTF-8 bytes of `payload`.
 */
export function stampPayload(payload: string, key: Pick<WalletKeyPair, "privateKey" | "publicKey">): string {
  const signature = p256.sign(utf8ToBytes(payload), hexToBytes(key.privateKey), { format: "der" });
  const json = JSON.stringify({ publicKey: key.publicKey, scheme: STAMP_SCHEME, signature: bytesToHex(signature) });
  return base64urlnopad.encode(utf8ToBytes(json));
}

export interface DecodedStamp {
  publicKey: string;
  scheme: string;
  signature: string;
}

/** Decodes a stamp header value; throws WalletCryptoError when it is not one. */
export function decodeStamp(header: string): DecodedStamp {
  try {
    const json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(base64urlnopad.decode(header.trim().replace(/=+$/, "")))) as Record<string, unknown>;
    const { publicKey, scheme, signature } = json;
    if (typeof publicKey !== "string" || typeof scheme !== "string" || typeof signature !== "string") throw new Error("fields");
    return { publicKey, scheme, signature };
  } catch {
    throw new WalletCryptoError("not a wallet signature stamp");
  }
}

/** True when `header` is a valid stamp over exactly `payload` (high-S accepted). */
export function verifyStamp(header: string, payload: string): boolean {
  try {
    const stamp = decodeStamp(header);
    if (stamp.scheme !== STAMP_SCHEME || !/^0[23][0-9a-f]{64}$/.test(stamp.publicKey)) return false;
    return p256.verify(hexToBytes(stamp.signature), utf8ToBytes(payload), hexToBytes(stamp.publicKey), { format: "der", lowS: false });
  } catch {
    return false;
  }
}

export interface TargetBundle {
  targetPublic: string;
  organizationId?: string;
}

/**
 * Checks a signed enclave envelope (`{version, data, dataSignature, enclaveQuorumPublic}`): the
 * signer must be string-equal to the enclave key the platform published, and `dataSignature`
 * must verify over the bytes of `data`. Answers the inner JSON; throws WalletCryptoError naming
 * what failed, `what` being the thing's name for the user.
 */
export function verifyEnclaveEnvelope(envelopeText: string, enclavePublicKey: string, what: string): Record<string, unknown> {
  let envelope: Record<string, unknown>;
  try {
    envelope = JSON.parse(envelopeText) as Record<string, unknown>;
  } catch {
    throw new WalletCryptoError(`The ${what} is not valid JSON.`);
  }
  const { data, dataSignature, enclaveQuorumPublic } = envelope;
  if (typeof data !== "string" || typeof dataSignature !== "string" || typeof enclaveQuorumPublic !== "string") {
    throw new WalletCryptoError(`The ${what} is missing data, dataSignature or enclaveQuorumPublic.`);
  }
  if (enclaveQuorumPublic.toLowerCase() !== enclavePublicKey.toLowerCase()) {
    throw new WalletCryptoError(`The ${what} was not signed by the wallet enclave key.`);
  }
  let dataBytes: Uint8Array;
  let ok: boolean;
  try {
    dataBytes = hexToBytes(data);
    ok = p256.verify(hexToBytes(dataSignature), dataBytes, hexToBytes(enclaveQuorumPublic), { format: "der", lowS: false });
  } catch {
    ok = false;
  }
  if (!ok) throw new WalletCryptoError(`The ${what}'s signature does not verify against the wallet enclave key.`);
  try {
    const inner = JSON.parse(new TextDecoder().decode(dataBytes!)) as unknown;
    if (typeof inner === "object" && inner !== null) return inner as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new WalletCryptoError(`The ${what}'s data is not a JSON object.`);
}

/** Reads and checks an `otpEncryptionTargetBundle` (see verifyEnclaveEnvelope). */
export function verifyTargetBundle(bundleText: string, enclavePublicKey: string): TargetBundle {
  const inner = verifyEnclaveEnvelope(bundleText, enclavePublicKey, "sign-in bundle");
  if (typeof inner.targetPublic !== "string" || !/^04[0-9a-f]{128}$/i.test(inner.targetPublic)) {
    throw new WalletCryptoError("The sign-in bundle has no uncompressed targetPublic key.");
  }
  return { targetPublic: inner.targetPublic.toLowerCase(), ...(typeof inner.organizationId === "string" && { organizationId: inner.organizationId }) };
}

/** Opens an `encryptedWalletCredentials` export envelope with the export's client key: the mnemonic. */
export async function openWalletExport(envelopeText: string, clientPrivateKeyHex: string, enclavePublicKey: string): Promise<string> {
  const inner = verifyEnclaveEnvelope(envelopeText, enclavePublicKey, "wallet export");
  if (typeof inner.encappedPublic !== "string" || typeof inner.ciphertext !== "string") throw new WalletCryptoError("The wallet export has no encappedPublic or ciphertext.");
  try {
    const plaintext = await hpkeOpen(clientPrivateKeyHex, hexToBytes(inner.encappedPublic), hexToBytes(inner.ciphertext));
    return new TextDecoder("utf-8", { fatal: true }).decode(plaintext);
  } catch {
    throw new WalletCryptoError("The wallet export could not be opened with this browser's key.");
  }
}

/** Single-shot HPKE seal (Turnkey profile). `ephemeralPrivateKeyHex` is for test vectors only. */
export async function hpkeSeal(recipientPublicKey: Uint8Array, plaintext: Uint8Array, ephemeralPrivateKeyHex?: string): Promise<{ enc: Uint8Array; ciphertext: Uint8Array }> {
  const recipient65 = uncompressed(recipientPublicKey);
  const recipientKey = await suite.kem.deserializePublicKey(ab(recipient65));
  let ekm: CryptoKeyPair | undefined;
  if (ephemeralPrivateKeyHex) {
    const secret = hexToBytes(ephemeralPrivateKeyHex);
    ekm = { privateKey: await suite.kem.deserializePrivateKey(ab(secret)), publicKey: await suite.kem.deserializePublicKey(ab(p256.getPublicKey(secret, false))) };
  }
  const ctx = await suite.createSenderContext({ recipientPublicKey: recipientKey, info: ab(HPKE_INFO), ...(ekm && { ekm }) });
  const enc = new Uint8Array(ctx.enc);
  const ciphertext = new Uint8Array(await ctx.seal(ab(plaintext), ab(concatBytes(enc, recipient65))));
  return { enc, ciphertext };
}

/** Single-shot HPKE open (Turnkey profile); `enc` may be compressed. */
export async function hpkeOpen(recipientPrivateKeyHex: string, enc: Uint8Array, ciphertext: Uint8Array): Promise<Uint8Array> {
  const secret = hexToBytes(recipientPrivateKeyHex);
  const recipient65 = p256.getPublicKey(secret, false);
  const enc65 = uncompressed(enc);
  const recipientKey = await suite.kem.deserializePrivateKey(ab(secret));
  const ctx = await suite.createRecipientContext({ recipientKey, enc: ab(enc65), info: ab(HPKE_INFO) });
  return new Uint8Array(await ctx.open(ab(ciphertext), ab(concatBytes(enc65, recipient65))));
}

/**
 * The `encryptedOtpBundle` for the verify body: checks the target bundle against the enclave key,
 * then HPKE-seals `{"otp_code","public_key"}` to its targetPublic.
 */
export async function encryptOtpBundle(otpCode: string, targetBundleText: string, publicKey: string, enclavePublicKey: string, ephemeralPrivateKeyHex?: string): Promise<string> {
  const { targetPublic } = verifyTargetBundle(targetBundleText, enclavePublicKey);
  const plaintext = utf8ToBytes(JSON.stringify({ otp_code: otpCode, public_key: publicKey }));
  const { enc, ciphertext } = await hpkeSeal(hexToBytes(targetPublic), plaintext, ephemeralPrivateKeyHex);
  return JSON.stringify({ encappedPublic: bytesToHex(enc), ciphertext: bytesToHex(ciphertext) });
}

/** Opens an `encryptedSessionSigningKey` (base58check(compressed enc ‖ ct‖tag)) with the client key. */
export async function openSessionKey(encryptedSessionSigningKey: string, clientPrivateKeyHex: string): Promise<WalletKeyPair> {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(encryptedSessionSigningKey);
  } catch {
    throw new WalletCryptoError("The sealed session key is not valid base58check.");
  }
  if (payload.length !== 81) throw new WalletCryptoError("The sealed session key has the wrong length.");
  try {
    const scalar = await hpkeOpen(clientPrivateKeyHex, payload.slice(0, 33), payload.slice(33));
    return keyPairFromPrivate(bytesToHex(scalar));
  } catch {
    throw new WalletCryptoError("The sealed session key could not be opened with this browser's key.");
  }
}

/** Sandbox OIDC nonce: hex SHA-256 of the UTF-8 text of clientPublicKey. */
export function oidcNonce(clientPublicKey: string): string {
  return bytesToHex(sha256(utf8ToBytes(clientPublicKey)));
}
