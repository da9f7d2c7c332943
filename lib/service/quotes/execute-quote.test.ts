import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { findLedgerAccount } from "../ledger/find-ledger-account";
import { createQuote } from "./create-quote";
import { quotesFixture, type QuotesFixture } from "./quote-fixtures";
import { QuoteRequestSchema, type QuoteRequest } from "./schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const override = (fixed: number, bps: number) => ({ platformFeeOverride: { platformFixedFee: { amount: fixed, currency: "USD" }, platformVariableFeeBps: bps } });
const PENDING_PROCESSING = ["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING"];
const REFUND_PAIR = ["OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_COMPLETED"];

/** A fixture funded with 100000 cents, a USD quote of 10000 (fees 50 + 1%: 150) to an account ending in `suffix`, executed. */
async function executed(suffix: string | undefined, extra: Record<string, unknown> = override(50, 100)) {
  const f = await quotesFixture(t, { fund: 100_000 });
  const destination = await f.external({ suffix });
  const quote = await f.okQuote(destination, 10_000, extra);
  const res = await f.execute(quote.id);
  expect(res.status).toBe(200);
  return { f, quote, res, transactionId: quote.transactionId as string };
}

async function platformBalance(f: QuotesFixture) {
  return (await f.platformAccount("USD")).balance.amount;
}

describe("POST /quotes/{quoteId}/execute — sandbox outcomes (BEHAVIORS.md §4.3)", () => {
  it("plain account: debited at once, PENDING, PROCESSING, COMPLETED; platform fee credited; quote COMPLETED", async () => {
    const { f, res, transactionId } = await executed(undefined);
    expect(res.json.status).toBe("COMPLETED");
    expect(await f.types(transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.COMPLETED"]);
    // Each event carries the transaction as it stood at its step (PENDING and PROCESSING are written together).
    const steps = await f.eventsFor(transactionId);
    expect(steps.map((e) => [e.type, e.data.status, e.data.destination.railDetails.status])).toEqual([
      ["OUTGOING_PAYMENT.PENDING", "PENDING", "PENDING"],
      ["OUTGOING_PAYMENT.PROCESSING", "PROCESSING", "PROCESSING"],
      ["OUTGOING_PAYMENT.COMPLETED", "COMPLETED", "COMPLETED"],
    ]);
    const transaction = await f.getTransaction(transactionId);
    expect(transaction).toMatchObject({ status: "COMPLETED", settledAt: expect.any(String), settlementTimelineSeconds: expect.any(Number), fees: 150, platformFees: 150, destination: { railDetails: { paymentRail: "ACH", status: "COMPLETED" } } });
    expect(await f.balance()).toEqual({ available: 90_000, total: 90_000 });
    expect(await platformBalance(f)).toBe(150);
    const balanceEvents = await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED");
    expect(balanceEvents.map((e) => e.data.id)).toEqual(expect.arrayContaining([f.accountId, (await f.platformAccount("USD")).id]));
  });

  it("002: FAILED QUOTE_EXECUTION_FAILED with the refund pair; the amount comes back, no fee kept", async () => {
    const { f, res, transactionId } = await executed("002");
    expect(res.json.status).toBe("FAILED");
    expect(await f.balance()).toEqual({ available: 90_000, total: 90_000 });
    await f.advanceSeconds(2);
    expect(await f.types(transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.FAILED", ...REFUND_PAIR]);
    expect(await f.getTransaction(transactionId)).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED", refund: { status: "COMPLETED", reason: "TRANSACTION_FAILED", settledAt: expect.any(String), reference: expect.stringMatching(/-REFUND$/) } });
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
    expect(await platformBalance(f)).toBe(0);
  });

  it("003: stays PROCESSING, completes about 6 minutes later", async () => {
    const { f, res, quote, transactionId } = await executed("003");
    expect(res.json.status).toBe("PROCESSING");
    await f.advanceSeconds(359);
    expect((await f.getTransaction(transactionId)).status).toBe("PROCESSING");
    await f.advanceSeconds(1);
    expect(await f.types(transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.COMPLETED"]);
    const transaction = await f.getTransaction(transactionId);
    expect(transaction).toMatchObject({ status: "COMPLETED", settlementTimelineSeconds: 360 });
    expect((await f.getQuote(quote.id)).status).toBe("COMPLETED");
    expect(await f.balance()).toEqual({ available: 90_000, total: 90_000 });
    expect(await platformBalance(f)).toBe(150);
  });

  it("004: FAILED ACCOUNT_CANNOT_RECEIVE with the refund pair", async () => {
    const { f, transactionId } = await executed("114");
    await f.advanceSeconds(2);
    expect(await f.types(transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.FAILED", ...REFUND_PAIR]);
    expect(await f.getTransaction(transactionId)).toMatchObject({ status: "FAILED", failureReason: "ACCOUNT_CANNOT_RECEIVE" });
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
  });

  it("005: COMPLETED, then returned: FAILED PAYOUT_RETURNED, ACH railDetails RETURNED with returnedAt, refund pair, fee reversed", async () => {
    const { f, res, quote, transactionId } = await executed("005");
    expect(res.json.status).toBe("COMPLETED");
    expect(await platformBalance(f)).toBe(150);
    await f.advanceSeconds(60);
    const failed = await f.getTransaction(transactionId);
    expect(failed).toMatchObject({ status: "FAILED", failureReason: "PAYOUT_RETURNED", destination: { railDetails: { paymentRail: "ACH", status: "RETURNED", returnedAt: expect.any(String) } }, refund: { status: "PENDING" } });
    expect((await f.getQuote(quote.id)).status).toBe("FAILED");
    await f.advanceSeconds(2);
    expect(await f.types(transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.COMPLETED", "OUTGOING_PAYMENT.FAILED", ...REFUND_PAIR]);
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
    expect(await platformBalance(f)).toBe(0);
  });

  it("006: user cancellation: REFUND_PENDING, REFUND_COMPLETED (USER_CANCELLATION), then COMPLETED with the money back", async () => {
    const { f, quote, transactionId } = await executed("006");
    await f.advanceSeconds(2);
    expect(await f.types(transactionId)).toEqual([...PENDING_PROCESSING, ...REFUND_PAIR, "OUTGOING_PAYMENT.COMPLETED"]);
    expect(await f.getTransaction(transactionId)).toMatchObject({ status: "COMPLETED", refund: { status: "COMPLETED", reason: "USER_CANCELLATION" } });
    expect((await f.getQuote(quote.id)).status).toBe("COMPLETED");
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
    expect(await platformBalance(f)).toBe(0);
  });

  it("007: FAILED, REFUND_PENDING, REFUND_FAILED — nothing re-credited", async () => {
    const { f, transactionId } = await executed("117");
    await f.advanceSeconds(2);
    expect(await f.types(transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.FAILED", "OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_FAILED"]);
    expect(await f.getTransaction(transactionId)).toMatchObject({ status: "FAILED", refund: { status: "FAILED" } });
    expect(await f.balance()).toEqual({ available: 90_000, total: 90_000 });
  });

  it("008: FAILED COMPLIANCE_REJECTED, refunded", async () => {
    const { f, transactionId } = await executed("008");
    await f.advanceSeconds(2);
    expect(await f.types(transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.FAILED", ...REFUND_PAIR]);
    expect(await f.getTransaction(transactionId)).toMatchObject({ status: "FAILED", failureReason: "COMPLIANCE_REJECTED" });
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
  });
});

describe("POST /quotes/{quoteId}/execute — UMA and internal destinations", () => {
  const uma = (f: QuotesFixture, address: string, currency: string) =>
    f.createQuote({ source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "UMA_ADDRESS", umaAddress: address, currency }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 10_000 });

  it("$success.eur completes", async () => {
    const f = await quotesFixture(t, { fund: 20_000 });
    const quote = (await uma(f, "$success.eur@sandbox.uma.money", "EUR")).json;
    expect((await f.execute(quote.id)).json.status).toBe("COMPLETED");
    expect(await f.types(quote.transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.COMPLETED"]);
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
  });

  it("$pending.long.usd stays PROCESSING for hours", async () => {
    const f = await quotesFixture(t, { fund: 20_000 });
    const quote = (await uma(f, "$pending.long.usd@sandbox.uma.money", "USD")).json;
    expect((await f.execute(quote.id)).json.status).toBe("PROCESSING");
    await f.advanceSeconds(3600);
    expect((await f.getTransaction(quote.transactionId)).status).toBe("PROCESSING");
  });

  it("$fail.compliance.usd fails COMPLIANCE_REJECTED and is refunded", async () => {
    const f = await quotesFixture(t, { fund: 20_000 });
    const quote = (await uma(f, "$fail.compliance.usd@sandbox.uma.money", "USD")).json;
    expect((await f.execute(quote.id)).json.status).toBe("FAILED");
    await f.advanceSeconds(2);
    expect(await f.types(quote.transactionId)).toEqual([...PENDING_PROCESSING, "OUTGOING_PAYMENT.FAILED", ...REFUND_PAIR]);
    expect(await f.getTransaction(quote.transactionId)).toMatchObject({ failureReason: "COMPLIANCE_REJECTED" });
    expect(await f.balance()).toEqual({ available: 20_000, total: 20_000 });
  });

  it("credits another internal account across currencies (USD cents → USDB micro-units) and sends BALANCE_UPDATED for both", async () => {
    const f = await quotesFixture(t, { fund: 20_000 });
    const wallet = (await f.accountsOf(f.customerId)).find((a) => a.balance.currency.code === "USDB")!;
    const quote = await f.okQuote(wallet.id, 1_234);
    expect(quote).toMatchObject({ totalSendingAmount: 1_234, totalReceivingAmount: 12_340_000, feesIncluded: 0 });
    expect((await f.execute(quote.id)).json.status).toBe("COMPLETED");
    expect(await f.balance()).toEqual({ available: 18_766, total: 18_766 });
    expect(await f.balance(wallet.id)).toEqual({ available: 12_340_000, total: 12_340_000 });
    const updated = (await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED")).map((e) => e.data.id);
    expect(updated).toEqual(expect.arrayContaining([f.accountId, wallet.id]));
  });
});

describe("quotes between the same accounts at once", () => {
  it("A→B and B→A, both settling at once, queue on the ledger instead of deadlocking: both complete, each account moved once each way", async () => {
    const f = await quotesFixture(t, { fund: 20_000 });
    const other = await f.activeAccount("USD");
    expect((await f.fund(other.accountId, 20_000)).status).toBe(200);
    const a = (await findLedgerAccount(t.db, { platformId: f.platformId, internalAccountId: f.accountId.replace("InternalAccount:", "") }))!;
    const request = (from: string, to: string): QuoteRequest =>
      QuoteRequestSchema.parse({ source: { sourceType: "ACCOUNT", accountId: from }, destination: { destinationType: "ACCOUNT", accountId: to }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_000, immediatelyExecute: true });

    // A payment holds A's ledger lock while A→B queues for it (at its debit), then B→A — debited
    // from B already, were the settlement's accounts not locked with the debit — queues behind it
    // (at its settlement). On release A→B goes first and needs B next. Called on the plain client:
    // a deadlock would fail a quote instead of running it again.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = t.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "LedgerAccount" WHERE id = ${a.id}::uuid FOR UPDATE`;
      await released;
    });
    const waiting = async () => (await t.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%LedgerAccount%FOR UPDATE%'`)[0]!.n;
    const ab = createQuote(t.db, { platformId: f.platformId, request: request(f.accountId, other.accountId) }).then((q) => q.status, String);
    await waitFor(async () => (await waiting()) >= 1n);
    const ba = createQuote(t.db, { platformId: f.platformId, request: request(other.accountId, f.accountId) }).then((q) => q.status, String);
    await waitFor(async () => (await waiting()) >= 2n);
    release();
    await holder;
    expect(await ab).toBe("COMPLETED");
    expect(await ba).toBe("COMPLETED");
    expect(await f.balance()).toEqual({ available: 20_000, total: 20_000 });
    expect(await f.balance(other.accountId)).toEqual({ available: 20_000, total: 20_000 });
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("expectedSettlementAt of an executed quote", () => {
  it("counts from the execution, not the quote's creation: made Friday 23:58 UTC, executed Saturday, ACH_SAME_DAY settles Monday and ACH the business day after Saturday", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const usd = await f.external();
    const clock = new Date((await t.call("GET", "/sandbox/clock", { auth: f.auth })).json.now);
    const friday = Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate() + ((5 - clock.getUTCDay() + 7) % 7), 23, 58);
    await f.advanceSeconds(Math.ceil((friday - clock.getTime()) / 1000) + (friday <= clock.getTime() ? 7 * 24 * 3600 : 0));
    const quoteOn = (paymentRail: string) =>
      f.createQuote({ source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "ACCOUNT", accountId: usd, paymentRail }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_000 });
    const sameDay = (await quoteOn("ACH_SAME_DAY")).json;
    const ach = (await quoteOn("ACH")).json;
    await f.advanceSeconds(240);
    for (const quote of [sameDay, ach]) expect((await f.execute(quote.id)).json.status).toBe("COMPLETED");
    const [sameDayTx, achTx] = [await f.getTransaction(sameDay.transactionId), await f.getTransaction(ach.transactionId)];
    const saturday = new Date(sameDayTx.settledAt);
    expect(saturday.getUTCDay()).toBe(6);
    const monday = new Date(saturday.getTime() + 2 * 24 * 3600 * 1000);
    expect(sameDayTx.expectedSettlementAt).toBe(`${monday.toISOString().slice(0, 10)}T23:59:59.999Z`);
    expect(Math.abs(Date.parse(achTx.expectedSettlementAt) - (Date.parse(achTx.settledAt) + 2 * 24 * 3600 * 1000))).toBeLessThan(1_000);
    // The events from the execution on carry it too.
    const events = await f.eventsFor(sameDay.transactionId);
    expect(events.filter((e) => e.data.status !== "PENDING").map((e) => [e.type, e.data.expectedSettlementAt])).toEqual([
      ["OUTGOING_PAYMENT.PROCESSING", sameDayTx.expectedSettlementAt],
      ["OUTGOING_PAYMENT.COMPLETED", sameDayTx.expectedSettlementAt],
    ]);
  });
});
