import { ServiceError, invalidInput } from "../http/errors";
import { convertMinorUnits, hasRate } from "../exchange-rates/rate-table";
import { MAX_TRANSACTION_USD_CENTS, usdCents } from "../quotes/limits";

/**
 * Whole-cent rule (BEHAVIORS.md §6.3): with `d` decimals a token amount must be a multiple of
 * 10^(d−2) (any amount when d ≤ 2); the fiat value in cents is amount / 10^(d−2) (× 10^(2−d)
 * when d < 2). Exact bigint arithmetic, never floats; how large it may be is assertOperationSize's.
 * Throws: INVALID_INPUT naming `amount` when the amount is zero or not a whole number of cents.
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
  return decimals <= 2 ? value * 10n ** BigInt(2 - decimals) : value / unit;
}

/**
 * Per-operation size limit (ours: SPEC.md § Limits shows no value): one mint or burn may carry at
 * most what one payment may, USD 10,000,000 in value (quotes/limits.ts), so that every amount the
 * API accepts can also be funded, credited and paid out. `cents` are of the stablecoin's
 * baseCurrency, valued in USD at the sandbox rate (1:1 for USD).
 * Throws: TRANSACTION_SIZE_LIMIT_EXCEEDED (400) naming the limit and the largest `amount` of this token.
 */
export function assertOperationSize(cents: bigint, baseCurrency: string, decimals: number): void {
  const value = usdCents(cents, baseCurrency);
  if (value <= MAX_TRANSACTION_USD_CENTS) return;
  const mostCents = hasRate(baseCurrency) && hasRate("USD") ? convertMinorUnits(MAX_TRANSACTION_USD_CENTS, "USD", baseCurrency) : MAX_TRANSACTION_USD_CENTS;
  // The largest whole-cent amount of this token within the limit, in its smallest unit.
  const most = decimals >= 2 ? mostCents * 10n ** BigInt(decimals - 2) : mostCents / 10n ** BigInt(2 - decimals);
  throw new ServiceError(
    "TRANSACTION_SIZE_LIMIT_EXCEEDED",
    `A single stablecoin mint or burn may carry at most USD ${MAX_TRANSACTION_USD_CENTS / 100n} in value, as a single payment may: with ${decimals} decimals, amount at most ${most}. This one is worth about USD ${value / 100n}. Split it into several operations.`,
    { details: { field: "amount", limitUsdCents: Number(MAX_TRANSACTION_USD_CENTS), maximum: most.toString(), currency: baseCurrency } },
  );
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
