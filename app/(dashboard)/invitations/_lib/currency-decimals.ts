/** Decimals of the platform currencies (BEHAVIORS.md §1.6): most 2, VND and XOF 0, USDB 6, BTC 8. */
const DECIMALS: Record<string, number> = { VND: 0, XOF: 0, USDB: 6, BTC: 8 };

export function currencyDecimalsOf(code: string): number {
  return DECIMALS[code] ?? 2;
}
