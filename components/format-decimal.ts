/** A number as JavaScript writes it: sign, digits, an optional fraction and an optional exponent. */
const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/**
 * A rate or multiplier (a JSON number) as a plain decimal, never in exponent notation:
 * 1e-8 → "0.00000001", 5.8512345e-9 → "0.0000000058512345", 1.5e21 → "1500000000000000000000".
 * Every significant digit of the number's shortest form is kept, so the text reads back as the same
 * number; `grouping` puts commas in the whole part (pages), never in the fraction (CSV wants none).
 */
export function formatDecimal(value: number, { grouping = false } = {}): string {
  const match = NUMBER_TEXT.exec(String(value));
  if (!match) return String(value); // NaN or ±Infinity: no JSON number is either.
  const [, sign, whole = "", fraction = "", exponent = "0"] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  const [wholePart, fractionPart] =
    point <= 0 ? ["0", "0".repeat(-point) + digits] : point >= digits.length ? [digits + "0".repeat(point - digits.length), ""] : [digits.slice(0, point), digits.slice(point)];
  const trimmedWhole = wholePart.replace(/^0+(?=\d)/, "");
  const trimmedFraction = fractionPart.replace(/0+$/, "");
  const shownWhole = grouping ? trimmedWhole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : trimmedWhole;
  const text = trimmedFraction ? `${shownWhole}.${trimmedFraction}` : shownWhole;
  return sign && text !== "0" ? `-${text}` : text;
}
