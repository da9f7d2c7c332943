import { describe, expect, it } from "vitest";
import { isServiceError } from "../http/errors";
import { assertOperationSize, tokenAmountInCurrencyUnits, tokenAmountToCents } from "./amounts";

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

  it("converts amounts of any size exactly: how large one may be is the size limit's", () => {
    expect(tokenAmountToCents("92233720368547758080000000000000000", 18)).toBe(2n ** 63n);
    expect(tokenAmountToCents(`1${"0".repeat(77)}`, 6)).toBe(10n ** 73n);
  });
});

describe("per-operation size limit (USD 10,000,000, as one payment)", () => {
  function refusal(cents: bigint, decimals: number) {
    try {
      assertOperationSize(cents, "USD", decimals);
    } catch (e) {
      if (isServiceError(e)) return e;
    }
    throw new Error(`${cents} cents were accepted`);
  }

  it("accepts USD 10,000,000 exactly", () => {
    expect(() => assertOperationSize(1_000_000_000n, "USD", 18)).not.toThrow();
  });

  it.each([
    [18, "10000000000000000000000000"],
    [6, "10000000000000"],
    [2, "1000000000"],
    [0, "10000000"],
  ])("refuses a cent more with TRANSACTION_SIZE_LIMIT_EXCEEDED, naming the limit and the largest amount of a %i-decimal token (%s)", (decimals, maximum) => {
    const e = refusal(1_000_000_001n, decimals);
    expect(e.code).toBe("TRANSACTION_SIZE_LIMIT_EXCEEDED");
    expect(e.details).toMatchObject({ field: "amount", limitUsdCents: 1_000_000_000, maximum, currency: "USD" });
    expect(e.message).toContain("at most USD 10000000");
    expect(e.message).toContain(`amount at most ${maximum}`);
  });

  it("refuses the amounts that used to reach the database and fail there (2^63 − 1 cents and beyond)", () => {
    expect(refusal(2n ** 63n - 1n, 18).code).toBe("TRANSACTION_SIZE_LIMIT_EXCEEDED");
    expect(refusal(10n ** 73n, 6).code).toBe("TRANSACTION_SIZE_LIMIT_EXCEEDED");
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
