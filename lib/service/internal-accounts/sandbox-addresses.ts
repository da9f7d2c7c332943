import { createHash } from "node:crypto";

/**
 * Deterministic, well-formed sandbox account numbers and wallet addresses derived from an internal
 * account id, so an account's funding instructions never change and never collide in practice.
 * None of them is a real account: the bank identifiers are documented test values.
 */
export function seedBytes(internalAccountId: string, purpose: string): Buffer {
  return createHash("sha256").update(`${purpose}:${internalAccountId}`).digest();
}

/** `length` decimal digits taken from the seed. */
export function digits(seed: Buffer, length: number): string {
  const value = BigInt(`0x${seed.toString("hex")}`) % 10n ** BigInt(length);
  return value.toString().padStart(length, "0");
}

/** ISO 13616 IBAN with its mod-97 check digits. */
export function iban(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const check = 98n - (BigInt(numeric) % 97n);
  return `${country}${check.toString().padStart(2, "0")}${bban}`;
}

/** Mexican CLABE: 17 digits and the weighted (3, 7, 1) check digit. */
export function clabe(first17: string): string {
  const weights = [3, 7, 1];
  const sum = [...first17].reduce((total, d, i) => total + ((Number(d) * weights[i % 3]!) % 10), 0);
  return `${first17}${(10 - (sum % 10)) % 10}`;
}

/** ABA routing number check: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  return (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)) % 10 === 0;
}

/** An EVM address (Ethereum, Base, Polygon): 0x and 20 bytes, lower case. */
export function evmAddress(seed: Buffer): string {
  return `0x${seed.subarray(0, 20).toString("hex")}`;
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** A Solana address: 32 bytes in base58. */
export function solanaAddress(seed: Buffer): string {
  let value = BigInt(`0x${seed.subarray(0, 32).toString("hex")}`);
  let out = "";
  while (value > 0n) {
    out = BASE58[Number(value % 58n)]! + out;
    value /= 58n;
  }
  for (const byte of seed.subarray(0, 32)) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

function polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const value of values) {
    const top = chk >> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >> i) & 1) chk ^= generators[i]!;
  }
  return chk;
}

/**
 * A native segwit v0 (P2WPKH) address for Bitcoin regtest, the sandbox's network (BEHAVIORS.md
 * §1.6): BIP-173 bech32 with human-readable part `bcrt`.
 */
export function bitcoinRegtestAddress(seed: Buffer): string {
  const hrp = "bcrt";
  const words: number[] = [0];
  let acc = 0;
  let bits = 0;
  for (const byte of seed.subarray(0, 20)) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const mod = polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((w) => BECH32[w]).join("")}`;
}
