import { isSameValueCorridor } from "../exchange-rates/rate-table";

/**
 * A stablecoin is pegged 1:1 to its `baseCurrency`: a mint's backing is one unit of it per token
 * (the fiat cents of BEHAVIORS.md §6.3) and a burn pays one unit of it per token. A currency is
 * worth exactly that per unit only when it is the baseCurrency or another form of it (USD, USDC,
 * USDB, USDT for USD): only then can a token be credited, or named, as that currency.
 */
export function isFormOfBaseCurrency(currency: string, baseCurrency: string): boolean {
  return isSameValueCorridor(currency, baseCurrency);
}
