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

/** Token units for a dollar amount typed as "12.34" (helper for the form), or null. */
export function tokenUnitsForDollars(dollars: string, decimals: number): string | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(dollars.trim());
  if (!m) return null;
  const cents = BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0") || "0");
  return decimals >= 2 ? (cents * 10n ** BigInt(decimals - 2)).toString() : decimals === 1 ? (cents % 10n === 0n ? (cents / 10n).toString() : null) : cents % 100n === 0n ? (cents / 100n).toString() : null;
}

export const TERMINAL_STATUSES = new Set(["COMPLETED", "FAILED", "EXPIRED"]);
