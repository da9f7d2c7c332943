import { describe, expect, it } from "vitest";
import { CURRENCY_CODES } from "../sandbox/currencies";
import { exchangeRateScaled, hasRate, RATE_SCALE, rateToDecimal, rateToNumber } from "./rate-table";
import { rateAsParsed } from "./rate-fixtures";
import { receivingLockedAmounts, sendingLockedAmounts, type FeeSchedule } from "./sending-locked-amounts";

const CODES = CURRENCY_CODES.filter(hasRate);
const PAIRS = CODES.flatMap((s) => CODES.filter((d) => d !== s).map((d) => [s, d] as const));
const NO_FEES: FeeSchedule = { serviceFixedFee: 0n, serviceVariableBps: 0n, platformFixedFee: 0n, platformVariableBps: 0n };
const SANDBOX: FeeSchedule = { ...NO_FEES, serviceVariableBps: 50n };

/** The corridor's exact rate (sending per receiving) from the rates the table states from USD, as a fraction n/d. */
function exactRate(source: string, destination: string): [bigint, bigint] {
  // USD → X is exact in the table's terms (X's USD value, 8 places): x(S→D) = value(D) / value(S).
  const value = (code: string) => (code === "USD" ? RATE_SCALE : exchangeRateScaled("USD", code));
  return [value(destination), value(source)];
}

describe("sandbox FX rates (BEHAVIORS.md 10.11)", () => {
  it("gives every corridor a positive rate within 1e-8 of the exact one, never below it", () => {
    for (const [s, d] of PAIRS) {
      const x = exchangeRateScaled(s, d);
      const [n, m] = exactRate(s, d);
      expect(x, `${s}->${d}`).toBeGreaterThan(0n);
      // x ≥ n/m and x − n/m < 1e-8 · n/m  (x and n/m on the same RATE_SCALE)
      expect(x * m >= n * RATE_SCALE, `${s}->${d} rounded up`).toBe(true);
      expect((x * m - n * RATE_SCALE) * 100_000_000n < n * RATE_SCALE, `${s}->${d} within 1e-8`).toBe(true);
      expect(rateToNumber(x), `${s}->${d} on the wire`).toBeGreaterThan(0);
    }
  });

  it("keeps a rate exact when it has at most 8 decimal places", () => {
    expect(rateToDecimal(exchangeRateScaled("USD", "EUR"))).toBe("1.08");
    expect(rateToDecimal(exchangeRateScaled("USD", "MXN"))).toBe("0.058");
    expect(rateToDecimal(exchangeRateScaled("USD", "VND"))).toBe("0.00004");
    expect(rateToDecimal(exchangeRateScaled("VND", "BTC"))).toBe("1625000000");
    expect(rateToDecimal(exchangeRateScaled("USDT", "USD"))).toBe("1");
  });

  it("states small rates to 9 significant digits, rounded up (8 places made BTC → VND 0 and BTC → TZS 1e-8)", () => {
    expect(rateToNumber(exchangeRateScaled("BTC", "VND"))).toBe(6.15384616e-10); // 4000 / 6.5e12
    expect(rateToNumber(exchangeRateScaled("BTC", "IDR"))).toBe(9.53846154e-10);
    expect(rateToNumber(exchangeRateScaled("BTC", "TZS"))).toBe(5.84615385e-9);
    expect(rateToNumber(exchangeRateScaled("BTC", "RWF"))).toBe(1.10769231e-8);
    expect(rateToNumber(exchangeRateScaled("BTC", "JPY"))).toBe(1.03076924e-7);
    expect(rateToNumber(exchangeRateScaled("EUR", "USD"))).toBe(0.925925926);
    expect(rateToNumber(exchangeRateScaled("MXN", "USD"))).toBe(17.24137932);
  });

  it("keeps at most 15 significant digits, rounded up, so the JSON number a client parses is the rate (IDR → BTC was read as 1048387096.7741935)", () => {
    expect(rateToDecimal(exchangeRateScaled("IDR", "BTC"))).toBe("1048387096.7742"); // exact 1048387096.774193548…
    expect(rateToDecimal(exchangeRateScaled("MWK", "BTC"))).toBe("112068965.517242"); // 8 places: …51724138, read …51724137
    expect(rateToDecimal(exchangeRateScaled("RWF", "BTC"))).toBe("90277777.7777778");
    expect(rateToDecimal(exchangeRateScaled("VND", "BTC"))).toBe("1625000000");
    for (const [s, d] of PAIRS) {
      const decimal = rateToDecimal(exchangeRateScaled(s, d));
      expect(decimal.replace(".", "").replace(/^0+/, "").length, `${s}->${d} ${decimal}`).toBeLessThanOrEqual(15);
      // What JSON.parse gives back is the same decimal.
      const parsed: number = JSON.parse(JSON.stringify({ x: rateToNumber(exchangeRateScaled(s, d)) })).x;
      expect(rateAsParsed(parsed), `${s}->${d}`).toBe(decimal);
    }
  });

  it("makes x(A→B)·x(B→A) at least 1 for every pair", () => {
    for (const [s, d] of PAIRS) expect(exchangeRateScaled(s, d) * exchangeRateScaled(d, s) >= RATE_SCALE * RATE_SCALE, `${s}<->${d}`).toBe(true);
  });

  it("never lets a round trip gain, even without fees (forms of the dollar included)", () => {
    for (const [s, d] of PAIRS) {
      for (const amount of [1n, 999n, 100_000n, 12_345_678n, 100_000_000n, 987_654_321_987n]) {
        for (const fees of [NO_FEES, SANDBOX]) {
          const there = sendingLockedAmounts(s, d, amount, fees).receivingAmount;
          const back = sendingLockedAmounts(d, s, there, fees).receivingAmount;
          expect(back <= amount, `${amount} ${s} -> ${there} ${d} -> ${back} ${s}`).toBe(true);
        }
      }
    }
  });

  it("BTC round trips through RWF, JPY and INR lose the fees (8 places returned 1.0966 BTC for 1 through RWF)", () => {
    for (const via of ["RWF", "JPY", "INR", "TZS", "XOF"]) {
      const there = sendingLockedAmounts("BTC", via, 100_000_000n, SANDBOX);
      expect(there.receivingAmount, via).toBeGreaterThan(0n);
      const back = sendingLockedAmounts(via, "BTC", there.receivingAmount, SANDBOX).receivingAmount;
      expect(back, via).toBeLessThanOrEqual(99_002_500n); // 1 BTC less 0.5% twice
      expect(back, via).toBeGreaterThan(99_002_500n - 100n);
    }
    // 0.995 BTC × 65,000 USD / 0.00072 USD per RWF = 89,826,388.9 → 89,826,388 RWF (8 places served 99,500,000).
    expect(sendingLockedAmounts("BTC", "RWF", 100_000_000n, SANDBOX).receivingAmount).toBe(89_826_388n);
  });

  it("prices BTC → VND, IDR, UGX, COP on either locked side", () => {
    for (const d of ["VND", "IDR", "UGX", "COP"]) {
      const sending = sendingLockedAmounts("BTC", d, 100_000n, SANDBOX);
      expect(sending.receivingAmount, d).toBeGreaterThan(0n);
      const receiving = receivingLockedAmounts("BTC", d, 100_000n, SANDBOX)!;
      expect(receiving.sendingAmount, d).toBeGreaterThan(0n);
      expect(sendingLockedAmounts("BTC", d, receiving.sendingAmount, SANDBOX).receivingAmount, d).toBeGreaterThanOrEqual(100_000n);
    }
  });
});
