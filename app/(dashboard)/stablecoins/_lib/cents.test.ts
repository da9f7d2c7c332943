import { afterEach, describe, expect, it, vi } from "vitest";
import { maxTokenUnits, parseTokenAmount, previewCents, tokenAmountHint } from "./cents";

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
});

describe("parseTokenAmount", () => {
  it.each([
    ["2.50", 6, "2500000", 250n],
    ["1.23", 6, "1230000", 123n],
    ["1,000", 2, "100000", 100000n],
    [".5", 18, "500000000000000000", 50n],
    ["3", 0, "3", 300n],
  ])("takes %s tokens of a %i-decimal coin as %s in the smallest unit exactly", (text, decimals, units, cents) => {
    expect(parseTokenAmount(text, decimals)).toMatchObject({ ok: true, units, cents });
  });
  it.each([
    ["1.234", 6, "whole cents"],
    ["1.2345678", 6, "at most 6 decimal places"],
    ["0", 6, "more than 0"],
    ["-1", 6, "like 12.34"],
    ["1e3", 6, "like 12.34"],
    ["0.5", 0, "whole amount"],
  ])("refuses %s of a %i-decimal coin (%s)", (text, decimals, message) => {
    expect(parseTokenAmount(text, decimals)).toMatchObject({ ok: false, message: expect.stringContaining(message) });
  });
  it("refuses more than the service can record, saying the most in tokens", () => {
    expect(maxTokenUnits(6)).toBe((2n ** 63n - 1n) * 10000n);
    expect(parseTokenAmount("92233720368547758.07", 6)).toMatchObject({ ok: true, cents: 2n ** 63n - 1n });
    expect(parseTokenAmount("92233720368547758.08", 6)).toMatchObject({ ok: false, message: "is too large: at most 92,233,720,368,547,758.070000" });
  });
});

describe("tokenAmountHint: the amount field's hint follows the token's decimals", () => {
  it.each([
    [0, "In JPY, whole tokens (25): the token has no decimals."],
    [1, "In JPY, to one decimal place (2.5)."],
    [2, "In JPY, to the cent (2.50)."],
    [3, "In JPY, to the cent (2.50): whole cents only, though the token has 3 decimals."],
    [18, "In JPY, to the cent (2.50): whole cents only, though the token has 18 decimals."],
  ])("with %i decimals: %s", (decimals, hint) => {
    expect(tokenAmountHint("JPY", decimals)).toBe(hint);
  });

  it("gives an example the form accepts for every number of decimals", () => {
    for (const decimals of [0, 1, 2, 3, 6, 18]) {
      const example = /\(([\d.]+)\)/.exec(tokenAmountHint("X", decimals))![1]!;
      expect(parseTokenAmount(example, decimals).ok).toBe(true);
    }
  });
});

// A German "1.500" (one thousand five hundred tokens) was minted as 1.50 tokens: 1500000 units with 6 decimals.
describe("parseTokenAmount in the browser's language", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("refuses a German browser's 1.500 as ambiguous, saying how to write it, and takes 1500 as 1,500 tokens", () => {
    vi.stubGlobal("navigator", { language: "de-DE" });
    expect(parseTokenAmount("1.500", 6)).toEqual({ ok: false, message: "is ambiguous: write 1500 (no point) for thousands, or 1.5000 for decimals; a point only marks decimals here" });
    expect(parseTokenAmount("1500", 6)).toMatchObject({ ok: true, units: "1500000000", cents: 150000n });
    expect(parseTokenAmount("1.5000", 6)).toMatchObject({ ok: true, units: "1500000", cents: 150n });
  });

  it("reads 1.500 as one and a half tokens where a point never groups thousands (en-US)", () => {
    vi.stubGlobal("navigator", { language: "en-US" });
    expect(parseTokenAmount("1.500", 6)).toMatchObject({ ok: true, units: "1500000" });
  });
});
