import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { internalAccountsFixture } from "../internal-accounts/internal-account-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CODES = ["USD", "BTC", "RWF", "JPY", "INR", "VND", "IDR", "UGX", "COP", "TZS", "XOF"];

/** A regulated platform supporting CODES, and one customer's ACTIVE account in each, BTC funded with 2 BTC. */
async function btcCustomer() {
  const f = await internalAccountsFixture(t, { isRegulated: true });
  const supportedCurrencies = CODES.map((currencyCode) => ({ currencyCode, minAmount: 1, maxAmount: 1_000_000_000_000, requiredCounterpartyFields: [], enabledTransactionTypes: ["INCOMING", "OUTGOING"] }));
  const patch = await t.call("PATCH", "/config", { auth: f.auth, body: { supportedCurrencies } });
  if (patch.status !== 200) throw new Error(`config not set: ${patch.text}`);
  const customer = await f.customer({ currencies: CODES });
  const accounts = Object.fromEntries((await f.accountsOf(customer.id)).map((a) => [a.balance.currency.code, a.id]));
  const funded = await f.fund(accounts.BTC!, 200_000_000);
  if (funded.status !== 200) throw new Error(`funding failed: ${funded.text}`);
  const quote = (from: string, to: string, side: "SENDING" | "RECEIVING", amount: number, immediatelyExecute = false) =>
    t.call("POST", "/quotes", {
      auth: f.auth,
      body: { source: { sourceType: "ACCOUNT", accountId: accounts[from] }, destination: { destinationType: "ACCOUNT", accountId: accounts[to] }, lockedCurrencySide: side, lockedCurrencyAmount: amount, immediatelyExecute },
    });
  const balance = async (code: string) => (await t.call("GET", `/internal-accounts/${accounts[code]}`, { auth: f.auth })).json.balance.amount as number;
  return { ...f, accounts, quote, balance };
}

describe("cross-currency quotes with BTC as the sending currency (rates below 1e-8)", () => {
  it("prices BTC → VND, IDR, UGX, COP on either locked side (8-place rates of 0 answered 500)", async () => {
    const f = await btcCustomer();
    for (const to of ["VND", "IDR", "UGX", "COP"]) {
      for (const side of ["SENDING", "RECEIVING"] as const) {
        const res = await f.quote("BTC", to, side, 100_000);
        expect(res.status, `${to} ${side}: ${res.text}`).toBe(200);
        expect(res.json.exchangeRate).toBeGreaterThan(0);
        expect(res.json.totalReceivingAmount).toBeGreaterThan(0);
        expect(res.json.totalSendingAmount).toBeGreaterThan(0);
      }
    }
  });

  it("a BTC round trip through RWF, JPY or INR never comes back with more BTC (8 places paid 1.0966 BTC for 1 through RWF)", async () => {
    const f = await btcCustomer();
    for (const via of ["RWF", "JPY", "INR"]) {
      const start = await f.balance("BTC");
      const there = await f.quote("BTC", via, "SENDING", 100_000_000, true);
      expect(there.status, there.text).toBe(200);
      expect(there.json.status).toBe("COMPLETED");
      const back = await f.quote(via, "BTC", "SENDING", there.json.totalReceivingAmount, true);
      expect(back.status, back.text).toBe(200);
      expect(back.json.exchangeRate * there.json.exchangeRate).toBeGreaterThanOrEqual(1);
      const end = await f.balance("BTC");
      // 1 BTC out, about 0.99 back: the 0.5% fee on each leg, nothing gained.
      expect(end - (start - 100_000_000), via).toBeLessThanOrEqual(99_002_500);
      expect(end - (start - 100_000_000), via).toBeGreaterThan(99_000_000);
      expect(await f.balance(via)).toBeLessThan(there.json.totalReceivingAmount * 0.0001 + 1);
    }
  });

  it("states BTC → TZS to 9 significant digits (8 places served 1e-8: the receiver got 42% less)", async () => {
    const f = await btcCustomer();
    const res = await f.quote("BTC", "TZS", "SENDING", 100_000_000);
    expect(res.json.exchangeRate).toBe(5.84615385e-9);
    // 0.995 BTC × 65000 USD / 0.00038 USD per TZS = 170,197,368.42 TZS = 17,019,736,842 cents at the exact rate;
    // the rate rounded up (by less than 1e-8 of itself) gives at most that, and at most 1e-8 less.
    const exact = 17_019_736_842;
    expect(res.json.totalReceivingAmount).toBeLessThanOrEqual(exact);
    expect(res.json.totalReceivingAmount).toBeGreaterThan(exact * (1 - 1e-8));
  });
});
