import { describe, expect, it } from "vitest";
import { isServiceError } from "../http/errors";
import { tokenAmountInCurrencyUnits, tokenAmountToCents } from "./amounts";

function rejection(amount: string, decimals: number) {
  try {
    tokenAmountToCents(amount, decimals);
  } catch (e) {
    if (isServiceError(e)) return e;
  }
  throw new Error(`${amount} with ${decimals} decimals was accepted`);
}

describe("whole-cent rule (BEHAVIORS.md §6.3)", () => {
  it("accepts any positive amount with 2 decimals (cents are the unit)", () => {
    expect(tokenAmountToCents("1", 2)).toBe(1n);
    expect(tokenAmountToCents("12345", 2)).toBe(12345n);
  });

  it("accepts multiples of 10^4 with 6 decimals and converts exactly", () => {
    expect(tokenAmountToCents("1230000", 6)).toBe(123n);
    expect(tokenAmountToCents("2500000", 6)).toBe(250n);
  });

  it("rejects fractions of a cent with 6 decimals, naming amount and the unit", () => {
    const e = rejection("1234567", 6);
    expect(e.code).toBe("INVALID_INPUT");
    expect(e.details).toMatchObject({ errors: [{ field: "amount", constraint: { multipleOf: "10000" } }] });
    expect(e.message).toContain("multiple of 10000");
  });

  it("handles 18 decimals beyond float precision", () => {
    expect(tokenAmountToCents("10000000000000000", 18)).toBe(1n);
    expect(tokenAmountToCents("2500000000000000000", 18)).toBe(250n);
    expect(tokenAmountToCents("123456789012345670000000000000000", 18)).toBe(12345678901234567n);
    expect(rejection("15000000000000000", 18).code).toBe("INVALID_INPUT");
  });

  it("rejects zero", () => {
    expect(rejection("0", 6).details).toMatchObject({ errors: [{ field: "amount", constraint: { minimum: 1 } }] });
  });

  it("rejects an amount worth more than 2^63 − 1 cents, naming amount and the most it takes, instead of failing to store it", () => {
    expect(tokenAmountToCents("9223372036854775807", 2)).toBe(2n ** 63n - 1n);
    expect(rejection("9223372036854775808", 2).details).toMatchObject({ errors: [{ field: "amount", message: "is too large: at most 9223372036854775807 (9223372036854775807 fiat cents)" }] });
    expect(tokenAmountToCents("92233720368547758070000", 6)).toBe(2n ** 63n - 1n);
    expect(rejection(`1${"0".repeat(77)}`, 6).details).toMatchObject({ errors: [{ field: "amount", constraint: { maximum: "92233720368547758070000" } }] });
  });
});

describe("token amounts in an internal account's currency units", () => {
  it.each([
    ["1230000", 6, 6, 1_230_000n],
    ["2500000000000000000", 18, 6, 2_500_000n],
    ["123", 2, 6, 1_230_000n],
    ["1230000", 6, 2, 123n],
  ])("%s with %i token decimals, in a currency of %i decimals, is %s", (amount, tokenDecimals, currencyDecimals, expected) => {
    expect(tokenAmountInCurrencyUnits(amount, tokenDecimals, currencyDecimals)).toBe(expected);
  });

  it("refuses an amount the currency cannot hold exactly, naming amount", () => {
    expect(() => tokenAmountInCurrencyUnits("1230000", 6, 0)).toThrow(expect.objectContaining({ code: "INVALID_INPUT", details: { errors: [expect.objectContaining({ field: "amount", constraint: { multipleOf: "1000000" } })] } }));
  });
});
