import { CURRENCIES, currencyInfo } from "../sandbox/currencies";

/**
 * Sandbox FX: fixed per corridor (BEHAVIORS.md 10.11), derived from each currency's value in USD.
 * `exchangeRate` on the wire is sending units per one receiving unit, in major units (BEHAVIORS.md
 * §2.2). A rate is an exact decimal held as a bigint scaled by RATE_SCALE (18 places, as the
 * `exchangeRate` columns): the corridor's exact ratio when it has at most 8 decimal places, else
 * that ratio rounded up to 8 decimal places or to 9 significant digits, whichever keeps more
 * (RATE_MIN_PLACES, RATE_SIGNIFICANT_DIGITS), but never to more than 15 significant digits
 * (RATE_MAX_SIGNIFICANT_DIGITS: rates from 1e7 up keep fewer places, RWF → BTC is 90277777.7777778),
 * so the JSON number a client parses is exactly the rate. A rate is never 0 (BTC → VND is
 * 6.15384616e-10), is off by less than 1e-8 of itself, and leans the service's way as every other
 * rounding does (10.11: R down, required S up): x(A→B)·x(B→A) ≥ 1, so a round trip never gains.
 */
export const RATE_PLACES = 18;
export const RATE_SCALE = 10n ** BigInt(RATE_PLACES);
/** BEHAVIORS.md 10.11: "8 decimal places" at least. */
export const RATE_MIN_PLACES = 8;
/** Digits a rate below 1 keeps (relative precision 1e-8). */
export const RATE_SIGNIFICANT_DIGITS = 9;
/**
 * Digits a rate keeps at most: any decimal of 15 significant digits survives a trip through a
 * double (DBL_DIG), so a client parsing the JSON number reads exactly the rate the amounts used.
 */
export const RATE_MAX_SIGNIFICANT_DIGITS = 15;

const USD_VALUE: Readonly<Record<string, bigint>> = {
  USD: 100_000_000n,
  USDC: 100_000_000n,
  USDB: 100_000_000n,
  USDT: 100_000_000n,
  EUR: 108_000_000n,
  GBP: 127_000_000n,
  CAD: 73_000_000n,
  SGD: 74_000_000n,
  MXN: 5_800_000n,
  BRL: 18_000_000n,
  INR: 1_200_000n,
  PHP: 1_750_000n,
  KES: 770_000n,
  NGN: 65_000n,
  COP: 25_000n,
  VND: 4_000n,
  XOF: 165_000n,
  AED: 27_230_000n,
  AUD: 66_000_000n,
  BDT: 820_000n,
  BWP: 7_400_000n,
  CHF: 113_000_000n,
  CNY: 13_800_000n,
  DKK: 14_500_000n,
  EGP: 2_050_000n,
  GHS: 6_500_000n,
  GTQ: 12_900_000n,
  HKD: 12_800_000n,
  HTG: 760_000n,
  IDR: 6_200n,
  JMD: 640_000n,
  JPY: 670_000n,
  MWK: 58_000n,
  MYR: 22_000_000n,
  NOK: 9_300_000n,
  PKR: 360_000n,
  PLN: 25_000_000n,
  RWF: 72_000n,
  SEK: 9_500_000n,
  THB: 2_900_000n,
  TZS: 38_000n,
  UGX: 27_000n,
  XAF: 165_000n,
  ZAR: 5_500_000n,
  ZMW: 3_700_000n,
  BTC: 6_500_000_000_000n,
};

/** Currencies that are the US dollar in another form: converting among them is 1:1 and fee-free. */
const DOLLAR_FORMS = new Set(["USD", "USDC", "USDB", "USDT"]);

export function hasRate(code: string): boolean {
  return code in USD_VALUE && CURRENCIES.has(code);
}

/**
 * Sending units per one receiving unit, scaled by RATE_SCALE: the exact ratio of the two
 * currencies' values rounded up to max(8 decimal places, 9 significant digits), at most 15
 * significant digits (see RATE_SCALE).
 */
export function exchangeRateScaled(source: string, destination: string): bigint {
  const s = USD_VALUE[source];
  const d = USD_VALUE[destination];
  if (s === undefined || d === undefined) throw new Error(`no sandbox rate for ${source}->${destination}`);
  const digits = 10n ** BigInt(RATE_SIGNIFICANT_DIGITS - 1);
  let places = RATE_MIN_PLACES;
  while (places < RATE_PLACES && (d * 10n ** BigInt(places)) / s < digits) places++;
  // From 1e7 up, 8 places exceed RATE_MAX_SIGNIFICANT_DIGITS (IDR → BTC 1048387096.77419355 was read
  // back as 1048387096.7741935): keep fewer, rounded up all the same. Below 1 the loop keeps 9 or 10.
  if (d >= s) places = Math.min(places, RATE_MAX_SIGNIFICANT_DIGITS - (d / s).toString().length);
  const unit = 10n ** BigInt(RATE_PLACES - places);
  return ceilDiv(d * RATE_SCALE, s * unit) * unit;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

export function isSameValueCorridor(source: string, destination: string): boolean {
  return source === destination || (DOLLAR_FORMS.has(source) && DOLLAR_FORMS.has(destination));
}

/** The service's own variable fee in basis points (BEHAVIORS.md 10.12). */
export function serviceVariableFeeBps(source: string, destination: string): bigint {
  return isSameValueCorridor(source, destination) ? 0n : 50n;
}

/** a / b rounded half-to-even (a, b > 0 or a = 0). */
export function divideHalfEven(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  const twice = 2n * r;
  if (twice > b || (twice === b && q % 2n === 1n)) return q + 1n;
  return q;
}

/**
 * `amount` (smallest unit of `from`) in the smallest unit of `to` at the sandbox rate, rounded
 * down. Both must have a rate (hasRate).
 */
export function convertMinorUnits(amount: bigint, from: string, to: string): bigint {
  if (from === to) return amount;
  // Units of `to` per one unit of `from` = exchangeRateScaled(to, from) / RATE_SCALE.
  const shift = decimalsOf(to) - decimalsOf(from);
  const numerator = amount * exchangeRateScaled(to, from) * 10n ** BigInt(Math.max(shift, 0));
  return numerator / (RATE_SCALE * 10n ** BigInt(Math.max(-shift, 0)));
}

export function decimalsOf(code: string): number {
  return currencyInfo(code)?.decimals ?? 2;
}

/** The exact decimal text of a scaled rate (trailing zeros dropped), for the `exchangeRate` columns. */
export function rateToDecimal(scaled: bigint): string {
  const whole = scaled / RATE_SCALE;
  const frac = (scaled % RATE_SCALE).toString().padStart(RATE_PLACES, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** Renders a scaled rate as a JSON number without float arithmetic on the value itself. */
export function rateToNumber(scaled: bigint): number {
  return Number(rateToDecimal(scaled));
}
