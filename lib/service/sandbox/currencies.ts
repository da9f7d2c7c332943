/**
 * The currencies the sandbox knows: ISO 4217 minor units for fiat, BEHAVIORS.md §1.6 for crypto
 * (USDC 2 per 10.3, USDB 6, BTC 8). Decimals live only in this table.
 */
export interface CurrencyInfo {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
  kind: "FIAT" | "CRYPTO";
}

const LIST: CurrencyInfo[] = [
  { code: "USD", name: "United States Dollar", symbol: "$", decimals: 2, kind: "FIAT" },
  { code: "EUR", name: "Euro", symbol: "€", decimals: 2, kind: "FIAT" },
  { code: "GBP", name: "Pound Sterling", symbol: "£", decimals: 2, kind: "FIAT" },
  { code: "MXN", name: "Mexican Peso", symbol: "MX$", decimals: 2, kind: "FIAT" },
  { code: "BRL", name: "Brazilian Real", symbol: "R$", decimals: 2, kind: "FIAT" },
  { code: "INR", name: "Indian Rupee", symbol: "₹", decimals: 2, kind: "FIAT" },
  { code: "CAD", name: "Canadian Dollar", symbol: "CA$", decimals: 2, kind: "FIAT" },
  { code: "SGD", name: "Singapore Dollar", symbol: "S$", decimals: 2, kind: "FIAT" },
  { code: "PHP", name: "Philippine Peso", symbol: "₱", decimals: 2, kind: "FIAT" },
  { code: "NGN", name: "Nigerian Naira", symbol: "₦", decimals: 2, kind: "FIAT" },
  { code: "KES", name: "Kenyan Shilling", symbol: "KSh", decimals: 2, kind: "FIAT" },
  { code: "COP", name: "Colombian Peso", symbol: "COL$", decimals: 2, kind: "FIAT" },
  { code: "VND", name: "Vietnamese Dong", symbol: "₫", decimals: 0, kind: "FIAT" },
  { code: "XOF", name: "West African CFA Franc", symbol: "CFA", decimals: 0, kind: "FIAT" },
  { code: "USDC", name: "USD Coin", symbol: "USDC", decimals: 2, kind: "CRYPTO" },
  { code: "USDB", name: "USDB", symbol: "USDB", decimals: 6, kind: "CRYPTO" },
  { code: "BTC", name: "Bitcoin", symbol: "₿", decimals: 8, kind: "CRYPTO" },
];

export const CURRENCIES: ReadonlyMap<string, CurrencyInfo> = new Map(LIST.map((c) => [c.code, c]));
export const CURRENCY_CODES = LIST.map((c) => c.code);

/** Sandbox platforms start with these enabled (BEHAVIORS.md §1.6). */
export const DEFAULT_ENABLED_CURRENCIES = ["USD", "USDC", "USDB"];

export function currencyInfo(code: string): CurrencyInfo | undefined {
  return CURRENCIES.get(code);
}

/** The wire `Currency` shape. */
export function currencyShape(code: string) {
  const info = CURRENCIES.get(code);
  if (!info) return { code };
  return { code: info.code, name: info.name, symbol: info.symbol, decimals: info.decimals };
}

/** The payout rail used for a destination currency when none is named (BEHAVIORS.md §1.6). */
export const DEFAULT_RAIL: Readonly<Record<string, string>> = {
  USD: "ACH",
  EUR: "SEPA_INSTANT",
  GBP: "FASTER_PAYMENTS",
  MXN: "SPEI",
  BRL: "PIX",
  INR: "UPI",
  CAD: "BANK_TRANSFER",
  SGD: "PAYNOW",
  PHP: "INSTAPAY",
  NGN: "BANK_TRANSFER",
  KES: "MOBILE_MONEY",
  COP: "ACH_COLOMBIA",
  VND: "BANK_TRANSFER",
  XOF: "MOBILE_MONEY",
  USDC: "BANK_TRANSFER",
  USDB: "BANK_TRANSFER",
  BTC: "BANK_TRANSFER",
};
