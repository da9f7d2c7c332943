import { decimalsOf, exchangeRateScaled, hasRate, RATE_SCALE, rateToNumber } from "../exchange-rates/rate-table";
import { MAX_TRANSACTION_USD_CENTS } from "../quotes/limits";
import { currencyShape } from "../sandbox/currencies";

/** A currency the receiver takes: estimated rate from USD (USD per one unit), 1 unit up to the per-payment limit in that currency. */
export function currencyPreference(currency: string) {
  if (!hasRate(currency)) return { currency: currencyShape(currency), estimatedExchangeRate: 1, min: 1, max: Number(MAX_TRANSACTION_USD_CENTS) };
  const rate = exchangeRateScaled("USD", currency);
  // limit (US cents) → major USD → units of `currency` → its smallest unit.
  const max = (MAX_TRANSACTION_USD_CENTS * 10n ** BigInt(decimalsOf(currency)) * RATE_SCALE) / (rate * 100n);
  return { currency: currencyShape(currency), estimatedExchangeRate: rateToNumber(rate), min: 1, max: Number(max) };
}
