import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { internalAccountsFixture } from "../internal-accounts/internal-account-fixtures";
import { CURRENCY_CODES } from "../sandbox/currencies";
import { createTestApp, type TestApp } from "../testing/test-app";
import { plainDecimal, rateAsParsed } from "./rate-fixtures";
import { decimalsOf, exchangeRateScaled, hasRate, RATE_PLACES, RATE_SCALE, rateToDecimal } from "./rate-table";

/**
 * `exchangeRate` is a JSON number (SPEC.md: Quote, Transaction; GET /exchange-rates): a client reads it
 * as a double. It must read exactly the rate the amounts were computed with, for every corridor.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CODES = CURRENCY_CODES.filter(hasRate);

/** A plain decimal as a bigint scaled by RATE_SCALE. */
function scaled(decimal: string): bigint {
  const [whole, frac = ""] = decimal.split(".");
  return BigInt(whole!) * RATE_SCALE + BigInt(frac.padEnd(RATE_PLACES, "0"));
}

/** R = floor(net · 10^(dR−dS) / x), as a client computes it from the rate it was sent (BEHAVIORS.md §2.2). */
function receivingFrom(rate: string, net: number, source: string, destination: string): number {
  const shift = decimalsOf(destination) - decimalsOf(source);
  const numerator = BigInt(net) * RATE_SCALE * 10n ** BigInt(Math.max(shift, 0));
  return Number(numerator / (scaled(rate) * 10n ** BigInt(Math.max(-shift, 0))));
}

describe("exchangeRate as a JSON number", () => {
  it("GET /exchange-rates: every corridor's rate parses to exactly the rate its receivingAmount was computed with", async () => {
    const p = await t.createTestPlatform();
    const wrong: string[] = [];
    for (const source of CODES) {
      const res = await t.call("GET", `/exchange-rates?sourceCurrency=${source}&sendingAmount=100000000`, { auth: p.auth });
      expect(res.status, res.text).toBe(200);
      const rates = JSON.parse(res.text).data as { destinationCurrency: { code: string }; exchangeRate: number; sendingAmount: number; receivingAmount: number; fees: { total: number } }[];
      expect(rates).toHaveLength(CODES.length - 1);
      for (const r of rates) {
        const destination = r.destinationCurrency.code;
        const used = rateToDecimal(exchangeRateScaled(source, destination));
        const sent = rateAsParsed(r.exchangeRate);
        if (sent !== used) wrong.push(`${source}->${destination}: computed with ${used}, client reads ${sent}`);
        expect(r.receivingAmount, `${source}->${destination}`).toBe(receivingFrom(sent, r.sendingAmount - r.fees.total, source, destination));
      }
    }
    expect(wrong).toEqual([]);
  });

  it("quotes and their transactions to and from BTC (the largest and smallest rates): the rate sent is the one stored and priced with", { timeout: 300_000 }, async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const supportedCurrencies = CODES.map((currencyCode) => ({ currencyCode, minAmount: 1, maxAmount: 1_000_000_000_000, requiredCounterpartyFields: [], enabledTransactionTypes: ["INCOMING", "OUTGOING"] }));
    const patch = await t.call("PATCH", "/config", { auth: f.auth, body: { supportedCurrencies } });
    expect(patch.status, patch.text).toBe(200);
    // A customer holds at most 20 currencies: BTC and up to 19 others each.
    const others = CODES.filter((c) => c !== "BTC");
    const accounts: Record<string, Record<string, string>> = {};
    for (let i = 0; i < others.length; i += 19) {
      const customer = await f.customer({ currencies: ["BTC", ...others.slice(i, i + 19)] });
      const held = Object.fromEntries((await f.accountsOf(customer.id)).map((a) => [a.balance.currency.code, a.id]));
      for (const code of others.slice(i, i + 19)) accounts[code] = held;
    }
    const pairs = others.flatMap((c) => [[c, "BTC"], ["BTC", c]] as const);
    const wrong: string[] = [];
    for (const [from, to] of pairs) {
      const held = accounts[from === "BTC" ? to : from]!;
      const res = await t.call("POST", "/quotes", {
        auth: f.auth,
        body: { source: { sourceType: "ACCOUNT", accountId: held[from] }, destination: { destinationType: "ACCOUNT", accountId: held[to] }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 100_000_000 },
      });
      expect(res.status, `${from}->${to}: ${res.text}`).toBe(200);
      const quote = JSON.parse(res.text);
      const row = await t.db.quote.findUniqueOrThrow({ where: { id: quote.id.replace("Quote:", "") }, select: { exchangeRate: true } });
      const stored = plainDecimal(row.exchangeRate.toFixed());
      expect(stored, `${from}->${to}`).toBe(rateToDecimal(exchangeRateScaled(from, to)));
      const read = await t.call("GET", `/quotes/${quote.id}`, { auth: f.auth });
      const tx = await t.call("GET", `/transactions/${quote.transactionId}`, { auth: f.auth });
      expect(tx.status, tx.text).toBe(200);
      for (const [where, value] of [["quote", quote.exchangeRate], ["GET quote", JSON.parse(read.text).exchangeRate], ["transaction", JSON.parse(tx.text).exchangeRate]] as const) {
        const sent = rateAsParsed(value as number);
        if (sent !== stored) wrong.push(`${from}->${to} ${where}: stored ${stored}, client reads ${sent}`);
      }
      expect(quote.totalReceivingAmount, `${from}->${to}`).toBe(receivingFrom(rateAsParsed(quote.exchangeRate), quote.totalSendingAmount - quote.feesIncluded, from, to));
    }
    expect(wrong).toEqual([]);
  });
});
