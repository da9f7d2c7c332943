/**
 * Money on screen. Amounts are integers in the currency's smallest unit; they are formatted from
 * their digits and the currency's `decimals`, never through floating point (STYLE.md "Money").
 */

export interface MoneyCurrency {
  code: string;
  symbol?: string;
  decimals?: number;
}

/** What the API sends (a JSON integer), a bigint, or a digit string: always as exact digits. */
export type MinorUnits = number | bigint | string;

const INTEGER = /^-?\d+$/;

/** The exact integer digits of an amount. A JSON number is exact up to 2^53, far above 10^11. */
export function minorUnitsToString(amount: MinorUnits): string {
  if (typeof amount === "bigint") return amount.toString();
  if (typeof amount === "string") {
    if (!INTEGER.test(amount)) throw new Error(`Not an integer amount: ${amount}`);
    return BigInt(amount).toString();
  }
  if (!Number.isInteger(amount)) throw new Error(`Not an integer amount: ${amount}`);
  return BigInt(amount).toString();
}

/** "-123456" with 2 decimals → "-1,234.56"; grouping is optional (CSV wants none). */
export function formatMinorUnits(amount: MinorUnits, decimals: number, { grouping = true } = {}): string {
  const digits = minorUnitsToString(amount);
  const isNegative = digits.startsWith("-");
  const unsigned = (isNegative ? digits.slice(1) : digits).padStart(decimals + 1, "0");
  const whole = decimals > 0 ? unsigned.slice(0, -decimals) : unsigned;
  const fraction = decimals > 0 ? unsigned.slice(-decimals) : "";
  const grouped = grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : whole;
  return `${isNegative ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}

/** Most fiat currencies have 2 decimals; the API sends the exact number with every amount. */
export function currencyDecimals(currency: MoneyCurrency): number {
  return currency.decimals ?? 2;
}

/** "$25.00", "€1,000.00", "-$3.10"; without a distinct symbol, "25.000000 USDB". */
export function formatMoney(amount: MinorUnits, currency: MoneyCurrency): string {
  const text = formatMinorUnits(amount, currencyDecimals(currency));
  const symbol = currency.symbol && currency.symbol !== currency.code ? currency.symbol : undefined;
  if (!symbol) return `${text} ${currency.code}`;
  return text.startsWith("-") ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

export type ParsedAmount = { ok: true; minorUnits: string } | { ok: false; message: string };

/** The largest amount a JSON number carries exactly (2^53 − 1): the ceiling when the API states none. */
export const MAX_EXACT_MINOR_UNITS = BigInt(Number.MAX_SAFE_INTEGER);

export interface AmountLimits {
  /** The largest amount the operation takes, in minor units (default MAX_EXACT_MINOR_UNITS). */
  max?: MinorUnits;
  /** Whether 0 means something here (clear nothing, no limit); otherwise an amount must be more than 0. */
  allowZero?: boolean;
  /** The language the user writes numbers in (default: the browser's, browserLocale). */
  locale?: string;
}

/** The browser's language, which says how its user writes numbers; en-US where there is none (the server, tests). */
export function browserLocale(): string {
  return (typeof navigator !== "undefined" && navigator.language) || "en-US";
}

/** How `locale` writes 1,234,567.5: its decimal mark and its thousands separator ("," and "." in de-DE). */
export function numberMarks(locale: string): { decimal: string; group: string } {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  } catch {
    parts = []; // not a language tag: read as en-US
  }
  return { decimal: parts.find((p) => p.type === "decimal")?.value ?? ".", group: parts.find((p) => p.type === "group")?.value ?? "," };
}

const MAJOR = /^(\d*)(?:\.(\d*))?$/;
/** A comma, underscore, space or apostrophe (de-CH): taken only as a thousands separator. */
const SEPARATOR = /[,_\s'’]/;
/** 1–3 digits, then groups of three behind one kind of separator, then optional decimals: "1,234.56", "1 500", "10_000". */
const GROUPED = /^[1-9]\d{0,2}([,_\s'’])\d{3}(?:\1\d{3})*(?:\.\d*)?$/;
/** Indian grouping (en-IN): three digits at the right, pairs before them: "12,34,567.50". */
const GROUPED_IN_LAKHS = /^[1-9]\d?(?:,\d{2})+,\d{3}(?:\.\d*)?$/;
/** One point or comma before exactly three digits, "1.234" or "1,234": thousands or decimals, by the writer's language. */
const ONE_GROUP = /^([1-9]\d{0,2})([.,])(\d{3})$/;
/** Thousands grouped with points, "1.234.567": never decimals (only one point can be). */
const POINT_GROUPED = /^[1-9]\d{0,2}(?:\.\d{3}){2,}$/;

/**
 * Why "1.234" or "1,234" is refused in `locale`, or null where it has one meaning. A point only
 * marks decimals here and a comma only groups thousands; where the user's language groups with a
 * point (de-DE: 1.234 = 1234) or marks decimals with a comma (de-DE, fr-FR: 1,234 = 1.234), the
 * text may mean the other, so it is refused with how to write each meaning, never guessed.
 */
function ambiguityProblem(text: string, decimals: number, locale: string): string | null {
  const match = ONE_GROUP.exec(text);
  if (!match) return null;
  const [, whole, mark, fraction] = match as unknown as [string, string, string, string];
  const { decimal, group } = numberMarks(locale);
  if (mark === "." ? group !== "." : decimal !== ",") return null;
  // As decimals: the digits with a point, and a trailing 0 where the language groups with a point (else ambiguous again).
  const asDecimals = decimals >= 3 ? `, or ${whole}.${fraction}${group === "." ? "0" : ""} for decimals` : "";
  return mark === "."
    ? `is ambiguous: write ${whole}${fraction} (no point) for thousands${asDecimals}; a point only marks decimals here`
    : `is ambiguous: write ${whole}${fraction} (no comma) for thousands${asDecimals}; decimals take a point here`;
}

/**
 * Why a separator in `text` is refused, or null: a comma, underscore or space only groups
 * thousands, so "1,50", "0,99" or "1.234,56" (a decimal comma) and "1 50" are refused rather than
 * read as 150 or 99; "1.234" and "1,234" where the user's language reads them otherwise
 * (ambiguityProblem), and points grouping thousands ("1.234.567"), are refused too. Only text that
 * would otherwise be an amount gets this message; the rest gets the general one.
 */
export function separatorProblem(text: string, decimals: number, locale = browserLocale()): string | null {
  const trimmed = text.trim();
  const ambiguity = ambiguityProblem(trimmed, decimals, locale);
  if (ambiguity) return ambiguity;
  if (POINT_GROUPED.test(trimmed)) return `must not group thousands with points: write ${trimmed.replace(/\./g, "")} (a point only marks decimals here)`;
  if (!SEPARATOR.test(trimmed) || GROUPED.test(trimmed) || GROUPED_IN_LAKHS.test(trimmed)) return null;
  const cleaned = trimmed.replace(/[,_\s'’]/g, "");
  if (!MAJOR.test(cleaned) || !/\d/.test(cleaned)) return null;
  if (trimmed.includes(",")) {
    if (decimals === 0) return "must be a whole amount, e.g. 1500; a comma only groups thousands (1,500)";
    return `must use a point for decimals, e.g. ${decimals === 1 ? "1.5" : "1.50"}; a comma only groups thousands (1,234.50)`;
  }
  return `may have spaces or _ only between groups of three digits, e.g. ${decimals > 0 ? "1 234.50" : "1 234"}`;
}

/**
 * "12.34" → "1234" minor units (2 decimals), exactly: digits are shifted, never multiplied as
 * floats. Accepts "12", "12.", ".5", "1,234.50" (commas, spaces or _ grouping thousands, or
 * "12,34,567" in lakhs), zeros past the currency's decimals ("12.340"), and surrounding spaces;
 * refuses a decimal comma ("1,50"), what the user's language (`locale`) reads otherwise and other
 * separators (separatorProblem), signs, exponents, more fractional digits than the currency has,
 * 0 (unless `allowZero`) and more than `max`, each with a message saying which.
 */
export function parseMajorUnits(text: string, decimals: number, { max = MAX_EXACT_MINOR_UNITS, allowZero = false, locale = browserLocale() }: AmountLimits = {}): ParsedAmount {
  const separator = separatorProblem(text, decimals, locale);
  if (separator) return { ok: false, message: separator };
  const cleaned = text.trim().replace(/[,_\s'’]/g, "");
  const match = MAJOR.exec(cleaned);
  if (!cleaned || !match || (!match[1] && !match[2])) return { ok: false, message: "must be an amount like 12.34" };
  const whole = match[1] ?? "";
  const fraction = match[2] ?? "";
  if (/[^0]/.test(fraction.slice(decimals))) {
    return { ok: false, message: decimals === 0 ? "must be a whole amount (this currency has no decimals)" : `can have at most ${decimals} decimal places` };
  }
  const minorUnits = BigInt(`${whole || "0"}${fraction.slice(0, decimals).padEnd(decimals, "0")}`);
  const problem = amountLimitProblem(minorUnits, { max, allowZero }, decimals);
  return problem ? { ok: false, message: problem } : { ok: true, minorUnits: minorUnits.toString() };
}

/**
 * What is wrong with a non-negative amount under `limits`, or null. The maximum is stated in major
 * units when the currency's `decimals` are known, else in the smallest unit.
 */
export function amountLimitProblem(minorUnits: bigint, { max = MAX_EXACT_MINOR_UNITS, allowZero = false }: AmountLimits = {}, decimals?: number): string | null {
  if (minorUnits === 0n && !allowZero) return "must be more than 0";
  const ceiling = BigInt(minorUnitsToString(max));
  if (minorUnits <= ceiling) return null;
  return decimals === undefined ? `is too large: at most ${formatMinorUnits(ceiling, 0)} in the smallest unit` : `is too large: at most ${formatMinorUnits(ceiling, decimals)}`;
}

export interface MoneyProps {
  amount: MinorUnits;
  currency: MoneyCurrency;
  className?: string;
  testId?: string;
}

/** An amount with its currency, in tabular figures; negative amounts in red. */
export function Money({ amount, currency, className = "", testId }: MoneyProps) {
  const text = formatMoney(amount, currency);
  const tone = text.startsWith("-") ? "text-red-700" : "";
  return (
    <span data-testid={testId} className={`whitespace-nowrap tabular-nums ${tone} ${className}`.trim()} title={`${minorUnitsToString(amount)} minor units (${currency.code})`}>
      {text}
    </span>
  );
}
