import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setInternalAccountStatus } from "../internal-accounts/set-internal-account-status";
import { holdLocks, waitsOn } from "../testing/lock-waits";
import { createTestApp, type TestApp } from "../testing/test-app";
import { quotesFixture, type QuotesFixture } from "./quote-fixtures";

// Realtime funds arriving (POST /sandbox/send) for a quote whose destination, or a customer it
// names, was deleted after the quote was made, or whose destination internal account can no longer
// receive (frozen, closed): the payout does not go, the funds go back.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uuidOf = (id: string) => id.slice(id.indexOf(":") + 1);
const FAILED_AND_REFUNDED = ["OUTGOING_PAYMENT.FAILED", "OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_COMPLETED"];

const send = (f: QuotesFixture, quoteId: string, currencyCode = "USD") => t.call("POST", "/sandbox/send", { auth: f.auth, body: { quoteId, currencyCode } });
const deleteExternal = (f: QuotesFixture, id: string) => t.call("DELETE", `/customers/external-accounts/${id}`, { auth: f.auth });
const deleteCustomer = (f: QuotesFixture, id: string) => t.call("DELETE", `/customers/${id}`, { auth: f.auth });

/** A realtime-funded quote of 5,000 (SENDING) paid by `customerId` (omitted: the platform) in `currency`. */
async function realtimeQuote(f: QuotesFixture, destination: string | { umaAddress: string }, options: { customerId?: string | null; currency?: string } = {}) {
  const customerId = options.customerId === undefined ? f.customerId : options.customerId;
  const currency = options.currency ?? "USD";
  const res = await f.createQuote({
    source: { sourceType: "REALTIME_FUNDING", currency, ...(customerId !== null && { customerId }), ...(currency === "USDC" && { cryptoNetwork: "BASE" }) },
    destination: typeof destination === "string" ? { destinationType: "ACCOUNT", accountId: destination } : { destinationType: "UMA_ADDRESS", umaAddress: destination.umaAddress, currency: "USD" },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 5_000,
  });
  expect(res.status, res.text).toBe(200);
  return res.json as { id: string; transactionId: string };
}

/** Every ledger transaction of the platform sums to zero per currency; every cached balance is the sum of its entries. */
async function expectBooksBalance(platformId: string) {
  const unbalanced = await t.db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM (SELECT 1 FROM "LedgerEntry" WHERE "platformId" = ${platformId}::uuid GROUP BY "ledgerTransactionId", "currency" HAVING sum("amount") <> 0) x`;
  expect(Number(unbalanced[0]!.n)).toBe(0);
  const accounts = await t.db.ledgerAccount.findMany({ where: { platformId }, include: { entries: true } });
  for (const account of accounts) expect(account.postedBalance).toBe(account.entries.reduce((sum, e) => sum + e.amount, 0n));
}

/** The ledger transactions posted on a payment, by kind. */
const postedKinds = async (transactionId: string) => (await t.db.ledgerTransaction.findMany({ where: { transactionId: uuidOf(transactionId) }, orderBy: { createdAt: "asc" } })).map((l) => l.kind);

describe("realtime funds for a quote whose destination external account was deleted", () => {
  it("deleted, then funded: FAILED ACCOUNT_INVALID, nothing paid out, the funds go back to the payer (refund pair)", async () => {
    const f = await quotesFixture(t);
    const destination = await f.external();
    const quote = await realtimeQuote(f, destination);
    expect((await deleteExternal(f, destination)).status).toBe(204);

    const res = await send(f, quote.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: quote.transactionId, status: "FAILED", failureReason: "ACCOUNT_INVALID", refund: { status: "PENDING", reason: "TRANSACTION_FAILED" } });
    expect((await f.getQuote(quote.id)).status).toBe("FAILED");
    await f.advanceSeconds(2);
    expect(await f.getTransaction(quote.transactionId)).toMatchObject({ status: "FAILED", failureReason: "ACCOUNT_INVALID", refund: { status: "COMPLETED" } });
    expect(await f.types(quote.transactionId)).toEqual(FAILED_AND_REFUNDED);
    expect(await postedKinds(quote.transactionId)).toEqual([]); // no settlement: fiat goes back to the paying instrument
    const again = await send(f, quote.id);
    expect([again.status, again.json.code]).toEqual([409, "CONFLICT"]);
  });

  it("crypto paid in goes to the customer's internal account in that asset, with its ledger entries", async () => {
    const f = await quotesFixture(t);
    const usdc = (await f.accountsOf(f.customerId)).find((a) => a.balance.currency.code === "USDC")!;
    const destination = await f.external();
    const quote = await realtimeQuote(f, destination, { currency: "USDC" });
    expect((await deleteExternal(f, destination)).status).toBe(204);

    expect((await send(f, quote.id, "USDC")).json).toMatchObject({ status: "FAILED", failureReason: "ACCOUNT_INVALID" });
    await f.advanceSeconds(2);
    expect(await f.balance(usdc.id)).toEqual({ available: 5_000, total: 5_000 });
    expect(await postedKinds(quote.transactionId)).toEqual(["QUOTE_REFUND"]);
    await expectBooksBalance(f.platformId);
  });

  it("a delete under way when the funds arrive: the arrival waits for it, then fails the payout ACCOUNT_INVALID", async () => {
    const f = await quotesFixture(t);
    const destination = await f.external();
    const quote = await realtimeQuote(f, destination);
    // The delete's UPDATE, not yet committed.
    const deleting = await holdLocks(t.db, (tx) => tx.$executeRaw`UPDATE "ExternalAccount" SET "deletedAt" = now() WHERE "id" = ${uuidOf(destination)}::uuid`);
    const arriving = send(f, quote.id);
    try {
      expect(await waitsOn(t.db, async () => [deleting.pid], arriving)).toBe("waiting");
    } finally {
      await deleting.release();
    }
    const res = await arriving;
    expect([res.status, res.json.status, res.json.failureReason]).toEqual([200, "FAILED", "ACCOUNT_INVALID"]);
  });

  it("a live destination still pays, though another of the customer's accounts was deleted", async () => {
    const f = await quotesFixture(t);
    const destination = await f.external();
    const other = await f.external();
    const quote = await realtimeQuote(f, destination);
    expect((await deleteExternal(f, other)).status).toBe(204);
    const res = await send(f, quote.id);
    expect([res.status, res.json.status, res.json.failureReason]).toEqual([200, "COMPLETED", undefined]);
    expect(await f.types(quote.transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED"]);
    await expectBooksBalance(f.platformId);
  });
});

describe("realtime funds for a quote whose customer was deleted", () => {
  it("the receiving customer deleted: FAILED ACCOUNT_CANNOT_RECEIVE, their account is not credited, the funds go back", async () => {
    const f = await quotesFixture(t);
    const receiver = await f.activeAccount("USD");
    const toReceiver = await realtimeQuote(f, receiver.accountId, { customerId: null }); // the platform pays in
    const toOwnBank = await realtimeQuote(f, await f.external()); // the customer's own external account
    expect((await deleteCustomer(f, receiver.customerId)).status).toBe(200);
    expect((await deleteCustomer(f, f.customerId)).status).toBe(200);

    for (const quote of [toReceiver, toOwnBank]) expect((await send(f, quote.id)).json).toMatchObject({ status: "FAILED", failureReason: "ACCOUNT_CANNOT_RECEIVE", refund: { status: "PENDING" } });
    await f.advanceSeconds(2);
    for (const quote of [toReceiver, toOwnBank]) expect(await f.types(quote.transactionId)).toEqual(FAILED_AND_REFUNDED);
    expect(await f.balance(receiver.accountId)).toEqual({ available: 0, total: 0 });
    await expectBooksBalance(f.platformId);
  });

  it("only the paying customer deleted (the payout is to someone else): FAILED QUOTE_EXECUTION_FAILED, nothing credited", async () => {
    const f = await quotesFixture(t);
    const receiver = await f.activeAccount("USD");
    const quote = await realtimeQuote(f, receiver.accountId);
    expect((await deleteCustomer(f, f.customerId)).status).toBe(200);
    expect((await send(f, quote.id)).json).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED" });
    await f.advanceSeconds(2);
    expect(await f.balance(receiver.accountId)).toEqual({ available: 0, total: 0 });
    expect(await f.types(quote.transactionId)).toEqual(FAILED_AND_REFUNDED);
  });
});

describe("realtime funds for a quote whose destination internal account is no longer ACTIVE", () => {
  const setStatus = (f: QuotesFixture, accountId: string, status: "FROZEN" | "CLOSED") =>
    t.db.$transaction((tx) => setInternalAccountStatus(tx, { platformId: f.platformId, internalAccountId: uuidOf(accountId), status }));

  it.each([
    ["FROZEN", "ACCOUNT_CANNOT_RECEIVE"],
    ["CLOSED", "ACCOUNT_INVALID"],
  ] as const)("destination %s when the funds arrive: the arrival answers 200 FAILED %s, nothing credited, the funds go back", async (status, failureReason) => {
    const f = await quotesFixture(t);
    const receiver = await f.activeAccount("USD");
    const quote = await realtimeQuote(f, receiver.accountId);
    await setStatus(f, receiver.accountId, status);

    const res = await send(f, quote.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: quote.transactionId, status: "FAILED", failureReason, refund: { status: "PENDING", reason: "TRANSACTION_FAILED" } });
    expect((await f.getQuote(quote.id)).status).toBe("FAILED");
    await f.advanceSeconds(2);
    expect(await f.getTransaction(quote.transactionId)).toMatchObject({ status: "FAILED", failureReason, refund: { status: "COMPLETED" } });
    expect(await f.types(quote.transactionId)).toEqual(FAILED_AND_REFUNDED);
    expect(await postedKinds(quote.transactionId)).toEqual([]); // fiat goes back to the paying instrument
    expect(await f.balance(receiver.accountId)).toEqual({ available: 0, total: 0 });
    await expectBooksBalance(f.platformId);
  });

  it("crypto paid in for a frozen destination goes to the payer's internal account in that asset", async () => {
    const f = await quotesFixture(t);
    const usdc = (await f.accountsOf(f.customerId)).find((a) => a.balance.currency.code === "USDC")!;
    const receiver = await f.activeAccount("USD");
    const quote = await realtimeQuote(f, receiver.accountId, { currency: "USDC" });
    await setStatus(f, receiver.accountId, "FROZEN");

    expect((await send(f, quote.id, "USDC")).json).toMatchObject({ status: "FAILED", failureReason: "ACCOUNT_CANNOT_RECEIVE" });
    await f.advanceSeconds(2);
    expect(await f.balance(usdc.id)).toEqual({ available: 5_000, total: 5_000 });
    expect(await f.balance(receiver.accountId)).toEqual({ available: 0, total: 0 });
    await expectBooksBalance(f.platformId);
  });

  it("a freeze under way when the funds arrive: the arrival waits for it, then fails the payout ACCOUNT_CANNOT_RECEIVE", async () => {
    const f = await quotesFixture(t);
    const receiver = await f.activeAccount("USD");
    const quote = await realtimeQuote(f, receiver.accountId);
    const freezing = await holdLocks(t.db, (tx) => setInternalAccountStatus(tx, { platformId: f.platformId, internalAccountId: uuidOf(receiver.accountId), status: "FROZEN" }));
    const arriving = send(f, quote.id);
    try {
      expect(await waitsOn(t.db, async () => [freezing.pid], arriving)).toBe("waiting");
    } finally {
      await freezing.release();
    }
    const res = await arriving;
    expect([res.status, res.json.status, res.json.failureReason]).toEqual([200, "FAILED", "ACCOUNT_CANNOT_RECEIVE"]);
    expect(await f.balance(receiver.accountId)).toEqual({ available: 0, total: 0 });
  });
});
