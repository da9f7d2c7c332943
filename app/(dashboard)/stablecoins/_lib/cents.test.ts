import { describe, expect, it } from "vitest";
import { previewCents, tokenUnitsForDollars } from "./cents";

describe("previewCents", () => {
  it("shows the cent conversion for 2, 6 and 18 decimals", () => {
    expect(previewCents("101", 2)).toEqual({ ok: true, cents: 101n, display: "$1.01" });
    expect(previewCents("1230000", 6)).toEqual({ ok: true, cents: 123n, display: "$1.23" });
    expect(previewCents("2500000000000000000", 18)).toMatchObject({ ok: true, cents: 250n });
  });
  it("explains amounts that are not whole cents", () => {
    expect(previewCents("1234567", 6)).toMatchObject({ ok: false, message: expect.stringContaining("multiple of 10000") });
    expect(previewCents("1.5", 6).ok).toBe(false);
    expect(previewCents("0", 6).ok).toBe(false);
  });
  it("turns dollars into token units", () => {
    expect(tokenUnitsForDollars("1.23", 6)).toBe("1230000");
    expect(tokenUnitsForDollars("2.5", 18)).toBe("2500000000000000000");
    expect(tokenUnitsForDollars("abc", 6)).toBeNull();
  });
});
