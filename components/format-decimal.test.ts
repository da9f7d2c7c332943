import { describe, expect, it } from "vitest";
import { formatDecimal } from "./format-decimal";

describe("formatDecimal: rates as plain decimals, never exponent notation", () => {
  it.each([
    [1e-8, "0.00000001"],
    [5.8512345e-9, "0.0000000058512345"],
    [1.234e-7, "0.0000001234"],
    [0.0000015384615, "0.0000015384615"],
    [0.0067, "0.0067"],
    [1.0869565, "1.0869565"],
    [1, "1"],
    [0, "0"],
    [-0, "0"],
    [65000, "65000"],
    [15.30769231, "15.30769231"],
    [1.5e21, "1500000000000000000000"],
    [123456789.123, "123456789.123"],
    [-2.5e-7, "-0.00000025"],
    [Number.MIN_VALUE, `0.${"0".repeat(323)}5`],
  ])("writes %s as %s", (value, text) => {
    expect(formatDecimal(value)).toBe(text);
  });

  it("keeps every significant digit, so the text reads back as the same number", () => {
    for (const value of [1e-8, 5.8512345e-9, 1 / 3, 2 / 3e9, 65000.00001, 9.87654321e-12, 1.7976931348623157e308, 1e21]) {
      const text = formatDecimal(value);
      expect(text).not.toMatch(/e/i);
      expect(Number(text)).toBe(value);
    }
  });

  it("groups the whole part with commas when asked, never the fraction", () => {
    expect(formatDecimal(65000, { grouping: true })).toBe("65,000");
    expect(formatDecimal(1234567.0000123, { grouping: true })).toBe("1,234,567.0000123");
    expect(formatDecimal(1e-8, { grouping: true })).toBe("0.00000001");
    expect(formatDecimal(999, { grouping: true })).toBe("999");
  });
});
