import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { quotesFixture, type QuotesFixture } from "./quote-fixtures";
import { EXPIRE_QUOTE_JOB } from "./expire-quote";
import { QUOTE_DEBIT } from "./settle-quote";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PENDING_PROCESSING = ["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING"];

describe("quote expiry and execute rules", () => {
  it("expires at expiresAt by the sandbox clock: quote and transaction EXPIRED with OUTGOING_PAYMENT.EXPIRED; execute → 409 QUOTE_EXPIRED", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    await f.advanceSeconds(299);
    expect((await f.getQuote(quote.id)).status).toBe("PENDING");
    await f.advanceSeconds(1);
    expect((await f.getQuote(quote.id)).status).toBe("EXPIRED");
    expect((await f.getTransaction(quote.transactionId)).status).toBe("EXPIRED");
    expect(await f.types(quote.transactionId)).toEqual(["OUTGOING_PAYMENT.EXPIRED"]);
    const res = await f.execute(quote.id);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("QUOTE_EXPIRED");
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
  });

  it("only a quote that can wait gets an expiry step: immediatelyExecute runs at once and schedules none", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const usd = await f.external();
    const waiting = await f.okQuote(usd, 1_000);
    const ran = await f.okQuote(usd, 1_000, { immediatelyExecute: true });
    expect(ran.status).toBe("COMPLETED");
    const ranRow = await t.db.quote.findUniqueOrThrow({ where: { id: ran.id.replace("Quote:", "") } });
    expect([ranRow.status, ranRow.executedAt]).toEqual(["COMPLETED", expect.any(Date)]);
    const jobs = await t.db.job.findMany({ where: { platformId: f.platformId, kind: EXPIRE_QUOTE_JOB } });
    expect(jobs.map((j) => (j.payload as { quoteId: string }).quoteId)).toEqual([waiting.id.replace("Quote:", "")]);
  });

  it("a second execute answers 409 CONFLICT naming the status", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const quote = await f.okQuote(await f.external({ suffix: "003" }), 1_000);
    expect((await f.execute(quote.id)).status).toBe(200);
    const again = await f.execute(quote.id);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("PROCESSING") });
    expect(await f.balance()).toEqual({ available: 9_000, total: 9_000 });
  });

  it("insufficient balance: 400 INSUFFICIENT_BALANCE, the quote stays PENDING and can run once funded", async () => {
    const f = await quotesFixture(t, { fund: 500 });
    const quote = await f.okQuote(await f.external(), 1_000);
    const res = await f.execute(quote.id);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INSUFFICIENT_BALANCE");
    expect((await f.getQuote(quote.id)).status).toBe("PENDING");
    expect((await f.getTransaction(quote.transactionId)).status).toBe("PENDING");
    expect(await f.types(quote.transactionId)).toEqual([]);
    await f.fund(f.accountId, 500);
    expect((await f.execute(quote.id)).json.status).toBe("COMPLETED");
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
  });

  it("20 concurrent identical executes without a key: one execution, one debit", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => f.execute(quote.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await f.balance()).toEqual({ available: 9_000, total: 9_000 });
    expect(await f.types(quote.transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.COMPLETED"]);
    expect(await t.db.ledgerTransaction.count({ where: { platformId: f.platformId, transactionId: quote.transactionId.replace("Transaction:", ""), kind: QUOTE_DEBIT } })).toBe(1);
  });

  it("20 concurrent executes with the same Idempotency-Key: one execution, the others replay it or are told to retry", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => f.execute(quote.id, { headers: { "idempotency-key": "exec-1" } })));
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of ok) expect(r.json).toMatchObject({ id: quote.id, status: "COMPLETED" });
    expect(await f.balance()).toEqual({ available: 9_000, total: 9_000 });
    expect(await t.db.ledgerTransaction.count({ where: { platformId: f.platformId, transactionId: quote.transactionId.replace("Transaction:", ""), kind: QUOTE_DEBIT } })).toBe(1);
  });

  it("GET and execute of an unknown quote → 404 QUOTE_NOT_FOUND", async () => {
    const f = await quotesFixture(t);
    const id = "Quote:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10";
    expect((await t.call("GET", `/quotes/${id}`, { auth: f.auth })).json.code).toBe("QUOTE_NOT_FOUND");
    expect((await t.call("GET", "/quotes/nope", { auth: f.auth })).status).toBe(404);
    expect((await f.execute(id)).json.code).toBe("QUOTE_NOT_FOUND");
  });

  it("execute needs TRANSACT (403)", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    const viewer = await f.tokenWith(["VIEW"]);
    expect((await f.execute(quote.id, { auth: viewer })).status).toBe(403);
    expect((await f.quote(await f.external(), 1_000, {})).status).toBe(200);
    expect((await f.createQuote({}, { auth: viewer })).status).toBe(403);
  });
});

describe("immediatelyExecute", () => {
  it("creates and executes in one call: the answer is the executed quote, the transaction COMPLETED", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const res = await f.quote(await f.external(), 2_500, { immediatelyExecute: true, remittanceInformation: "Invoice 7" });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("COMPLETED");
    expect(await f.getTransaction(res.json.transactionId)).toMatchObject({ status: "COMPLETED", description: "Invoice 7" });
    expect(await f.types(res.json.transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.COMPLETED"]);
    expect(await f.balance()).toEqual({ available: 7_500, total: 7_500 });
  });

  it("leaves the same records as create + execute: the answer is the stored quote, the same history, events, ledger postings and balance event", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const eur = await f.external({ currency: "EUR" });
    const feeOverride = { platformFeeOverride: { platformFixedFee: { amount: 10, currency: "USD" }, platformVariableFeeBps: 50 } };
    const immediate = await f.okQuote(eur, 2_500, { ...feeOverride, immediatelyExecute: true });
    const created = await f.okQuote(eur, 2_500, feeOverride);
    const executed = (await f.execute(created.id)).json;

    // The answer is the quote as stored, not a copy that drifted from it.
    expect(immediate).toEqual(await f.getQuote(immediate.id));
    expect(immediate).toMatchObject({ status: "COMPLETED", totalSendingAmount: executed.totalSendingAmount, totalReceivingAmount: executed.totalReceivingAmount });
    const records = async (quote: { id: string; transactionId: string }) => {
      const transactionId = quote.transactionId.replace("Transaction:", "");
      const history = await t.db.transactionStatusChange.findMany({ where: { transactionId }, orderBy: { sequence: "asc" } });
      const postings = await t.db.ledgerTransaction.findMany({ where: { transactionId }, orderBy: { createdAt: "asc" }, include: { entries: { select: { amount: true }, orderBy: { amount: "asc" } } } });
      const row = await t.db.quote.findUniqueOrThrow({ where: { id: quote.id.replace("Quote:", "") } });
      const transaction = await f.getTransaction(quote.transactionId);
      return {
        history: history.map((s) => [s.sequence, s.status, s.eventType, s.note]),
        events: (await f.eventsFor(quote.transactionId)).map((e) => [e.type, e.data.status, e.data.destination?.accountId]),
        postings: postings.map((p) => [p.kind, p.entries.map((e) => e.amount)]),
        quote: [row.status, row.executedAt !== null],
        transaction: { ...transaction, id: undefined, quoteId: undefined, reference: undefined, reconciliationInstructions: undefined, createdAt: undefined, updatedAt: undefined, settledAt: typeof transaction.settledAt },
      };
    };
    expect(await records(immediate)).toEqual(await records(executed));
    // Each quote announces the source's new balance and the platform account's (its fee); the funding announced the first.
    const balanceEvents = await t.db.webhookEvent.findMany({ where: { platformId: f.platformId, type: "INTERNAL_ACCOUNT.BALANCE_UPDATED" }, orderBy: { id: "asc" } });
    const announced = balanceEvents.map((e) => JSON.parse(e.body).data.id as string);
    const platformUsd = (await f.platformAccount("USD")).id;
    expect([announced.filter((id) => id === f.accountId).length, announced.filter((id) => id === platformUsd).length]).toEqual([3, 2]);
    expect(await f.balance()).toEqual({ available: 95_000, total: 95_000 });
  });

  it("with an Idempotency-Key (the request's transaction then runs raw SQL only): creates the platform's account of a newly supported currency, pays once, replays", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const config = (await t.call("GET", "/config", { auth: f.auth })).json;
    const usd = config.supportedCurrencies.find((c: { currencyCode: string }) => c.currencyCode === "USD");
    const patched = await t.call("PATCH", "/config", { auth: f.auth, body: { supportedCurrencies: [...config.supportedCurrencies, { ...usd, currencyCode: "EUR" }] } });
    expect(patched.status, patched.text).toBe(200);
    const platformEur = async () => (await t.db.internalAccount.findMany({ where: { platformId: f.platformId, customerId: null, currency: "EUR" } })).length;
    expect(await platformEur()).toBe(0);

    const eur = await f.external({ currency: "EUR" });
    const key = { idempotencyKey: `quote-${Math.random()}` };
    const body = { source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "ACCOUNT", accountId: eur }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_000, immediatelyExecute: true };
    const keyed = await f.createQuote(body, key);
    const again = await f.createQuote(body, key);
    expect([keyed.status, keyed.json.status, again.status, again.headers.get("idempotent-replayed")]).toEqual([200, "COMPLETED", 200, "true"]);
    expect(again.json).toEqual(keyed.json);
    expect(await platformEur()).toBe(1);
    const ledger = await t.db.ledgerAccount.findMany({ where: { platformId: f.platformId, kind: "PLATFORM_INTERNAL", currency: "EUR" } });
    expect(ledger.map((l) => [l.postedBalance, l.allowNegative])).toEqual([[0n, false]]);
    expect(await f.balance()).toEqual({ available: 9_000, total: 9_000 });
  });

  it("refuses a realtime source (400) and an insufficient balance leaves nothing behind", async () => {
    const f = await quotesFixture(t, { fund: 100 });
    const usd = await f.external();
    const realtime = await f.createQuote({ source: { sourceType: "REALTIME_FUNDING", currency: "USD" }, destination: { destinationType: "ACCOUNT", accountId: usd }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 100, immediatelyExecute: true });
    expect(realtime.status).toBe(400);
    expect(realtime.json.details.errors[0].field).toBe("immediatelyExecute");
    const poor = await f.quote(usd, 1_000, { immediatelyExecute: true });
    expect(poor.status).toBe(400);
    expect(poor.json.code).toBe("INSUFFICIENT_BALANCE");
    expect(await t.db.quote.count({ where: { platformId: f.platformId } })).toBe(0);
  });
});

describe("embedded-wallet sources", () => {
  async function walletQuote(f: QuotesFixture) {
    const wallet = (await f.accountsOf(f.customerId)).find((a) => a.type === "EMBEDDED_WALLET")!;
    const topUp = await f.okQuote(wallet.id, 5_000, { immediatelyExecute: true });
    expect(topUp.status).toBe("COMPLETED");
    const destination = await f.external();
    const res = await f.createQuote({ source: { sourceType: "ACCOUNT", accountId: wallet.id }, destination: { destinationType: "ACCOUNT", accountId: destination }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 10_000_000 });
    expect(res.status).toBe(200);
    return { wallet, destination, quote: res.json };
  }

  it("carries the payloadToSign, and execute needs Service-Wallet-Signature (missing / invalid → 401)", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const { wallet, destination, quote } = await walletQuote(f);
    expect(quote.paymentInstructions).toHaveLength(1);
    const info = quote.paymentInstructions[0].accountOrWalletInfo;
    expect(info.accountType).toBe("EMBEDDED_WALLET");
    expect(JSON.parse(info.payloadToSign)).toEqual({
      type: "QUOTE_EXECUTION",
      quoteId: quote.id,
      sendingAmount: "10000000",
      sendingCurrency: "USDB",
      receivingAmount: "1000",
      receivingCurrency: "USD",
      destination: { destinationType: "ACCOUNT", accountId: destination },
      expiresAt: quote.expiresAt,
    });
    const missing = await f.execute(quote.id);
    expect([missing.status, missing.json.code]).toEqual([401, "WALLET_SIGNATURE_MISSING"]);
    const invalid = await f.execute(quote.id, { headers: { "service-wallet-signature": "forged" } });
    // The check belongs to wallet auth now: a bad value is MALFORMED or INVALID, never accepted.
    expect(invalid.status).toBe(401);
    expect(invalid.json.code).toMatch(/^WALLET_SIGNATURE_(MALFORMED|INVALID)$/);
    expect((await f.getQuote(quote.id)).status).toBe("PENDING");
    const signed = await f.execute(quote.id, { headers: { "service-wallet-signature": "sandbox-valid-signature" } });
    expect(signed.status).toBe(200);
    expect(signed.json.status).toBe("COMPLETED");
    expect(await f.balance(wallet.id)).toEqual({ available: 40_000_000, total: 40_000_000 });
  });

  it("refuses immediatelyExecute for an embedded wallet (400)", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const wallet = (await f.accountsOf(f.customerId)).find((a) => a.type === "EMBEDDED_WALLET")!;
    const res = await f.createQuote({ source: { sourceType: "ACCOUNT", accountId: wallet.id }, destination: { destinationType: "ACCOUNT", accountId: await f.external() }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_000_000, immediatelyExecute: true });
    expect(res.status).toBe(400);
    expect(res.json.details.errors[0].field).toBe("immediatelyExecute");
  });
});

describe("POST /sandbox/send (realtime funding)", () => {
  async function realtimeQuote(f: QuotesFixture, suffix?: string) {
    const destination = await f.external({ suffix });
    const res = await f.createQuote({ source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: f.customerId }, destination: { destinationType: "ACCOUNT", accountId: destination }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 5_000 });
    expect(res.status).toBe(200);
    return res.json;
  }
  const send = (f: QuotesFixture, body: Record<string, unknown>) => t.call("POST", "/sandbox/send", { auth: f.auth, body });

  it("the expected amount runs the quote: PENDING, PROCESSING, COMPLETED; execute is refused (400)", async () => {
    const f = await quotesFixture(t);
    const quote = await realtimeQuote(f);
    const execute = await f.execute(quote.id);
    expect(execute.status).toBe(400);
    expect(execute.json.message).toContain("/sandbox/send");
    const res = await send(f, { quoteId: quote.id, currencyCode: "USD" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: quote.transactionId, status: "COMPLETED", source: { sourceType: "REALTIME_FUNDING", currency: "USD" } });
    expect(await f.types(quote.transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.COMPLETED"]);
    expect((await f.getQuote(quote.id)).status).toBe("COMPLETED");
    const again = await send(f, { quoteId: quote.id, currencyCode: "USD" });
    expect([again.status, again.json.code]).toEqual([409, "CONFLICT"]);
  });

  it("funds run the suffix outcome too (002 → FAILED, refunded to the payer)", async () => {
    const f = await quotesFixture(t);
    const quote = await realtimeQuote(f, "002");
    expect((await send(f, { quoteId: quote.id, currencyCode: "USD", currencyAmount: 5_000 })).json.status).toBe("FAILED");
    await f.advanceSeconds(2);
    expect(await f.types(quote.transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.FAILED", "OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_COMPLETED"]);
  });

  it("another amount fails it with FUNDING_AMOUNT_MISMATCH and sends the money back", async () => {
    const f = await quotesFixture(t);
    const quote = await realtimeQuote(f);
    const res = await send(f, { quoteId: quote.id, currencyCode: "USD", currencyAmount: 4_999 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "FAILED", failureReason: "FUNDING_AMOUNT_MISMATCH", refund: { status: "PENDING" } });
    await f.advanceSeconds(2);
    expect(await f.types(quote.transactionId)).toEqual(["OUTGOING_PAYMENT.FAILED", "OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_COMPLETED"]);
    expect((await f.getQuote(quote.id)).status).toBe("FAILED");
  });

  it("crypto paid in for a failing payout is refunded to the customer's internal account in that asset (BEHAVIORS.md §3.4)", async () => {
    const f = await quotesFixture(t);
    const destination = await f.external({ suffix: "004" });
    const usdc = (await f.accountsOf(f.customerId)).find((a) => a.balance.currency.code === "USDC")!;
    const created = await f.createQuote({ source: { sourceType: "REALTIME_FUNDING", currency: "USDC", customerId: f.customerId, cryptoNetwork: "BASE" }, destination: { destinationType: "ACCOUNT", accountId: destination }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 2_000 });
    expect(created.status).toBe(200);
    expect((await send(f, { quoteId: created.json.id, currencyCode: "USDC" })).json).toMatchObject({ status: "FAILED", failureReason: "ACCOUNT_CANNOT_RECEIVE" });
    await f.advanceSeconds(2);
    expect(await f.balance(usdc.id)).toEqual({ available: 2_000, total: 2_000 });
    // A mismatched amount comes back as received.
    const other = await f.createQuote({ source: { sourceType: "REALTIME_FUNDING", currency: "USDC", customerId: f.customerId, cryptoNetwork: "BASE" }, destination: { destinationType: "ACCOUNT", accountId: await f.external() }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 2_000 });
    expect((await send(f, { quoteId: other.json.id, currencyCode: "USDC", currencyAmount: 1_500 })).json.failureReason).toBe("FUNDING_AMOUNT_MISMATCH");
    await f.advanceSeconds(2);
    expect(await f.balance(usdc.id)).toEqual({ available: 3_500, total: 3_500 });
  });

  it("refuses another currency (400), an expired quote (409 QUOTE_EXPIRED), a prefunded quote (400) and an unknown one (404)", async () => {
    const f = await quotesFixture(t, { fund: 1_000 });
    const quote = await realtimeQuote(f);
    const currency = await send(f, { quoteId: quote.id, currencyCode: "EUR" });
    expect([currency.status, currency.json.code]).toEqual([400, "INVALID_CURRENCY"]);
    const prefunded = await f.okQuote(await f.external(), 100);
    expect((await send(f, { quoteId: prefunded.id, currencyCode: "USD" })).status).toBe(400);
    expect((await send(f, { quoteId: "Quote:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", currencyCode: "USD" })).json.code).toBe("QUOTE_NOT_FOUND");
    await f.advanceSeconds(300);
    const late = await send(f, { quoteId: quote.id, currencyCode: "USD" });
    expect([late.status, late.json.code]).toEqual([409, "QUOTE_EXPIRED"]);
  });
});

describe("POST /transactions/{transactionId}/cancel", () => {
  it("five cancels of one PROCESSING ACH payout at once: one 200, four 409 TRANSACTION_NOT_CANCELLABLE; one refund, the amount back once", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const quote = await f.okQuote(await f.external({ suffix: "003" }), 1_000);
    await f.execute(quote.id);
    expect(await f.balance()).toEqual({ available: 9_000, total: 9_000 });
    await t.warmPool();
    const results = await Promise.all(Array.from({ length: 5 }, () => t.call("POST", `/transactions/${quote.transactionId}/cancel`, { auth: f.auth })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.json.code).toBe("TRANSACTION_NOT_CANCELLABLE");
    await f.advanceSeconds(400);
    const types = await f.types(quote.transactionId);
    expect(types.filter((type) => type === "OUTGOING_PAYMENT.REFUND_PENDING")).toHaveLength(1);
    expect(types.filter((type) => type === "OUTGOING_PAYMENT.REFUND_COMPLETED")).toHaveLength(1);
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
  });

  it("cancels a PROCESSING 003 ACH payout: USER_CANCELLATION refund, the amount back, and the 6-minute completion does nothing", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const quote = await f.okQuote(await f.external({ suffix: "003" }), 1_000);
    await f.execute(quote.id);
    expect(await f.balance()).toEqual({ available: 9_000, total: 9_000 });
    const res = await t.call("POST", `/transactions/${quote.transactionId}/cancel`, { auth: f.auth, body: { reason: "customer asked" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "PROCESSING", refund: { status: "PENDING", reason: "USER_CANCELLATION" } });
    await f.advanceSeconds(400);
    expect(await f.types(quote.transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_COMPLETED", "OUTGOING_PAYMENT.COMPLETED"]);
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
    const again = await t.call("POST", `/transactions/${quote.transactionId}/cancel`, { auth: f.auth });
    expect([again.status, again.json.code]).toEqual([409, "TRANSACTION_NOT_CANCELLABLE"]);
  });

  it("a settled payout → 409 TRANSACTION_NOT_CANCELLABLE; a rail-less payment → 400; unknown → 404", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const done = (await f.okQuote(await f.external(), 1_000, { immediatelyExecute: true })).transactionId;
    const settled = await t.call("POST", `/transactions/${done}/cancel`, { auth: f.auth });
    expect([settled.status, settled.json.code]).toEqual([409, "TRANSACTION_NOT_CANCELLABLE"]);
    const pendingUma = await f.createQuote({ source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "UMA_ADDRESS", umaAddress: "$pending.long.usd@sandbox.uma.money", currency: "USD" }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 100, immediatelyExecute: true });
    const rail = await t.call("POST", `/transactions/${pendingUma.json.transactionId}/cancel`, { auth: f.auth });
    expect([rail.status, rail.json.code]).toEqual([400, "INVALID_INPUT"]);
    const unknown = await t.call("POST", "/transactions/Transaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10/cancel", { auth: f.auth });
    expect([unknown.status, unknown.json.code]).toEqual([404, "TRANSACTION_NOT_FOUND"]);
  });
});
