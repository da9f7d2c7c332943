import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES, PERSON_WITH_ADDRESS } from "../external-accounts/external-account-fixtures";
import { internalAccountsFixture } from "../internal-accounts/internal-account-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const currency = (currencyCode: string, minAmount = 1, maxAmount = 1_000_000_000, enabledTransactionTypes = ["INCOMING", "OUTGOING"]) => ({
  currencyCode,
  minAmount,
  maxAmount,
  requiredCounterpartyFields: [],
  enabledTransactionTypes,
});

/**
 * A regulated platform with EUR limited to 100…500000 and MXN enabled for INCOMING only (as the
 * tester's setup), and one customer with funded EUR, MXN and USD accounts and EUR and MXN bank accounts.
 */
async function limitedPlatform() {
  const f = await internalAccountsFixture(t, { isRegulated: true });
  const patch = await t.call("PATCH", "/config", { auth: f.auth, body: { supportedCurrencies: [currency("USD"), currency("EUR", 100, 500_000), currency("MXN", 1, 1_000_000_000, ["INCOMING"])] } });
  if (patch.status !== 200) throw new Error(`config not set: ${patch.text}`);
  const customer = await f.customer({ currencies: ["USD", "EUR", "MXN"] });
  const accounts = Object.fromEntries((await f.accountsOf(customer.id)).map((a) => [a.balance.currency.code, a.id]));
  for (const code of ["EUR", "MXN", "USD"]) {
    const funded = await f.fund(accounts[code]!, 10_000_000);
    if (funded.status !== 200) throw new Error(`funding failed: ${funded.text}`);
  }
  async function bank(code: "EUR" | "MXN") {
    const example = EXAMPLES[`${code}_ACCOUNT`]!;
    const res = await t.call("POST", "/customers/external-accounts", { auth: f.auth, body: { currency: code, accountInfo: { ...example.accountInfo, beneficiary: example.accountInfo.beneficiary ?? PERSON_WITH_ADDRESS }, customerId: customer.id } });
    if (res.status !== 201) throw new Error(`external account not created: ${res.text}`);
    return res.json.id as string;
  }
  const banks = { EUR: await bank("EUR"), MXN: await bank("MXN") };
  const quote = (from: string, to: string, amount: number, extra: Record<string, unknown> = {}) =>
    t.call("POST", "/quotes", { auth: f.auth, body: { source: { sourceType: "ACCOUNT", accountId: accounts[from] }, destination: { destinationType: "ACCOUNT", accountId: to }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: amount, ...extra } });
  const transferOut = (from: string, to: string, amount: number) => t.call("POST", "/transfer-out", { auth: f.auth, body: { source: { accountId: accounts[from] }, destination: { accountId: to }, amount } });
  const balance = async (code: string) => (await t.call("GET", `/internal-accounts/${accounts[code]}`, { auth: f.auth })).json.balance.amount as number;
  return { ...f, accounts, banks, quote, transferOut, balance };
}

describe("the platform's per-currency limits on outgoing money (supportedCurrencies minAmount, maxAmount, enabledTransactionTypes)", () => {
  it("a new platform's defaults allow 10,000,000 whole units of each default currency: USD and USDC 10^9 cents, USDB 10^13 micro-units (was 1,000 USDB)", async () => {
    const f = await internalAccountsFixture(t);
    const config = await t.call("GET", "/config", { auth: f.auth });
    const max = Object.fromEntries((config.json.supportedCurrencies as { currencyCode: string; maxAmount: number }[]).map((c) => [c.currencyCode, c.maxAmount]));
    expect(max).toEqual({ USD: 1_000_000_000, USDC: 1_000_000_000, USDB: 10_000_000_000_000 });
  });

  it("advertises EUR's limits on GET /exchange-rates and holds EUR quotes to them, fees included, on either locked side", async () => {
    const f = await limitedPlatform();
    const rates = await t.call("GET", "/exchange-rates?sourceCurrency=EUR&destinationCurrency=USD", { auth: f.auth });
    expect(rates.json.data[0]).toMatchObject({ minSendingAmount: 100, maxSendingAmount: 500_000 });

    for (const amount of [1, 50, 99, 500_001, 600_000, 5_000_000]) {
      for (const to of [f.accounts.USD!, f.banks.EUR]) {
        const res = await f.quote("EUR", to, amount, { immediatelyExecute: to === f.banks.EUR });
        expect(res.status, `${amount} → ${to}: ${res.text}`).toBe(400);
        expect(res.json).toMatchObject({ code: "AMOUNT_OUT_OF_RANGE", details: { currency: "EUR", min: 100, max: 500_000, amount } });
        expect(res.json.message).toContain("100 to 500000 EUR");
      }
    }
    expect(await f.balance("EUR")).toBe(10_000_000);
    for (const amount of [100, 500_000]) expect((await f.quote("EUR", f.accounts.USD!, amount)).status).toBe(200);
    // RECEIVING lock: the sending amount (fees on top) is what counts: 462,500 USD cents cost about 430,411 EUR cents
    // (0.925925926 EUR per USD / 0.995), in range; 540,000 cost about 502,467, above 500,000.
    expect((await f.quote("EUR", f.accounts.USD!, 462_500, { lockedCurrencySide: "RECEIVING" })).status).toBe(200);
    const over = await f.quote("EUR", f.accounts.USD!, 540_000, { lockedCurrencySide: "RECEIVING" });
    expect(over.json).toMatchObject({ status: 400, code: "AMOUNT_OUT_OF_RANGE", details: { currency: "EUR", min: 100, max: 500_000 } });
    expect(over.json.details.amount).toBeGreaterThan(500_000);
  });

  it("refuses transfer-out below minAmount or above maxAmount, with nothing debited", async () => {
    const f = await limitedPlatform();
    for (const amount of [10, 99, 500_001, 5_000_000]) {
      const res = await f.transferOut("EUR", f.banks.EUR, amount);
      expect(res.status, res.text).toBe(400);
      expect(res.json).toMatchObject({ code: "AMOUNT_OUT_OF_RANGE", details: { currency: "EUR", min: 100, max: 500_000, amount } });
    }
    expect(await f.balance("EUR")).toBe(10_000_000);
    const ok = await f.transferOut("EUR", f.banks.EUR, 100);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.status).toBe("COMPLETED");
    expect(await f.balance("EUR")).toBe(9_999_900);
  });

  it("refuses outgoing MXN when MXN is enabled for INCOMING only, and still lets MXN come in", async () => {
    const f = await limitedPlatform();
    for (const res of [await f.quote("MXN", f.accounts.USD!, 10_000, { immediatelyExecute: true }), await f.quote("MXN", f.banks.MXN, 10_000, { immediatelyExecute: true }), await f.transferOut("MXN", f.banks.MXN, 10_000)]) {
      expect(res.status, res.text).toBe(400);
      expect(res.json).toMatchObject({ code: "INVALID_CURRENCY", details: { currency: "MXN", enabledTransactionTypes: ["INCOMING"] } });
    }
    expect(await f.balance("MXN")).toBe(10_000_000);
    const incoming = await f.quote("USD", f.accounts.MXN!, 10_000, { immediatelyExecute: true });
    expect(incoming.status, incoming.text).toBe(200);
    expect(incoming.json.status).toBe("COMPLETED");
  });
});
