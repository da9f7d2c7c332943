/**
 * The currencies the sandbox knows: ISO 4217 minor units for fiat, BEHAVIORS.md §1.6 for crypto
 * (USDC 2 per 10.3, USDB 6, BTC 8; USDT 6 as on its chains). Decimals live only in this table.
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
  // Every other currency an external account type pays in, and common SWIFT currencies, so that
  // an account the API accepts can also be paid (ISO 4217 minor units).
  { code: "AED", name: "UAE Dirham", symbol: "AED", decimals: 2, kind: "FIAT" },
  { code: "AUD", name: "Australian Dollar", symbol: "A$", decimals: 2, kind: "FIAT" },
  { code: "BDT", name: "Bangladeshi Taka", symbol: "৳", decimals: 2, kind: "FIAT" },
  { code: "BWP", name: "Botswana Pula", symbol: "P", decimals: 2, kind: "FIAT" },
  { code: "CHF", name: "Swiss Franc", symbol: "CHF", decimals: 2, kind: "FIAT" },
  { code: "CNY", name: "Chinese Yuan", symbol: "CN¥", decimals: 2, kind: "FIAT" },
  { code: "DKK", name: "Danish Krone", symbol: "kr", decimals: 2, kind: "FIAT" },
  { code: "EGP", name: "Egyptian Pound", symbol: "E£", decimals: 2, kind: "FIAT" },
  { code: "GHS", name: "Ghanaian Cedi", symbol: "GH₵", decimals: 2, kind: "FIAT" },
  { code: "GTQ", name: "Guatemalan Quetzal", symbol: "Q", decimals: 2, kind: "FIAT" },
  { code: "HKD", name: "Hong Kong Dollar", symbol: "HK$", decimals: 2, kind: "FIAT" },
  { code: "HTG", name: "Haitian Gourde", symbol: "G", decimals: 2, kind: "FIAT" },
  { code: "IDR", name: "Indonesian Rupiah", symbol: "Rp", decimals: 2, kind: "FIAT" },
  { code: "JMD", name: "Jamaican Dollar", symbol: "J$", decimals: 2, kind: "FIAT" },
  { code: "JPY", name: "Japanese Yen", symbol: "¥", decimals: 0, kind: "FIAT" },
  { code: "MWK", name: "Malawian Kwacha", symbol: "MK", decimals: 2, kind: "FIAT" },
  { code: "MYR", name: "Malaysian Ringgit", symbol: "RM", decimals: 2, kind: "FIAT" },
  { code: "NOK", name: "Norwegian Krone", symbol: "kr", decimals: 2, kind: "FIAT" },
  { code: "PKR", name: "Pakistani Rupee", symbol: "Rs", decimals: 2, kind: "FIAT" },
  { code: "PLN", name: "Polish Zloty", symbol: "zł", decimals: 2, kind: "FIAT" },
  { code: "RWF", name: "Rwandan Franc", symbol: "FRw", decimals: 0, kind: "FIAT" },
  { code: "SEK", name: "Swedish Krona", symbol: "kr", decimals: 2, kind: "FIAT" },
  { code: "THB", name: "Thai Baht", symbol: "฿", decimals: 2, kind: "FIAT" },
  { code: "TZS", name: "Tanzanian Shilling", symbol: "TSh", decimals: 2, kind: "FIAT" },
  { code: "UGX", name: "Ugandan Shilling", symbol: "USh", decimals: 0, kind: "FIAT" },
  { code: "XAF", name: "Central African CFA Franc", symbol: "FCFA", decimals: 0, kind: "FIAT" },
  { code: "ZAR", name: "South African Rand", symbol: "R", decimals: 2, kind: "FIAT" },
  { code: "ZMW", name: "Zambian Kwacha", symbol: "ZK", decimals: 2, kind: "FIAT" },
  { code: "USDC", name: "USD Coin", symbol: "USDC", decimals: 2, kind: "CRYPTO" },
  { code: "USDB", name: "USDB", symbol: "USDB", decimals: 6, kind: "CRYPTO" },
  { code: "USDT", name: "Tether USD", symbol: "USDT", decimals: 6, kind: "CRYPTO" },
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
  DKK: "SEPA_INSTANT",
  TZS: "MOBILE_MONEY",
  RWF: "MOBILE_MONEY",
  ZMW: "MOBILE_MONEY",
  UGX: "MOBILE_MONEY",
  MWK: "MOBILE_MONEY",
  BWP: "MOBILE_MONEY",
  XAF: "MOBILE_MONEY",
  HTG: "MOBILE_MONEY",
  USDC: "BANK_TRANSFER",
  USDB: "BANK_TRANSFER",
  BTC: "BANK_TRANSFER",
};
