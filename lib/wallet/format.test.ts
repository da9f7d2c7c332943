import { describe, expect, it } from "vitest";
import { formatMinor, maskContact } from "./format";

describe("formatMinor", () => {
  it("formats minor units exactly", () => {
    expect(formatMinor(123456789, "USD")).toBe("1,234,567.89 USD");
    expect(formatMinor(-5, "USD")).toBe("-0.05 USD");
    expect(formatMinor(100000000n, "BTC", 8)).toBe("1.00000000 BTC");
    expect(formatMinor(7, "JPY", 0)).toBe("7 JPY");
  });
});

describe("maskContact", () => {
  it("hides all but the first letter of an email and the last 4 digits of a phone", () => {
    expect(maskContact("jane@example.com")).toBe("j•••@example.com");
    expect(maskContact("+15555550123")).toBe("•••0123");
  });
});
