import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES } from "../external-accounts/external-account-fixtures";
import { systemAccountBalance } from "../ledger/system-account-balance";
import { createTestApp, type TestApp } from "../testing/test-app";
import { OutgoingTransactionSchema } from "../transactions/schemas";
import { quotesFixture, type QuotesFixture } from "./quote-fixtures";
import { QuoteSchema } from "./schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const override = (fixed: number, bps: number) => ({ platformFeeOverride: { platformFixedFee: { amount: fixed, currency: "USD" }, platformVariableFeeBps: bps } });
const PENDING_PROCESSING = ["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING"];

/** A quote pulling `amount` (SENDING-locked) from the bank account `source` to `destination`. */
const pullQuote = (f: QuotesFixture, source: string, destination: string, amount: number, extra: Record<string, unknown> = {}) =>
  f.createQuote({ source: { sourceType: "ACCOUNT", accountId: source }, destination: { destinationType: "ACCOUNT", accountId: destination }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: amount, ...extra });

/** The fixture's customer's internal account in `currency`. */
async function accountIn(f: QuotesFixture, currency: string) {
  const account = (await f.accountsOf(f.customerId)).find((a) => a.balance.currency.code === currency);
  if (!account) throw new Error(`no ${currency} account`);
  return account.id;
}

/** Lets the platform's customers hold EUR (PATCH /config supportedCurrencies). */
async function supportEur(f: QuotesFixture) {
  const config = await t.call("GET", "/config", { auth: f.auth });
  const current = (config.json.supportedCurrencies as Record<string, unknown>[]).map(({ providerRequiredCustomerFields: _a, providerRequiredCounterpartyCustomerFields: _b, ...rest }) => rest);
  const eur = { currencyCode: "EUR", minAmount: 1, maxAmount: 1_000_000_000_000, requiredCounterpartyFields: [], enabledTransactionTypes: ["INCOMING", "OUTGOING"] };
  const res = await t.call("PATCH", "/config", { auth: f.auth, body: { supportedCurrencies: [...current, eur] } });
  if (res.status !== 200) throw new Error(`config update failed: ${res.text}`);
}

const clearing = (f: QuotesFixture, currency = "USD") => systemAccountBalance(t.db, f.platformId, "SERVICE_CLEARING", currency);

describe("POST /quotes with a pull source (BEHAVIORS.md §2.1 Pull, §2.7)", () => {
  it("pulls USD from the customer's bank into their EUR account: PENDING without paymentInstructions, then executed, converted at the quoted rate, fees paid, EUR credited", async () => {
    const f = await quotesFixture(t);
    await supportEur(f);
    const customer = await f.customer({ currencies: ["USD", "EUR"] });
    const accounts = await f.accountsOf(customer.id);
    const usd = accounts.find((a) => a.balance.currency.code === "USD")!.id;
    const eur = accounts.find((a) => a.balance.currency.code === "EUR")!.id;
    const bank = await f.external({ owner: customer.id });

    const created = await pullQuote(f, bank, eur, 100_000, override(50, 100));
    expect(created.status, created.text).toBe(200);
    expect(QuoteSchema.safeParse(created.json).success).toBe(true);
    // F = 50; base 99950; service 0.5% = 500 (499.75); platform 1% = 1000 (999.5, half-even); fees 1550; net 98450; R = floor(98450 / 1.08) = 91157.
    expect(created.json).toMatchObject({
      status: "PENDING",
      source: { sourceType: "ACCOUNT", accountId: bank, customerId: customer.id },
      destination: { destinationType: "ACCOUNT", accountId: eur },
      sendingCurrency: { code: "USD" },
      receivingCurrency: { code: "EUR" },
      totalSendingAmount: 100_000,
      totalReceivingAmount: 91_157,
      exchangeRate: 1.08,
      feesIncluded: 1_550,
      platformFeesIncluded: 1_050,
    });
    expect(created.json).not.toHaveProperty("paymentInstructions");
    const quote = created.json;
    expect(await f.getTransaction(quote.transactionId)).toMatchObject({
      status: "PENDING",
      type: "OUTGOING",
      source: { sourceType: "ACCOUNT", accountId: bank, currency: "USD", railDetails: { paymentRail: "ACH", status: "PENDING", statementDescriptor: "SERVICE" } },
    });

    const executed = await f.execute(quote.id);
    expect(executed.status, executed.text).toBe(200);
    expect(executed.json).toMatchObject({ id: quote.id, status: "COMPLETED" });

    const transaction = await f.getTransaction(quote.transactionId);
    expect(OutgoingTransactionSchema.safeParse(transaction).success).toBe(true);
    expect(transaction).toMatchObject({
      status: "COMPLETED",
      type: "OUTGOING",
      direction: "DEBIT",
      customerId: customer.id,
      quoteId: quote.id,
      source: { sourceType: "ACCOUNT", accountId: bank, currency: "USD", railDetails: { paymentRail: "ACH", status: "COMPLETED" } },
      destination: { destinationType: "ACCOUNT", accountId: eur, currency: "EUR" },
      sentAmount: { amount: 100_000, currency: { code: "USD" } },
      receivedAmount: { amount: 91_157, currency: { code: "EUR" } },
      exchangeRate: 1.08,
      fees: 1_550,
      platformFees: 1_050,
      settledAt: expect.any(String),
    });
    expect(transaction).not.toHaveProperty("failureReason");
    expect(transaction.destination).not.toHaveProperty("railDetails");

    // The EUR account holds the receiving amount, the customer's USD account is untouched, the
    // platform's USD account holds its fee, the service its own, and the sending amount came in through clearing.
    const after = await f.accountsOf(customer.id);
    expect(after.find((a) => a.id === eur)!.balance.amount).toBe(91_157);
    expect(after.find((a) => a.id === usd)!.balance.amount).toBe(0);
    expect((await f.platformAccount("USD")).balance.amount).toBe(1_050);
    expect(await systemAccountBalance(t.db, f.platformId, "SERVICE_FEES", "USD")).toBe(500n);
    expect(await clearing(f)).toBe(-100_000n);

    expect(await f.types(quote.transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.COMPLETED"]);
    const steps = await f.eventsFor(quote.transactionId);
    expect(steps.map((e) => [e.data.status, e.data.source.railDetails.status])).toEqual([
      ["PENDING", "PENDING"],
      ["PROCESSING", "COMPLETED"],
      ["COMPLETED", "COMPLETED"],
    ]);
    const balanceEvents = (await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED")).map((e) => e.data.id);
    expect(balanceEvents).toEqual(expect.arrayContaining([eur, (await f.platformAccount("USD")).id]));
    expect(balanceEvents).not.toContain(usd);
    expect((await f.getQuote(quote.id)).status).toBe("COMPLETED");
  });

  it("immediatelyExecute pulls and credits in one call; statementDescriptor is accepted on the ACH pull and travels on the source's railDetails", async () => {
    const f = await quotesFixture(t);
    const bank = await f.external();
    const res = await pullQuote(f, bank, f.accountId, 2_500, { immediatelyExecute: true, statementDescriptor: "PAYROLL" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: "COMPLETED", statementDescriptor: "PAYROLL", totalSendingAmount: 2_500, totalReceivingAmount: 2_500, feesIncluded: 0 });
    expect(await f.balance()).toEqual({ available: 2_500, total: 2_500 });
    expect(await f.getTransaction(res.json.transactionId)).toMatchObject({
      status: "COMPLETED",
      source: { accountId: bank, railDetails: { paymentRail: "ACH", status: "COMPLETED", statementDescriptor: "PAYROLL" } },
    });
    expect(await f.types(res.json.transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.COMPLETED"]);
  });

  it("pays out to the customer's other bank account; a payout that fails (002) is refunded to the payer's bank through clearing, fees reversed", async () => {
    const f = await quotesFixture(t);
    const bank = await f.external();
    const payee = await f.external({ suffix: "002" });
    const res = await pullQuote(f, bank, payee, 10_000, { ...override(50, 100), immediatelyExecute: true });
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe("FAILED");
    await f.advanceSeconds(2);
    expect(await f.types(res.json.transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.FAILED", "OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_COMPLETED"]);
    expect(await f.getTransaction(res.json.transactionId)).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED", refund: { status: "COMPLETED" } });
    expect(await clearing(f)).toBe(0n);
    expect((await f.platformAccount("USD")).balance.amount).toBe(0);
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
  });
});

describe("pull sources: sandbox outcomes of the pull (BEHAVIORS.md §4.1–4.2)", () => {
  it.each([
    ["002", "QUOTE_EXECUTION_FAILED", ["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.FAILED"]],
    ["112", "QUOTE_EXECUTION_FAILED", ["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.FAILED"]],
    ["003", "ACCOUNT_INVALID", ["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.FAILED"]],
    ["004", "ACCOUNT_CANNOT_RECEIVE", [...PENDING_PROCESSING, "OUTGOING_PAYMENT.FAILED"]],
    ["008", "COMPLIANCE_REJECTED", [...PENDING_PROCESSING, "OUTGOING_PAYMENT.FAILED"]],
  ])("suffix %s: execute answers the quote FAILED, the transaction FAILED %s, nothing moves and nothing is refunded", async (suffix, failureReason, events) => {
    const f = await quotesFixture(t);
    const bank = await f.external({ suffix });
    const created = await pullQuote(f, bank, f.accountId, 900);
    expect(created.status, created.text).toBe(200);
    const res = await f.execute(created.json.id);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("FAILED");
    await f.advanceSeconds(2);
    const transaction = await f.getTransaction(created.json.transactionId);
    expect(transaction).toMatchObject({ status: "FAILED", failureReason, source: { railDetails: { status: "FAILED" } } });
    expect(transaction).not.toHaveProperty("refund");
    expect(transaction).not.toHaveProperty("settledAt");
    expect(await f.types(created.json.transactionId)).toEqual(events);
    expect((await f.getQuote(created.json.id)).status).toBe("FAILED");
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
    expect(await clearing(f)).toBe(0n);
    expect((await f.execute(created.json.id)).status).toBe(409);
  });

  it("suffix 005: the pull stays PENDING 30 s (quote PROCESSING, execute again 409), then fails QUOTE_EXECUTION_FAILED with nothing moved", async () => {
    const f = await quotesFixture(t);
    const bank = await f.external({ suffix: "005" });
    const created = await pullQuote(f, bank, f.accountId, 900);
    const res = await f.execute(created.json.id);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("PROCESSING");
    const { transactionId } = created.json;
    expect(await f.getTransaction(transactionId)).toMatchObject({ status: "PENDING", source: { railDetails: { status: "PENDING" } } });
    expect(await f.types(transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING"]);
    expect((await f.execute(created.json.id)).status).toBe(409);

    await f.advanceSeconds(29);
    expect((await f.getTransaction(transactionId)).status).toBe("PENDING");
    await f.advanceSeconds(1);
    expect(await f.getTransaction(transactionId)).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED", source: { railDetails: { status: "FAILED" } } });
    expect((await f.getQuote(created.json.id)).status).toBe("FAILED");
    expect(await f.types(transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.FAILED"]);
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
    expect(await clearing(f)).toBe(0n);
    // Past the quote's expiresAt nothing changes (the expiry step leaves an executed quote alone).
    await f.advanceSeconds(300);
    expect((await f.getQuote(created.json.id)).status).toBe("FAILED");
  });
});

describe("pull sources: refusals", () => {
  it("answers 400 INVALID_INPUT naming source.accountId for a wallet: pulls come only from bank accounts", async () => {
    const f = await quotesFixture(t);
    const wallet = await t.call("POST", "/customers/external-accounts", {
      auth: f.auth,
      body: { customerId: f.customerId, currency: "USDC", accountInfo: EXAMPLES.SOLANA_WALLET!.accountInfo, ownershipType: "THIRD_PARTY" },
    });
    expect(wallet.status, wallet.text).toBe(201);
    const res = await pullQuote(f, wallet.json.id, f.accountId, 100);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    expect(res.json.details.errors[0]).toMatchObject({ field: "source.accountId", constraint: { pullCapable: true } });
    expect(res.json.details.errors[0].message).toContain("pulls come only from bank accounts");
  });

  it("another customer's bank account: 400 when source.customerId does not own it, and it cannot pay out to the other customer's bank; another platform's: 404", async () => {
    const f = await quotesFixture(t);
    const other = await f.customer();
    const theirs = await f.external({ owner: other.id });
    const ours = await f.external();
    const notOwner = await f.createQuote({ source: { sourceType: "ACCOUNT", accountId: theirs, customerId: f.customerId }, destination: { destinationType: "ACCOUNT", accountId: f.accountId }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 100 });
    expect(notOwner.status).toBe(400);
    expect(notOwner.json.details.errors[0]).toMatchObject({ field: "source.customerId" });
    const crossPayout = await pullQuote(f, theirs, ours, 100);
    expect(crossPayout.status).toBe(400);
    expect(crossPayout.json.details.errors[0]).toMatchObject({ field: "destination.accountId", constraint: { sameOwner: true } });

    const stranger = await quotesFixture(t);
    const res = await pullQuote(f, await stranger.external(), f.accountId, 100);
    expect(res.status).toBe(404);
  });

  it("answers 400 SELF_PAYMENT when the bank account pulled from is also the destination", async () => {
    const f = await quotesFixture(t);
    const bank = await f.external();
    const res = await pullQuote(f, bank, bank, 100);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("SELF_PAYMENT");
  });

  it("refuses statementDescriptor when neither side is ACH (a pull source must be ACH for it), and accepts it for an ACH pull into an internal account", async () => {
    const f = await quotesFixture(t, { fund: 1_000 });
    const usdc = await accountIn(f, "USDC");
    const internal = await f.quote(usdc, 100, { statementDescriptor: "PAYROLL" });
    expect(internal.status).toBe(400);
    expect(internal.json.details.errors[0]).toMatchObject({ field: "statementDescriptor" });
    const pull = await pullQuote(f, await f.external(), usdc, 100, { statementDescriptor: "PAYROLL" });
    expect(pull.status, pull.text).toBe(200);
    expect(pull.json.statementDescriptor).toBe("PAYROLL");
    expect((await f.getTransaction(pull.json.transactionId)).source.railDetails).toMatchObject({ paymentRail: "ACH", statementDescriptor: "PAYROLL" });
  });

  it("keeps the idempotency of POST /quotes: the same key replays the pull quote", async () => {
    const f = await quotesFixture(t);
    const bank = await f.external();
    const body = { source: { sourceType: "ACCOUNT", accountId: bank }, destination: { destinationType: "ACCOUNT", accountId: f.accountId }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 300, immediatelyExecute: true };
    const first = await f.createQuote(body, { idempotencyKey: "pull-1" });
    const second = await f.createQuote(body, { idempotencyKey: "pull-1" });
    expect(first.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(await f.balance()).toEqual({ available: 300, total: 300 });
  });
});
