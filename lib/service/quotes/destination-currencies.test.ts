import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES } from "../external-accounts/external-account-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { quotesFixture } from "./quote-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The ISO 4217 minor units of the currencies below whose smallest unit is not the hundredth. */
const WHOLE_UNIT_CURRENCIES = new Set(["JPY", "RWF", "UGX", "VND", "XAF", "XOF"]);

describe("every account the API accepts can be paid (BEHAVIORS.md §1.6)", () => {
  // SLV_ACCOUNT names no ISO currency; Lightning and Spark wallets are paid in BTC, quoted elsewhere.
  const payable = Object.entries(EXAMPLES).filter(([type]) => type !== "SLV_ACCOUNT" && type !== "LIGHTNING" && type !== "SPARK_WALLET");

  it.each(payable)("%s: a USD quote to it prices the receiving side in its currency's minor units", async (_type, example) => {
    const f = await quotesFixture(t);
    const destination = await f.externalAccount({ currency: example.currency, accountInfo: example.accountInfo, ...(example.ownershipType && { ownershipType: example.ownershipType }) });
    const res = await f.quote(destination, 10_000); // USD 100.00
    expect(res.status, res.text).toBe(200);
    const { receivingCurrency, totalReceivingAmount } = res.json;
    expect(receivingCurrency.code).toBe(example.currency);
    expect(receivingCurrency.decimals).toBe(WHOLE_UNIT_CURRENCIES.has(example.currency) ? 0 : example.currency === "USDT" ? 6 : 2);
    expect(totalReceivingAmount).toBeGreaterThan(0);
  });
});
