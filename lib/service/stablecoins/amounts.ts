import { invalidInput } from "../http/errors";

/** The largest fiat value an operation can carry: its cents are stored as int8 (`fiatAmount`). */
const MAX_FIAT_CENTS = 2n ** 63n - 1n;

/**
 * Whole-cent rule (BEHAVIORS.md §6.3): with `d` decimals a token amount must be a multiple of
 * 10^(d−2) (any amount when d ≤ 2); the fiat value in cents is amount / 10^(d−2) (× 10^(2−d)
 * when d < 2). Exact bigint arithmetic, never floats.
 * Throws: INVALID_INPUT naming `amount` when the amount is zero, not a whole number of cents, or
 * worth more than MAX_FIAT_CENTS.
 */
export function tokenAmountToCents(amount: string, decimals: number): bigint {
  const value = BigInt(amount);
  if (value <= 0n) throw invalidInput([{ field: "amount", message: "must be greater than zero", constraint: { minimum: 1 } }]);
  const unit = 10n ** BigInt(Math.max(decimals - 2, 0));
  if (value % unit !== 0n)
    throw invalidInput(
      [{ field: "amount", message: `must be a multiple of ${unit} for a token with ${decimals} decimals (whole fiat cents)`, constraint: { multipleOf: unit.toString() } }],
      `amount ${amount} is not a whole number of fiat cents: with ${decimals} decimals it must be a multiple of ${unit} (for example ${unit} = 1 cent). Round it to whole cents and retry.`,
    );
  const cents = decimals <= 2 ? value * 10n ** BigInt(2 - decimals) : value / unit;
  if (cents > MAX_FIAT_CENTS) {
    const most = (MAX_FIAT_CENTS * unit) / 10n ** BigInt(Math.max(2 - decimals, 0));
    throw invalidInput([{ field: "amount", message: `is too large: at most ${most} (${MAX_FIAT_CENTS} fiat cents)`, constraint: { maximum: most.toString() } }]);
  }
  return cents;
}

/**
 * A token amount (the token's `tokenDecimals`) in the smallest unit of an internal account's
 * currency (`currencyDecimals`, sandbox currency table), one token to one unit of the currency.
 * Exact for currencies of 2 or more decimals under the whole-cent rule.
 * Throws: INVALID_INPUT naming `amount` when the currency has too few decimals to hold it exactly.
 */
export function tokenAmountInCurrencyUnits(amount: string, tokenDecimals: number, currencyDecimals: number): bigint {
  const value = BigInt(amount);
  if (currencyDecimals >= tokenDecimals) return value * 10n ** BigInt(currencyDecimals - tokenDecimals);
  const unit = 10n ** BigInt(tokenDecimals - currencyDecimals);
  if (value % unit !== 0n)
    throw invalidInput([{ field: "amount", message: `must be a multiple of ${unit}: the destination's currency has ${currencyDecimals} decimals`, constraint: { multipleOf: unit.toString() } }]);
  return value / unit;
}
