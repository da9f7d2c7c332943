import { describe, expect, it } from "vitest";
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base58Decode, base58Encode } from "./base58";
import { SANDBOX_VALID_SIGNATURE, evmAddressOf, tronAddressOf, verifyWalletSignature } from "./verify-wallet-signature";

const MESSAGE = "Service wallet ownership verification\n\nNonce: 00ff";
const KEY = secp256k1.utils.randomSecretKey();

/** What a wallet's personal_sign / signMessageV2 returns: r‖s‖v hex, v = 27 + recovery. */
function signPrefixed(prefix: string, message: string, secretKey: Uint8Array): string {
  const body = new TextEncoder().encode(message);
  const hash = keccak_256(Uint8Array.from([...new TextEncoder().encode(`${prefix}${body.length}`), ...body]));
  const rec = secp256k1.sign(hash, secretKey, { prehash: false, format: "recovered" });
  return `0x${Buffer.from([...rec.slice(1), rec[0]! + 27]).toString("hex")}`;
}

describe("base58", () => {
  it("matches the reference vectors, leading zero bytes included", () => {
    expect(base58Encode(new TextEncoder().encode("Hello World!"))).toBe("2NEpo7TZRRrLZSi2U");
    expect(base58Encode(Uint8Array.from([0, 0, 1]))).toBe("112");
    expect(Buffer.from(base58Decode("112")!)).toEqual(Buffer.from([0, 0, 1]));
    expect(base58Decode("0OIl")).toBeNull();
  });
});

describe("verifyWalletSignature", () => {
  it("derives the well-known Ethereum address of secret key 1", () => {
    const one = Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 1 : 0));
    expect(evmAddressOf(secp256k1.getPublicKey(one, false))).toBe("0x7e5f4552091a69125d5dfcb7b8c2659029395bdf");
  });

  it("accepts the sandbox value for every wallet type", () => {
    for (const accountType of ["ETHEREUM_WALLET", "SOLANA_WALLET", "TRON_WALLET", "SPARK_WALLET"])
      expect(verifyWalletSignature({ accountType, address: "x", message: MESSAGE, signature: SANDBOX_VALID_SIGNATURE })).toBe(true);
  });

  it("accepts an EIP-191 personal_sign signature by the address's key on every EVM chain, with any address case", () => {
    const address = evmAddressOf(secp256k1.getPublicKey(KEY, false));
    const signature = signPrefixed("\x19Ethereum Signed Message:\n", MESSAGE, KEY);
    for (const accountType of ["ETHEREUM_WALLET", "BASE_WALLET", "POLYGON_WALLET", "PLASMA_WALLET"])
      expect(verifyWalletSignature({ accountType, address: address.toUpperCase().replace("0X", "0x"), message: MESSAGE, signature })).toBe(true);
  });

  it("rejects an EVM signature over another message, by another key, or malformed", () => {
    const address = evmAddressOf(secp256k1.getPublicKey(KEY, false));
    const check = (signature: string, message = MESSAGE) => verifyWalletSignature({ accountType: "ETHEREUM_WALLET", address, message, signature });
    expect(check(signPrefixed("\x19Ethereum Signed Message:\n", MESSAGE, KEY), `${MESSAGE}!`)).toBe(false);
    expect(check(signPrefixed("\x19Ethereum Signed Message:\n", MESSAGE, secp256k1.utils.randomSecretKey()))).toBe(false);
    expect(check(signPrefixed("\x19TRON Signed Message:\n", MESSAGE, KEY))).toBe(false);
    expect(check("0x1234")).toBe(false);
    expect(check("not hex at all")).toBe(false);
  });

  it("accepts a TIP-191 signature recovering to the base58check Tron address", () => {
    const address = base58Encode(tronAddressOf(secp256k1.getPublicKey(KEY, false)));
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(verifyWalletSignature({ accountType: "TRON_WALLET", address, message: MESSAGE, signature: signPrefixed("\x19TRON Signed Message:\n", MESSAGE, KEY) })).toBe(true);
    expect(verifyWalletSignature({ accountType: "TRON_WALLET", address, message: MESSAGE, signature: signPrefixed("\x19Ethereum Signed Message:\n", MESSAGE, KEY) })).toBe(false);
  });

  it("accepts an ed25519 Solana signature in base58, hex or base64, and nothing else", () => {
    const secret = ed25519.utils.randomSecretKey();
    const address = base58Encode(ed25519.getPublicKey(secret));
    const sig = ed25519.sign(new TextEncoder().encode(MESSAGE), secret);
    for (const signature of [base58Encode(sig), Buffer.from(sig).toString("hex"), Buffer.from(sig).toString("base64")])
      expect(verifyWalletSignature({ accountType: "SOLANA_WALLET", address, message: MESSAGE, signature })).toBe(true);
    const other = ed25519.sign(new TextEncoder().encode(`${MESSAGE}!`), secret);
    expect(verifyWalletSignature({ accountType: "SOLANA_WALLET", address, message: MESSAGE, signature: base58Encode(other) })).toBe(false);
  });

  it("accepts only the sandbox value for Spark wallets", () => {
    expect(verifyWalletSignature({ accountType: "SPARK_WALLET", address: "sparkrt1qqqq", message: MESSAGE, signature: signPrefixed("", MESSAGE, KEY) })).toBe(false);
  });
});
