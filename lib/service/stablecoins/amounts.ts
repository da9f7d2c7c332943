import { invalidInput } from "../http/errors";

/**
 * Whole-cent rule (BEHAVIORS.md §6.3): with `d` decimals a token amount must be a multiple of
 * 10^(d−2) (any amount when d ≤ 2); the fiat value in cents is amount / 10^(d−2) (× 10^(2−d)
 * when d < 2). Exact bigint arithmetic, never floats.
 * Throws: INVALID_INPUT naming `amount` when the amount is zero or not a whole number of cents.
 */
export function tokenAmountToCents(amount: string, decimals: number): bigint {
  const value = BigInt(amount);
  if (value <= 0n) throw invalidInput([{ field: "amount", message: "must be greater than zero", constraint: { minimum: 1 } }]);
  if (decimals <= 2) return value * 10n ** BigInt(2 - decimals);
  const unit = 10n ** BigInt(decimals - 2);
  if (value % unit !== 0n)
    throw invalidInput(
      [{ field: "amount", message: `must be a multiple of ${unit} for a token with ${decimals} decimals (whole fiat cents)`, constraint: { multipleOf: unit.toString() } }],
      `amount ${amount} is not a whole number of fiat cents: with ${decimals} decimals it must be a multiple of ${unit} (for example ${unit} = 1 cent). Round it to whole cents and retry.`,
    );
  return value / unit;
}
