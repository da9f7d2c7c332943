import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemAccountBalance } from "../ledger/system-account-balance";
import { createTestApp, type TestApp } from "../testing/test-app";
import { IncomingTransactionSchema, OutgoingTransactionSchema } from "../transactions/schemas";
import { quotesFixture, type QuotesFixture } from "./quote-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cancel = (f: QuotesFixture, transactionId: string, body?: unknown) => t.call("POST", `/transactions/${transactionId}/cancel`, { auth: f.auth, ...(body !== undefined && { body }) });
const clearing = (f: QuotesFixture) => systemAccountBalance(t.db, f.platformId, "SERVICE_CLEARING", "USD");
/** A quote pulling `amount` from the bank account `source` to `destination`. */
const pullQuote = (f: QuotesFixture, source: string, destination: string, amount: number) =>
  f.createQuote({ source: { sourceType: "ACCOUNT", accountId: source }, destination: { destinationType: "ACCOUNT", accountId: destination }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: amount });

describe("POST /transactions/{transactionId}/cancel of an ACH pull (BEHAVIORS.md §3.6)", () => {
  it("stops a PENDING transfer-in: 200 FAILED with the ACH railDetails FAILED, INCOMING_PAYMENT.FAILED once, nothing credited and no refund", async () => {
    const f = await quotesFixture(t);
    const bank = await f.external({ suffix: "005" });
    const pull = await f.pull(bank, 900);
    expect(pull.json).toMatchObject({ status: "PENDING", source: { railDetails: { paymentRail: "ACH", status: "PENDING" } } });

    const res = await cancel(f, pull.json.id, { reason: "customer asked" });
    expect(res.status, res.text).toBe(200);
    expect(IncomingTransactionSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({ id: pull.json.id, status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED", source: { railDetails: { status: "FAILED" } } });
    expect(res.json).not.toHaveProperty("refund");
    expect(res.json).not.toHaveProperty("settledAt");
    expect(await f.types(pull.json.id)).toEqual(["INCOMING_PAYMENT.FAILED"]);

    // The sandbox's own 30-s failure finds it no longer PENDING and does nothing.
    await f.advanceSeconds(31);
    expect(await f.types(pull.json.id)).toEqual(["INCOMING_PAYMENT.FAILED"]);
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
    expect(await clearing(f)).toBe(0n);
    const again = await cancel(f, pull.json.id);
    expect([again.status, again.json.code]).toEqual([409, "TRANSACTION_NOT_CANCELLABLE"]);
  });

  it("a settled or failed transfer-in answers 409 TRANSACTION_NOT_CANCELLABLE and keeps its money where it is", async () => {
    const f = await quotesFixture(t);
    const settled = await f.pull(await f.external(), 700);
    expect(settled.json.status).toBe("COMPLETED");
    const failed = await f.pull(await f.external({ suffix: "004" }), 300);
    expect(failed.json.status).toBe("FAILED");
    for (const id of [settled.json.id, failed.json.id]) {
      const res = await cancel(f, id);
      expect([res.status, res.json.code], id).toEqual([409, "TRANSACTION_NOT_CANCELLABLE"]);
    }
    expect(await f.balance()).toEqual({ available: 700, total: 700 });
  });

  it.each([
    ["an internal account", false],
    ["a bank account over ACH", true],
  ])("stops an executed pull quote still waiting on its pull (suffix 005) into %s: FAILED, quote FAILED, OUTGOING_PAYMENT.FAILED, nothing moved", async (_, toBank) => {
    const f = await quotesFixture(t);
    const bank = await f.external({ suffix: "005" });
    const destination = toBank ? await f.external() : f.accountId;
    const created = await pullQuote(f, bank, destination, 900);
    expect(created.status, created.text).toBe(200);
    expect((await f.execute(created.json.id)).json.status).toBe("PROCESSING");
    const { transactionId } = created.json;

    const res = await cancel(f, transactionId);
    expect(res.status, res.text).toBe(200);
    expect(OutgoingTransactionSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED", source: { railDetails: { status: "FAILED" } } });
    if (toBank) expect(res.json.destination.railDetails).toMatchObject({ status: "FAILED" });
    expect(res.json).not.toHaveProperty("refund");
    expect((await f.getQuote(created.json.id)).status).toBe("FAILED");
    await f.advanceSeconds(31);
    expect(await f.types(transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.FAILED"]);
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
    expect(await clearing(f)).toBe(0n);
  });

  it("a pull quote not yet executed answers 409 TRANSACTION_NOT_CANCELLABLE: nothing was sent to the bank, and the quote stays PENDING", async () => {
    const f = await quotesFixture(t);
    const created = await pullQuote(f, await f.external({ suffix: "005" }), f.accountId, 900);
    const res = await cancel(f, created.json.transactionId);
    expect([res.status, res.json.code]).toEqual([409, "TRANSACTION_NOT_CANCELLABLE"]);
    expect(res.json.message).toContain("not executed");
    expect((await f.getQuote(created.json.id)).status).toBe("PENDING");
    expect((await f.getTransaction(created.json.transactionId)).status).toBe("PENDING");
  });

  it("a completed pull quote into an internal account answers 409 TRANSACTION_NOT_CANCELLABLE, not 400", async () => {
    const f = await quotesFixture(t);
    const created = await f.createQuote({ source: { sourceType: "ACCOUNT", accountId: await f.external() }, destination: { destinationType: "ACCOUNT", accountId: f.accountId }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 500, immediatelyExecute: true });
    expect(created.json.status).toBe("COMPLETED");
    const res = await cancel(f, created.json.transactionId);
    expect([res.status, res.json.code]).toEqual([409, "TRANSACTION_NOT_CANCELLABLE"]);
    expect(await f.balance()).toEqual({ available: 500, total: 500 });
  });
});

describe("POST /transactions/{transactionId}/cancel again (integrator finding F3.3)", () => {
  it("a second cancel keeps 409 TRANSACTION_NOT_CANCELLABLE but says the payment was already cancelled and where its refund is", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const quote = await f.okQuote(await f.external({ suffix: "003" }), 1_000);
    await f.execute(quote.id);
    expect((await cancel(f, quote.transactionId, { reason: "customer asked" })).status).toBe(200);

    const again = await cancel(f, quote.transactionId);
    expect([again.status, again.json.code]).toEqual([409, "TRANSACTION_NOT_CANCELLABLE"]);
    expect(again.json.message).toMatch(new RegExp(`^Transaction ${quote.transactionId} was already cancelled: its refund is under way \\(refund.status PENDING, refund.reason USER_CANCELLATION\\); there is nothing more to cancel\\.`));
    expect(again.json.message).not.toMatch(/only a payment still PROCESSING/);
    expect(again.json.details).toEqual({ transactionId: quote.transactionId, status: "PROCESSING", refundStatus: "PENDING" });

    await f.advanceSeconds(400); // the refund completes; the payment then reads COMPLETED (BEHAVIORS.md 10.6)
    const later = await cancel(f, quote.transactionId);
    expect([later.status, later.json.code]).toEqual([409, "TRANSACTION_NOT_CANCELLABLE"]);
    expect(later.json.message).toContain("was already cancelled: its refund has completed (refund.status COMPLETED");
  });
});
