import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENCY_CODES } from "../sandbox/currencies";
import { createTestApp, type TestApp } from "../testing/test-app";
import { hasRate } from "./rate-table";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
});
afterAll(() => t.close());

describe("GET /exchange-rates", () => {
  it("quotes USD to EUR with the service fee and the default amount", async () => {
    const res = await t.call("GET", "/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR", { auth: p.auth });
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(1);
    const rate = res.json.data[0];
    expect(rate).toMatchObject({
      sourceCurrency: { code: "USD", decimals: 2 },
      destinationCurrency: { code: "EUR", decimals: 2 },
      destinationPaymentRail: "SEPA_INSTANT",
      sendingAmount: 10000,
      exchangeRate: 1.08,
      fees: { fixed: 0, total: 50 },
    });
    // (10000 - 50) / 1.08 = 9212.96 → 9212
    expect(rate.receivingAmount).toBe(9212);
  });

  it("includes the platform's own fee configuration", async () => {
    const q = await t.createTestPlatform();
    await t.call("PATCH", "/config", {
      auth: q.auth,
      body: { feeConfigs: [{ feeType: "CROSS_CURRENCY_TRANSACTION", sourceCurrency: "USD", variableFeeBps: 30, fixedFee: { amount: 50, currency: "USD" } }] },
    });
    const res = await t.call("GET", "/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&sendingAmount=100000", { auth: q.auth });
    const rate = res.json.data[0];
    // F = 50; base 99950; service 0.5% = 499.75 → 500; platform 0.3% = 299.85 → 300
    expect(rate.fees).toEqual({ fixed: 50, total: 850 });
    expect(rate.receivingAmount).toBe(91805); // floor(99150 / 1.08)
  });

  it("takes several destination currencies and defaults to all of them", async () => {
    const two = await t.call("GET", "/exchange-rates?destinationCurrency=EUR&destinationCurrency=MXN", { auth: p.auth });
    expect(two.json.data.map((r: { destinationCurrency: { code: string } }) => r.destinationCurrency.code)).toEqual(["EUR", "MXN"]);
    const all = await t.call("GET", "/exchange-rates", { auth: p.auth });
    expect(all.json.data.length).toBeGreaterThan(10);
    expect(all.json.data.every((r: { sourceCurrency: { code: string } }) => r.sourceCurrency.code === "USD")).toBe(true);
  });

  it("charges no service fee between forms of the dollar", async () => {
    const res = await t.call("GET", "/exchange-rates?sourceCurrency=USD&destinationCurrency=USDB&sendingAmount=12345", { auth: p.auth });
    expect(res.json.data[0]).toMatchObject({ exchangeRate: 1, fees: { fixed: 0, total: 0 }, receivingAmount: 123450000 });
  });

  it("answers every corridor with a positive rate, BTC's smallest ones included (8 places made BTC → VND 0: 500 for the whole list)", async () => {
    for (const source of CURRENCY_CODES.filter(hasRate)) {
      const res = await t.call("GET", `/exchange-rates?sourceCurrency=${source}&sendingAmount=100000000`, { auth: p.auth });
      expect(res.status, `${source}: ${res.text}`).toBe(200);
      expect(res.json.data.length).toBe(CURRENCY_CODES.filter(hasRate).length - 1);
      for (const rate of res.json.data as { exchangeRate: number; destinationCurrency: { code: string } }[]) expect(rate.exchangeRate, `${source}->${rate.destinationCurrency.code}`).toBeGreaterThan(0);
    }
    const btc = await t.call("GET", "/exchange-rates?sourceCurrency=BTC&destinationCurrency=VND&destinationCurrency=USD", { auth: p.auth });
    expect(btc.status).toBe(200);
    // 0.00004 USD per VND / 65000 USD per BTC = 6.1538461538e-10, to 9 digits rounded up; the default 10000 sats less
    // 0.5%, 0.00009950 BTC = 6.4675 USD = 161,687.5 VND → 161,687 (646 cents).
    expect(btc.json.data.map((r: { exchangeRate: number; receivingAmount: number }) => [r.exchangeRate, r.receivingAmount])).toEqual([
      [6.15384616e-10, 161_687],
      [0.0000153846154, 646],
    ]);
  });

  it("gives the same rate and updatedAt within one 5-minute window", async () => {
    const a = await t.call("GET", "/exchange-rates?destinationCurrency=GBP", { auth: p.auth });
    const b = await t.call("GET", "/exchange-rates?destinationCurrency=GBP", { auth: p.auth });
    expect(b.json.data[0].exchangeRate).toBe(a.json.data[0].exchangeRate);
    expect(b.json.data[0].updatedAt).toBe(a.json.data[0].updatedAt);
    expect(new Date(a.json.data[0].updatedAt).getTime() % 300_000).toBe(0);
  });

  it("rejects unknown currencies and bad amounts, listing each", async () => {
    const res = await t.call("GET", "/exchange-rates?sourceCurrency=ZZZ&destinationCurrency=QQQ&sendingAmount=-5", { auth: p.auth });
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["query.destinationCurrency.0", "query.sendingAmount", "query.sourceCurrency"]);
  });
});
