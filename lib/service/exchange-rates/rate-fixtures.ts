// Test-only helpers for the exchange-rate tests (imported by *.test.ts files only).

/** A decimal's plain text without exponent or trailing zeros: "6.15384616e-10" → "0.000000000615384616". */
export function plainDecimal(text: string): string {
  const [mantissa, exp = "0"] = text.toLowerCase().split("e");
  const [whole, frac = ""] = mantissa!.split(".");
  const digits = `${whole}${frac}`;
  const point = whole!.length + Number(exp);
  const padded = point <= 0 ? `${"0".repeat(1 - point)}${digits}` : digits.padEnd(point, "0");
  const at = Math.max(point, 1);
  const intPart = padded.slice(0, at).replace(/^0+(?=\d)/, "");
  const fracPart = padded.slice(at).replace(/0+$/, "");
  return fracPart ? `${intPart}.${fracPart}` : intPart;
}

/** The rate a client reads from a JSON number, as an exact decimal: JSON.parse, then its shortest text. */
export const rateAsParsed = (value: number): string => plainDecimal(String(value));
