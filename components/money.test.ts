import { describe, expect, it } from "vitest";
import { amountLimitProblem, parseMajorUnits } from "./money";

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
