import { createHash } from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base58Decode } from "./base58";
import { EVM_WALLET_TYPES } from "./wallet-account-types";

/** Accepted in place of a real signature for every wallet type (the sandbox's legacy value, SPEC.md). */
export const SANDBOX_VALID_SIGNATURE = "sandbox-valid-signature";

/**
 * Whether `signature` proves control of `address` over exactly `message` (sandbox rule, written in
 * the verify route's description):
 * - EVM wallets (ETHEREUM, BASE, POLYGON, PLASMA): an EIP-191 `personal_sign` signature, 65 bytes
 *   r‖s‖v in hex, whose recovered key hashes (keccak-256) to the address.
 * - TRON_WALLET: a TIP-191 `signMessageV2` signature ("\x19TRON Signed Message:\n" prefix), same
 *   layout, recovering to the base58check address.
 * - SOLANA_WALLET: an ed25519 signature of the message's UTF-8 bytes by the address's key, in
 *   base58, hex or base64.
 * - SPARK_WALLET: only the sandbox value (Spark's message-signing format is not published).
 * `sandbox-valid-signature` passes for every type. Pure: no I/O.
 */
export function verifyWalletSignature(input: { accountType: string; address: string; message: string; signature: string }): boolean {
  const { accountType, address, message, signature } = input;
  if (signature === SANDBOX_VALID_SIGNATURE) return true;
  try {
    if (EVM_WALLET_TYPES.has(accountType)) return evmAddressOf(recoverKey("\x19Ethereum Signed Message:\n", message, signature)) === address.toLowerCase();
    if (accountType === "TRON_WALLET") return tronAddressBytesOf(recoverKey("\x19TRON Signed Message:\n", message, signature)) === hex(base58Decode(address)?.slice(0, 21));
    if (accountType === "SOLANA_WALLET") return verifySolana(address, message, signature);
  } catch {
    // malformed signature or key: not a valid proof
  }
  return false;
}

/** The uncompressed public key that signed `prefix + byteLength + message` (keccak-256), or throws. */
function recoverKey(prefix: string, message: string, signature: string): Uint8Array {
  const sig = hexBytes(signature);
  if (!sig || sig.length !== 65) throw new Error("signature must be 65 bytes of hex");
  const v = sig[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) throw new Error("bad recovery id");
  const body = new TextEncoder().encode(message);
  const hash = keccak_256(Uint8Array.from([...new TextEncoder().encode(`${prefix}${body.length}`), ...body]));
  const recovered = Uint8Array.from([recovery, ...sig.slice(0, 64)]);
  return secp256k1.Signature.fromBytes(recovered, "recovered").recoverPublicKey(hash).toBytes(false);
}

/** 0x + the last 20 bytes of keccak-256 of the key without its 0x04 prefix, lowercase. */
export function evmAddressOf(uncompressedKey: Uint8Array): string {
  return `0x${hex(keccak_256(uncompressedKey.slice(1)).slice(-20))}`;
}

function tronAddressBytesOf(uncompressedKey: Uint8Array): string {
  return `41${evmAddressOf(uncompressedKey).slice(2)}`;
}

/** Tron's base58check address of a key: 0x41 ‖ EVM address ‖ first 4 bytes of double SHA-256. */
export function tronAddressOf(uncompressedKey: Uint8Array): Uint8Array {
  const payload = Buffer.from(tronAddressBytesOf(uncompressedKey), "hex");
  const check = createHash("sha256").update(createHash("sha256").update(payload).digest()).digest().subarray(0, 4);
  return Uint8Array.from([...payload, ...check]);
}

function verifySolana(address: string, message: string, signature: string): boolean {
  const key = base58Decode(address);
  const sig = [hexBytes(signature), base58Decode(signature), Uint8Array.from(Buffer.from(signature, "base64"))].find((b) => b?.length === 64);
  if (!key || key.length !== 32 || !sig) return false;
  return ed25519.verify(sig, new TextEncoder().encode(message), key);
}

function hexBytes(value: string): Uint8Array | null {
  const body = value.startsWith("0x") ? value.slice(2) : value;
  return /^([0-9a-fA-F]{2})+$/.test(body) ? Uint8Array.from(Buffer.from(body, "hex")) : null;
}

function hex(bytes: Uint8Array | undefined): string {
  return bytes ? Buffer.from(bytes).toString("hex") : "";
}
