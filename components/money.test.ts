import { describe, expect, it } from "vitest";
import { amountLimitProblem, numberMarks, parseMajorUnits, separatorProblem } from "./money";

describe("parseMajorUnits: typed amounts to exact minor units, or what is wrong", () => {
  it.each([
    ["12.34", 2, "1234"],
    ["1,234.5", 2, "123450"],
    [" .5 ", 2, "50"],
    ["12.", 2, "1200"],
    ["7", 0, "7"],
    ["90071992547409.91", 2, "9007199254740991"],
  ])("reads %j with %i decimals as %s", (text, decimals, minorUnits) => {
    expect(parseMajorUnits(text, decimals)).toEqual({ ok: true, minorUnits });
  });

  it.each([
    ["", 2, "must be an amount like 12.34"],
    ["-5", 2, "must be an amount like 12.34"],
    ["1e3", 2, "must be an amount like 12.34"],
    ["1.234", 2, "can have at most 2 decimal places"],
    ["1.5", 0, "must be a whole amount (this currency has no decimals)"],
    ["0", 2, "must be more than 0"],
    ["0.00", 2, "must be more than 0"],
    ["90071992547409.92", 2, "is too large: at most 90,071,992,547,409.91"],
  ])("refuses %j with %i decimals: %s", (text, decimals, message) => {
    expect(parseMajorUnits(text, decimals)).toEqual({ ok: false, message });
  });

  it("says an amount above the operation's maximum is too large and states the maximum in the currency's units", () => {
    const max = 10n ** 15n;
    expect(parseMajorUnits("10000000000000", 2, { max })).toEqual({ ok: true, minorUnits: "1000000000000000" });
    expect(parseMajorUnits("10000000000000.01", 2, { max })).toEqual({ ok: false, message: "is too large: at most 10,000,000,000,000.00" });
    expect(parseMajorUnits("99999999999999999999", 2, { max })).toEqual({ ok: false, message: "is too large: at most 10,000,000,000,000.00" });
  });

  it("takes 0 only where 0 means something", () => {
    expect(parseMajorUnits("0", 2, { allowZero: true })).toEqual({ ok: true, minorUnits: "0" });
  });

  // A locale's decimal comma ("1,50" in de-DE) was read as a thousands separator: 1,50 → 150.00.
  it.each([
    ["1,234.56", 2, "123456"],
    ["1,500", 2, "150000"],
    ["12,345,678.9", 2, "1234567890"],
    ["1 234.50", 2, "123450"],
    ["1\u00a0234", 2, "123400"],
    ["10_000", 0, "10000"],
    [" 999 ", 2, "99900"],
  ])("takes %j (thousands grouped in threes) with %i decimals as %s", (text, decimals, minorUnits) => {
    expect(parseMajorUnits(text, decimals)).toEqual({ ok: true, minorUnits });
  });

  const DECIMAL_COMMA = "must use a point for decimals, e.g. 1.50; a comma only groups thousands (1,234.50)";
  const LOOSE_SPACING = "may have spaces or _ only between groups of three digits, e.g. 1 234.50";
  it.each([
    ["1,50", 2, DECIMAL_COMMA],
    ["1,5", 2, DECIMAL_COMMA],
    ["0,99", 2, DECIMAL_COMMA],
    ["1.234,56", 2, DECIMAL_COMMA],
    ["1234,567", 2, DECIMAL_COMMA],
    ["1,234,56", 2, DECIMAL_COMMA],
    ["1,2345", 6, DECIMAL_COMMA],
    ["1,234 567", 2, DECIMAL_COMMA],
    ["1,5", 0, "must be a whole amount, e.g. 1500; a comma only groups thousands (1,500)"],
    ["1,5", 1, "must use a point for decimals, e.g. 1.5; a comma only groups thousands (1,234.50)"],
    ["1 50", 2, LOOSE_SPACING],
    ["1_5", 2, LOOSE_SPACING],
    ["12 34.5", 2, LOOSE_SPACING],
    ["1 234_567", 2, LOOSE_SPACING],
    [",", 2, "must be an amount like 12.34"],
    ["-1,50", 2, "must be an amount like 12.34"],
  ])("refuses %j with %i decimals, saying what to type: %s", (text, decimals, message) => {
    expect(parseMajorUnits(text, decimals)).toEqual({ ok: false, message });
  });

  it("names the separator problem on its own for the field to show while typing, and nothing for well-formed text", () => {
    expect(separatorProblem("0,99", 2)).toBe(DECIMAL_COMMA);
    expect(separatorProblem("1,234.56", 2)).toBeNull();
    expect(separatorProblem("12.34", 2)).toBeNull();
    expect(separatorProblem("abc", 2)).toBeNull();
  });
});

// A de-DE user's "1.234" (one thousand two hundred thirty-four) was read as 1.234, and their "1,500" (one and a half) as 1500.
describe("parseMajorUnits in the user's language: what it could read otherwise is refused with how to write it, never guessed", () => {
  const AMBIGUOUS_POINT = "is ambiguous: write 1234 (no point) for thousands; a point only marks decimals here";
  const AMBIGUOUS_COMMA = "is ambiguous: write 1234 (no comma) for thousands; decimals take a point here";
  it.each([
    // en-US: a comma groups thousands, a point marks decimals.
    ["en-US", "1,234", 2, "123400"],
    ["en-US", "1.234", 6, "1234000"],
    ["en-US", "1,234.56", 2, "123456"],
    // de-DE groups with a point: only what cannot be thousands is taken.
    ["de-DE", "1.50", 2, "150"],
    ["de-DE", "1234", 2, "123400"],
    ["de-DE", "1,234.56", 2, "123456"], // both marks: the point can only be decimals
    ["de-DE", "1 234.56", 2, "123456"],
    ["de-DE", "1.2340", 6, "1234000"], // the way to write 1.234 the message gives
    ["de-DE", "1.2340", 3, "1234"], // zeros past the currency's decimals change nothing
    // fr-FR groups with a narrow no-break space; a point is read as decimals.
    ["fr-FR", "1\u202f234.50", 2, "123450"],
    ["fr-FR", "1\u202f234\u202f567", 0, "1234567"],
    ["fr-FR", "1.234", 6, "1234000"],
    // en-IN groups in lakhs.
    ["en-IN", "12,34,567.50", 2, "123456750"],
    ["en-IN", "1,23,456", 0, "123456"],
    ["en-IN", "1,234", 2, "123400"],
    ["de-CH", "1'234.50", 2, "123450"],
  ])("%s: takes %j with %i decimals as %s", (locale, text, decimals, minorUnits) => {
    expect(parseMajorUnits(text, decimals, { locale })).toEqual({ ok: true, minorUnits });
  });

  it.each([
    ["de-DE", "1.234", 2, AMBIGUOUS_POINT],
    ["de-DE", "1.234", 6, "is ambiguous: write 1234 (no point) for thousands, or 1.2340 for decimals; a point only marks decimals here"],
    ["de-DE", "1.500", 2, "is ambiguous: write 1500 (no point) for thousands; a point only marks decimals here"],
    ["de-DE", "1,234", 2, AMBIGUOUS_COMMA],
    ["de-DE", "1,234", 6, "is ambiguous: write 1234 (no comma) for thousands, or 1.2340 for decimals; decimals take a point here"],
    ["de-DE", "1.234.567", 2, "must not group thousands with points: write 1234567 (a point only marks decimals here)"],
    ["de-DE", "1,5", 2, "must use a point for decimals, e.g. 1.50; a comma only groups thousands (1,234.50)"],
    ["de-DE", "1.234,56", 2, "must use a point for decimals, e.g. 1.50; a comma only groups thousands (1,234.50)"],
    ["fr-FR", "1,234", 6, "is ambiguous: write 1234 (no comma) for thousands, or 1.234 for decimals; decimals take a point here"],
    ["fr-FR", "1\u202f234,5", 2, "must use a point for decimals, e.g. 1.50; a comma only groups thousands (1,234.50)"],
    ["fr-FR", "0,500", 3, "must use a point for decimals, e.g. 1.50; a comma only groups thousands (1,234.50)"],
    ["en-US", "1.234.567", 2, "must not group thousands with points: write 1234567 (a point only marks decimals here)"],
    ["en-US", "0,500", 2, "must use a point for decimals, e.g. 1.50; a comma only groups thousands (1,234.50)"],
    ["en-IN", "12,34,56", 2, "must use a point for decimals, e.g. 1.50; a comma only groups thousands (1,234.50)"],
  ])("%s: refuses %j with %i decimals: %s", (locale, text, decimals, message) => {
    expect(parseMajorUnits(text, decimals, { locale })).toEqual({ ok: false, message });
    expect(separatorProblem(text, decimals, locale)).toBe(message); // said while typing, too
  });

  it("reads each language's marks from Intl, and an unknown tag as en-US", () => {
    expect(numberMarks("de-DE")).toEqual({ decimal: ",", group: "." });
    expect(numberMarks("fr-FR")).toEqual({ decimal: ",", group: "\u202f" });
    expect(numberMarks("en-IN")).toEqual({ decimal: ".", group: "," });
    expect(numberMarks("not a language")).toEqual({ decimal: ".", group: "," });
  });
});

describe("amountLimitProblem: the same limits for digits a server action receives", () => {
  it.each([
    [1n, {}, undefined, null],
    [0n, {}, undefined, "must be more than 0"],
    [0n, { allowZero: true }, undefined, null],
    [100_000_000_001n, { max: "100000000000" }, undefined, "is too large: at most 100,000,000,000 in the smallest unit"],
    [100_000_000_001n, { max: "100000000000" }, 2, "is too large: at most 1,000,000,000.00"],
  ])("%s with %j (decimals %s) → %s", (minorUnits, limits, decimals, problem) => {
    expect(amountLimitProblem(minorUnits, limits, decimals)).toBe(problem);
  });
});
