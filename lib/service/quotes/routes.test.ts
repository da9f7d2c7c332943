import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { OutgoingTransactionSchema } from "../transactions/schemas";
import { quotesFixture } from "./quote-fixtures";
import { QuoteSchema } from "./schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const override = (fixed: number, bps: number, currency = "USD") => ({ platformFeeOverride: { platformFixedFee: { amount: fixed, currency }, platformVariableFeeBps: bps } });

describe("POST /quotes", () => {
  it("prices a USD → EUR quote with the service's 0.5% and the platform's override, with its PENDING transaction and no event yet", async () => {
    const f = await quotesFixture(t);
    const eur = await f.external({ currency: "EUR" });
    const res = await f.quote(eur, 100_000, { ...override(50, 30), description: "Rent", remittanceInformation: "March rent", purposeOfPayment: "FAMILY_SUPPORT" });
    expect(res.status).toBe(200);
    expect(QuoteSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({
      id: expect.stringMatching(/^Quote:[0-9a-f-]{36}$/),
      status: "PENDING",
      source: { sourceType: "ACCOUNT", accountId: f.accountId, customerId: f.customerId },
      destination: { destinationType: "ACCOUNT", accountId: eur, paymentRail: "SEPA_INSTANT" },
      sendingCurrency: { code: "USD", decimals: 2 },
      receivingCurrency: { code: "EUR", decimals: 2 },
      totalSendingAmount: 100_000,
      totalReceivingAmount: 91_805,
      exchangeRate: 1.08,
      feesIncluded: 850,
      platformFeesIncluded: 350,
      transactionId: expect.stringMatching(/^Transaction:/),
      rateDetails: { counterpartyMultiplier: 1, counterpartyFixedFee: 0, serviceApiFixedFee: 0, serviceApiVariableFeeRate: 0.005, serviceApiVariableFeeAmount: 500 },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 100_000,
      remittanceInformation: "March rent",
      purposeOfPayment: "FAMILY_SUPPORT",
    });
    expect(res.json).not.toHaveProperty("paymentInstructions");
    // (1 − 0.005) / 1.08 EUR cents per USD cent
    expect(res.json.rateDetails.serviceApiMultiplier).toBeCloseTo(0.92129629, 7);
    expect(new Date(res.json.expiresAt).getTime() - new Date(res.json.createdAt).getTime()).toBe(300_000);

    const transaction = await f.getTransaction(res.json.transactionId);
    expect(OutgoingTransactionSchema.safeParse(transaction).success).toBe(true);
    expect(transaction).toMatchObject({ status: "PENDING", type: "OUTGOING", quoteId: res.json.id, sentAmount: { amount: 100_000 }, receivedAmount: { amount: 91_805, currency: { code: "EUR" } }, fees: 850, platformFees: 350, exchangeRate: 1.08, paymentRail: "SEPA_INSTANT", railSelectionMode: "AUTO", expectedSettlementAt: null });
    expect(transaction).not.toHaveProperty("paymentInstructions");
    expect(await f.types(res.json.transactionId)).toEqual([]);
    expect(await f.getQuote(res.json.id)).toEqual(res.json);
  });

  it("RECEIVING lock: the sender pays the fees on top, and the same amounts as the SENDING quote come out", async () => {
    const f = await quotesFixture(t);
    const eur = await f.external({ currency: "EUR" });
    const res = await f.quote(eur, 91_805, { lockedCurrencySide: "RECEIVING", ...override(50, 30) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ totalSendingAmount: 100_000, totalReceivingAmount: 91_805, feesIncluded: 850, platformFeesIncluded: 350, lockedCurrencySide: "RECEIVING" });
  });

  it("applies the standing feeConfigs on a cross-currency quote, and none on a same-currency one", async () => {
    const f = await quotesFixture(t);
    const patch = await t.call("PATCH", "/config", { auth: f.auth, body: { feeConfigs: [{ feeType: "CROSS_CURRENCY_TRANSACTION", sourceCurrency: "USD", variableFeeBps: 30, fixedFee: { amount: 50, currency: "USD" } }] } });
    expect(patch.status).toBe(200);
    const eur = await f.external({ currency: "EUR" });
    expect((await f.quote(eur, 100_000)).json).toMatchObject({ feesIncluded: 850, platformFeesIncluded: 350, totalReceivingAmount: 91_805 });
    const usd = await f.external();
    expect((await f.quote(usd, 100_000)).json).toMatchObject({ feesIncluded: 0, platformFeesIncluded: 0, totalReceivingAmount: 100_000, exchangeRate: 1 });
  });

  it("gives a realtime-funded quote bank payment instructions with the reference to quote", async () => {
    const f = await quotesFixture(t);
    const usd = await f.external();
    const res = await f.createQuote({ source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: f.customerId }, destination: { destinationType: "ACCOUNT", accountId: usd }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 5_000 });
    expect(res.status).toBe(200);
    const transaction = await f.getTransaction(res.json.transactionId);
    expect(res.json.paymentInstructions).toEqual([
      expect.objectContaining({ accountOrWalletInfo: expect.objectContaining({ accountType: "USD_ACCOUNT", routingNumber: expect.any(String), accountNumber: expect.any(String), reference: transaction.reconciliationInstructions.reference }) }),
    ]);
    expect(res.json.source).toEqual({ sourceType: "REALTIME_FUNDING", currency: "USD", customerId: f.customerId });
    // The transaction carries the same instructions (BEHAVIORS.md §3.2), as do its webhooks once funds arrive.
    expect(OutgoingTransactionSchema.safeParse(transaction).success).toBe(true);
    expect(transaction.paymentInstructions).toEqual(res.json.paymentInstructions);
    const sent = await t.call("POST", "/sandbox/send", { auth: f.auth, body: { quoteId: res.json.id, currencyCode: "USD" } });
    expect(sent.status).toBe(200);
    const events = await f.eventsFor(res.json.transactionId);
    expect(events.map((e) => e.type)).toEqual(["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED"]);
    for (const event of events) expect(event.data.paymentInstructions).toEqual(res.json.paymentInstructions);
  });

  it("gives a stablecoin realtime quote the wallet form on the network asked for, and requires the network", async () => {
    const f = await quotesFixture(t);
    const usd = await f.external();
    const body = (source: Record<string, unknown>) => ({ source: { sourceType: "REALTIME_FUNDING", currency: "USDC", customerId: f.customerId, ...source }, destination: { destinationType: "ACCOUNT", accountId: usd }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 5_000 });
    const res = await f.createQuote(body({ cryptoNetwork: "SOLANA" }));
    expect(res.status).toBe(200);
    expect(res.json.paymentInstructions).toEqual([expect.objectContaining({ accountOrWalletInfo: expect.objectContaining({ accountType: "SOLANA_WALLET", assetType: "USDC", address: expect.any(String) }) })]);
    const missing = await f.createQuote(body({}));
    expect(missing.status).toBe(400);
    expect(missing.json.details.errors).toEqual([expect.objectContaining({ field: "source.cryptoNetwork" })]);
  });

  it("quotes a UMA address in the counterparty's currency", async () => {
    const f = await quotesFixture(t);
    const body = { source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "UMA_ADDRESS", umaAddress: "$success.mxn@sandbox.uma.money", currency: "MXN" }, lockedCurrencySide: "RECEIVING", lockedCurrencyAmount: 100_000 };
    // The MXN counterparty's lookup marks the payer's name and country mandatory.
    const withoutPayer = await f.createQuote(body);
    expect([withoutPayer.status, withoutPayer.json.details.errors.map((e: { field: string }) => e.field)]).toEqual([400, ["senderCustomerInfo.FULL_NAME", "senderCustomerInfo.COUNTRY_OF_RESIDENCE"]]);
    const res = await f.createQuote({ ...body, senderCustomerInfo: { fullName: "Ada Lovelace", COUNTRY_OF_RESIDENCE: "US" } });
    expect(res.status, res.text).toBe(200);
    // x = 0.058 USD per MXN: ceil(100000 × 0.058 / 0.995) = ceil(5829.14) = 5830 cents.
    expect(res.json).toMatchObject({ destination: { destinationType: "UMA_ADDRESS", umaAddress: "$success.mxn@sandbox.uma.money", currency: "MXN" }, totalSendingAmount: 5_830, totalReceivingAmount: 100_000, exchangeRate: 0.058 });
    const transaction = await f.getTransaction(res.json.transactionId);
    expect(transaction).toMatchObject({ destination: { destinationType: "UMA_ADDRESS", currency: "MXN" }, paymentRail: null });
  });

  it("prices a 0-decimal receiving currency end to end (USD → VND external account)", async () => {
    const f = await quotesFixture(t);
    const vnd = await f.external({ currency: "VND" });
    const res = await f.quote(vnd, 10_000);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ receivingCurrency: { code: "VND", decimals: 0 }, totalSendingAmount: 10_000, feesIncluded: 50, totalReceivingAmount: 2_487_500, exchangeRate: 0.00004 });
  });

  it("pays from the platform's own internal account to a platform external account (no customer)", async () => {
    const f = await quotesFixture(t);
    const platformUsd = await f.platformAccount("USD");
    expect((await f.fund(platformUsd.id, 5_000)).status).toBe(200);
    const destination = await f.external({ owner: null });
    const res = await f.createQuote({ source: { sourceType: "ACCOUNT", accountId: platformUsd.id }, destination: { destinationType: "ACCOUNT", accountId: destination }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 2_000, immediatelyExecute: true });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("COMPLETED");
    expect(res.json.source).toEqual({ sourceType: "ACCOUNT", accountId: platformUsd.id });
    expect(await f.getTransaction(res.json.transactionId)).not.toHaveProperty("customerId");
    expect((await f.platformAccount("USD")).balance.amount).toBe(3_000);
  });

  it("POST /sandbox/send is for sandbox platforms only (403 for production credentials)", async () => {
    const f = await quotesFixture(t);
    await t.makeProduction(f.platformId);
    const res = await t.call("POST", "/sandbox/send", { auth: f.auth, body: { quoteId: "Quote:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", currencyCode: "USD" } });
    expect(res.status).toBe(403);
  });
});
