import { describe, expect, it } from "vitest";
import { receivingLockedAmounts, sendingLockedAmounts, type FeeSchedule } from "../exchange-rates/sending-locked-amounts";
import { rateToNumber } from "../exchange-rates/rate-table";
import { priceQuote } from "./create-quote";
import { usdCents } from "./limits";

// Hand-computed cases of BEHAVIORS.md §2.2–2.4 (x = sending units per receiving unit).
const WORKED: FeeSchedule = { serviceFixedFee: 10n, serviceVariableBps: 30n, platformFixedFee: 50n, platformVariableBps: 30n };
const SANDBOX = (platformFixedFee = 0n, platformVariableBps = 0n): FeeSchedule => ({ serviceFixedFee: 0n, serviceVariableBps: 50n, platformFixedFee, platformVariableBps });

describe("quote amount math", () => {
  it("§2.4 worked example, SENDING 100000: fees 660, platform 350, R 91981", () => {
    const a = sendingLockedAmounts("USD", "EUR", 100_000n, WORKED);
    expect([a.sendingAmount, a.receivingAmount, a.feesIncluded, a.platformFeesIncluded, a.serviceVariableFee, a.platformVariableFee]).toEqual([100_000n, 91_981n, 660n, 350n, 300n, 300n]);
    expect(rateToNumber(a.exchangeRateScaled)).toBe(1.08);
  });

  it("§2.4 worked example, RECEIVING 91981: first estimate 99999 is one short, the forward check makes it 100000 — the same quote", () => {
    expect(sendingLockedAmounts("USD", "EUR", 99_999n, WORKED).receivingAmount).toBe(91_980n);
    const a = receivingLockedAmounts("USD", "EUR", 91_981n, WORKED)!;
    expect([a.sendingAmount, a.receivingAmount, a.feesIncluded, a.platformFeesIncluded]).toEqual([100_000n, 91_981n, 660n, 350n]);
  });

  it("fixed + variable + platform fees, sandbox service rate 0.5%: USD 1000.00 → EUR", () => {
    // F = 50; base 99950; service round(499.75) = 500 (half-even); platform 30 bps round(299.85) = 300;
    // fees 850; net 99150; R = floor(99150 / 1.08) = floor(91805.55) = 91805.
    const a = sendingLockedAmounts("USD", "EUR", 100_000n, SANDBOX(50n, 30n));
    expect([a.serviceVariableFee, a.platformVariableFee, a.feesIncluded, a.platformFeesIncluded, a.receivingAmount]).toEqual([500n, 300n, 850n, 350n, 91_805n]);
    // RECEIVING 91805: S = 50 + ceil(91805 × 1.08 / 0.992) = 50 + ceil(99949.80) = 100000; forward gives 91805.
    const r = receivingLockedAmounts("USD", "EUR", 91_805n, SANDBOX(50n, 30n))!;
    expect([r.sendingAmount, r.feesIncluded]).toEqual([100_000n, 850n]);
  });

  it("0-decimal receiving currencies: USD → VND and USD → XOF", () => {
    // x(VND) = 0.00004 USD; 10000 cents, fee round(50) = 50; net 9950 cents = $99.50 → 2,487,500 VND.
    expect(sendingLockedAmounts("USD", "VND", 10_000n, SANDBOX()).receivingAmount).toBe(2_487_500n);
    // x(XOF) = 0.00165 USD; $99.50 / 0.00165 = 60303.03 → 60303 XOF (rounded down).
    expect(sendingLockedAmounts("USD", "XOF", 10_000n, SANDBOX()).receivingAmount).toBe(60_303n);
    // RECEIVING 60303 XOF: ceil(60303 × 0.00165 × 100 / 0.995) = ceil(10000.0) — forward check holds at 10000.
    expect(receivingLockedAmounts("USD", "XOF", 60_303n, SANDBOX())!.sendingAmount).toBe(10_000n);
  });

  it("0-decimal sending currency: VND → USD", () => {
    // 2,500,000 VND, fee round(12500) = 12500; net 2,487,500 VND × 0.00004 = $99.50 = 9950 cents.
    const a = sendingLockedAmounts("VND", "USD", 2_500_000n, SANDBOX());
    expect([a.feesIncluded, a.receivingAmount]).toEqual([12_500n, 9_950n]);
  });

  it("8-decimal currencies: USD → BTC and BTC → USD", () => {
    // x = 65000 USD per BTC; 100000 cents, fee 500; net $995 / 65000 = 0.01530769 BTC → 1,530,769 sats.
    expect(sendingLockedAmounts("USD", "BTC", 100_000n, SANDBOX()).receivingAmount).toBe(1_530_769n);
    // BTC → USD: x = 1/65000 = 0.0000153846153846… held to 9 significant digits, rounded up:
    // 0.0000153846154 BTC per USD (rate-table.ts; 8 places alone, 0.00001538, paid 0.03% too much).
    // 1,000,000 sats, fee 5000; net 995,000 sats = 0.00995 BTC / 0.0000153846154 = 646.7499… → 64674 cents.
    expect(sendingLockedAmounts("BTC", "USD", 1_000_000n, SANDBOX()).receivingAmount).toBe(64_674n);
    // RECEIVING 64674: ceil(64674 × 0.0000153846154 × 10^6 / 0.995) = ceil(999984.54) = 999985; forward: fee
    // round(4999.925) = 5000, net 994985 / 15.3846154 = 64674.02 → 64674, enough.
    expect(receivingLockedAmounts("BTC", "USD", 64_674n, SANDBOX())!.sendingAmount).toBe(999_985n);
  });

  it("same currency: no service fee, R = S − platform fees", () => {
    const a = sendingLockedAmounts("USD", "USD", 10_000n, { serviceFixedFee: 0n, serviceVariableBps: 0n, platformFixedFee: 25n, platformVariableBps: 100n });
    // base 9975, platform round(99.75) = 100, fees 125, R 9875.
    expect([a.feesIncluded, a.platformFeesIncluded, a.receivingAmount]).toEqual([125n, 125n, 9_875n]);
  });

  it("refuses amounts that deliver nothing, and variable fees of 100%", () => {
    expect(() => priceQuote("USD", "EUR", "SENDING", 1n, SANDBOX())).toThrow(expect.objectContaining({ code: "AMOUNT_OUT_OF_RANGE" }));
    expect(() => priceQuote("USD", "EUR", "RECEIVING", 100n, SANDBOX(0n, 9_950n))).toThrow(expect.objectContaining({ code: "AMOUNT_OUT_OF_RANGE" }));
  });

  it("values amounts in US cents for the limits", () => {
    expect(usdCents(10_000n, "EUR")).toBe(10_800n);
    expect(usdCents(2_500_000n, "VND")).toBe(10_000n);
    expect(usdCents(100_000_000n, "BTC")).toBe(6_500_000n);
  });
});
