import { describe, expect, it } from "vitest";
import { receivingLockedAmounts, sendingLockedAmounts } from "./sending-locked-amounts";
import { exchangeRateScaled, divideHalfEven, rateToNumber } from "./rate-table";

describe("sending-locked amounts", () => {
  it("reproduces the worked example of BEHAVIORS.md §2.4", () => {
    // Service 0.3% + $0.10; platform 30 bps + $0.50; 1.08 USD per EUR; 100000 cents sent.
    const amounts = sendingLockedAmounts("USD", "EUR", 100_000n, {
      serviceFixedFee: 10n,
      serviceVariableBps: 30n,
      platformFixedFee: 50n,
      platformVariableBps: 30n,
    });
    expect(amounts.serviceVariableFee).toBe(300n);
    expect(amounts.platformVariableFee).toBe(300n);
    expect(amounts.feesIncluded).toBe(660n);
    expect(amounts.platformFeesIncluded).toBe(350n);
    expect(amounts.receivingAmount).toBe(91_981n);
    expect(rateToNumber(amounts.exchangeRateScaled)).toBe(1.08);
  });

  it("converts across different decimals (USD cents to USDB micro-units) 1:1 in value", () => {
    const none = { serviceFixedFee: 0n, serviceVariableBps: 0n, platformFixedFee: 0n, platformVariableBps: 0n };
    expect(sendingLockedAmounts("USD", "USDB", 12_345n, none).receivingAmount).toBe(123_450_000n);
    expect(sendingLockedAmounts("USDB", "USD", 123_444_999n, none).receivingAmount).toBe(12_344n);
  });

  it("between forms of the dollar rounds sub-cent results as everywhere else (R down, required S up), so a round trip never gains", () => {
    const none = { serviceFixedFee: 0n, serviceVariableBps: 0n, platformFixedFee: 0n, platformVariableBps: 0n };
    const cents = (micro: bigint) => sendingLockedAmounts("USDT", "USD", micro, none).receivingAmount;
    expect([cents(1_234_999n), cents(1_235_000n), cents(1_236_000n), cents(1_240_000n)]).toEqual([123n, 123n, 123n, 124n]);
    const paid = (micro: bigint) => receivingLockedAmounts("USD", "USDT", micro, none)!;
    expect([paid(1_234_001n).sendingAmount, paid(1_240_000n).sendingAmount]).toEqual([124n, 124n]);
    // BEHAVIORS §2.2 recommends half-to-even here: 1235001 µ → 124 cents → 1240000 µ would gain 4999 µ per round trip.
    for (const micro of [1_235_001n, 1_239_999n, 5_000n]) {
      const back = sendingLockedAmounts("USD", "USDT", cents(micro), none).receivingAmount;
      expect(back).toBeLessThanOrEqual(micro);
    }
  });

  it("never goes negative when fees exceed the amount", () => {
    const amounts = sendingLockedAmounts("USD", "EUR", 30n, { serviceFixedFee: 0n, serviceVariableBps: 50n, platformFixedFee: 50n, platformVariableBps: 0n });
    expect(amounts.receivingAmount).toBe(0n);
  });

  it("rounds half to even", () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n);
    expect(divideHalfEven(7n, 2n)).toBe(4n);
    expect(divideHalfEven(299_820n, 1000n)).toBe(300n);
  });

  it("states rates as sending units per receiving unit", () => {
    expect(rateToNumber(exchangeRateScaled("USD", "MXN"))).toBe(0.058);
    // 1 / 0.058 = 17.241379310…, rounded up (rate-table.ts).
    expect(rateToNumber(exchangeRateScaled("MXN", "USD"))).toBe(17.24137932);
  });
});
