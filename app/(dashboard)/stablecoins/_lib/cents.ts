import { parseMajorUnits } from "@/components/money";

/**
 * The whole-cent rule as the dashboard previews it (the API decides): with `decimals` decimals a
 * token amount is a whole number of cents when it is a multiple of 10^(decimals−2).
 */
export type CentPreview = { ok: true; cents: bigint; display: string } | { ok: false; message: string };

export function previewCents(amount: string, decimals: number): CentPreview {
  if (!/^[0-9]+$/.test(amount)) return { ok: false, message: "Digits only, in the token's smallest unit." };
  const value = BigInt(amount);
  if (value === 0n) return { ok: false, message: "Must be more than zero." };
  let cents: bigint;
  if (decimals <= 2) cents = value * 10n ** BigInt(2 - decimals);
  else {
    const unit = 10n ** BigInt(decimals - 2);
    if (value % unit !== 0n) return { ok: false, message: `Not a whole number of cents: use a multiple of ${unit} (${unit} = 1 cent).` };
    cents = value / unit;
  }
  return { ok: true, cents, display: `$${(cents / 100n).toLocaleString("en-US")}.${String(cents % 100n).padStart(2, "0")}` };
}

/** An operation's fiat value is stored as int8 cents (the API's MAX_FIAT_CENTS): the most a form may ask for. */
const MAX_FIAT_CENTS = 2n ** 63n - 1n;

/** The largest token amount, in the smallest unit, whose fiat value the service can record. */
export function maxTokenUnits(decimals: number): bigint {
  return decimals >= 2 ? MAX_FIAT_CENTS * 10n ** BigInt(decimals - 2) : MAX_FIAT_CENTS / 10n ** BigInt(2 - decimals);
}

export type ParsedTokenAmount = { ok: true; units: string; cents: bigint; display: string } | { ok: false; message: string };

/**
 * A token amount typed in whole tokens ("2.50") as the smallest-unit digit string the API takes
 * ("2500000" with 6 decimals), exactly (digits shifted, no floats), with its fiat value. Refuses
 * what the API would: zero, more decimals than the token has, fractions of a cent, too much.
 */
export function parseTokenAmount(text: string, decimals: number): ParsedTokenAmount {
  const parsed = parseMajorUnits(text, decimals, { max: maxTokenUnits(decimals) });
  if (!parsed.ok) return parsed;
  const cents = previewCents(parsed.minorUnits, decimals);
  // Whole-cent rule (BEHAVIORS.md §6.3): only a token of more than 2 decimals can hold a fraction of a cent.
  if (!cents.ok) return { ok: false, message: "must be whole cents: at most 2 decimal places" };
  return { ok: true, units: parsed.minorUnits, cents: cents.cents, display: cents.display };
}

/**
 * What the amount field takes, by the token's decimals: whole tokens at 0, tenths at 1, and at
 * 2 or more whole cents (the whole-cent rule, BEHAVIORS.md §6.3), however many decimals the token has.
 */
export function tokenAmountHint(symbol: string, decimals: number): string {
  const unit = symbol || "tokens";
  if (decimals <= 0) return `In ${unit}, whole tokens (25): the token has no decimals.`;
  if (decimals === 1) return `In ${unit}, to one decimal place (2.5).`;
  if (decimals === 2) return `In ${unit}, to the cent (2.50).`;
  return `In ${unit}, to the cent (2.50): whole cents only, though the token has ${decimals} decimals.`;
}

export const TERMINAL_STATUSES = new Set(["COMPLETED", "FAILED", "EXPIRED"]);
