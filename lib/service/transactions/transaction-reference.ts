import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford base32: no I, L, O, U

/**
 * A new reconciliation reference: `TX` and 12 Crockford base32 characters (60 random bits), short
 * enough for a bank memo and unique per platform (enforced by the database).
 */
export function newTransactionReference(): string {
  const bytes = randomBytes(12);
  let out = "TX";
  for (const byte of bytes) out += ALPHABET[byte & 31];
  return out;
}

/** BEHAVIORS.md 10.32: a refund's reference is the original one followed by `-REFUND`. */
export function refundReference(reference: string): string {
  return `${reference}-REFUND`;
}
