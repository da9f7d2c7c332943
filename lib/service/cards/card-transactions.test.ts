import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { findLedgerAccount } from "../ledger/find-ledger-account";
import { placeHold } from "../ledger/place-hold";
import { cardsFixture, neutralPlatformCardId, plainDescriptor, type CardTx } from "./cards-fixtures";

/**
 * Runs `action` while a payment holds the funding account's ledger lock, having reserved `amount`;
 * the payment commits once the action waits for that lock, so the action decided on the balance
 * before the reservation and meets it at the ledger.
 */
async function whileAPaymentReserves<T>(f: Awaited<ReturnType<typeof cardsFixture>>, amount: number, action: () => Promise<T>): Promise<T> {
  const ledgerAccount = (await findLedgerAccount(t.db, { platformId: f.platformId, internalAccountId: f.accountId.replace("InternalAccount:", "") }))!;
  let commit!: () => void;
  const committing = new Promise<void>((resolve) => (commit = resolve));
  const payment = t.db.$transaction(
    async (tx) => {
      await placeHold(tx, { platformId: f.platformId, ledgerAccountId: ledgerAccount.id, amount: BigInt(amount) });
      await committing;
    },
    { timeout: 20_000 },
  );
  const result = action();
  await waitFor(async () => (await t.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%LedgerAccount%FOR UPDATE%'`)[0]!.n > 0n);
  commit();
  await payment;
  return result;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const amounts = (row: CardTx) => ({ status: row.status, authorized: row.authorizedAmount.amount, settled: row.settledAmount.amount, refunded: row.refundedAmount.amount });

describe("authorization", () => {
  it("approves: DEBIT row AUTHORIZED, amount held (available down, total unchanged), event AUTHORIZED, 202 token", async () => {
    const f = await cardsFixture(t, { funding: 10_000 });
    const res = await f.simulate("authorization", { amount: 1250, currency: { code: "USD" }, merchant: { descriptor: plainDescriptor(), mcc: "5814", country: "US", city: "Austin", state: "TX" } });
    expect(res.status).toBe(202);
    expect(res.json.issuerTransactionToken).toBeTruthy();
    const row = await f.byToken(res.json.issuerTransactionToken);
    expect(row).toMatchObject({ type: "CARD", direction: "DEBIT", status: "AUTHORIZED", cardDeclinedReason: null, cardId: f.cardId, accountId: f.accountId, customerId: f.customerId });
    expect(row.id).toMatch(/^CardTransaction:/);
    expect(row.authorizedAmount).toEqual({ amount: 1250, currency: { code: "USD", name: expect.any(String), symbol: "$", decimals: 2 } });
    expect(row.merchant).toMatchObject({ city: "Austin", state: "TX" });
    expect(row.pullSummary).toEqual({ count: 1, totalAmount: 1250, pendingCount: 0 });
    expect(await f.balance()).toEqual({ available: 8750, total: 10_000 });
    expect((await f.eventsOf(row.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED"]);
  });

  it("declines with every reason the sandbox produces, moving no money", async () => {
    const f = await cardsFixture(t, { funding: 1000 });
    const cases: [string, () => Promise<CardTx>][] = [
      ["INSUFFICIENT_FUNDS", () => f.authorize(10, `SHOP-002`)],
      ["CARD_NOT_ACTIVE", () => f.authorize(10, `SHOP-003`)],
      ["INSUFFICIENT_FUNDS", () => f.authorize(1001)],
    ];
    for (const [reason, run] of cases) {
      const row = await run();
      expect(row).toMatchObject({ status: "DECLINED", cardDeclinedReason: reason });
      expect((await f.eventsOf(row.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.DECLINED"]);
    }
    await f.patch({ maxSpendPerTransaction: 100 });
    expect(await f.authorize(101)).toMatchObject({ status: "DECLINED", cardDeclinedReason: "SPEND_LIMIT_EXCEEDED" });
    expect(await f.authorize(100)).toMatchObject({ status: "AUTHORIZED" }); // equal amount allowed
    await f.patch({ state: "FROZEN" });
    expect(await f.authorize(10)).toMatchObject({ status: "DECLINED", cardDeclinedReason: "CARD_NOT_ACTIVE" });
    await f.patch({ state: "ACTIVE" });
    await t.db.internalAccount.update({ where: { id: f.accountId.replace("InternalAccount:", "") }, data: { status: "FROZEN" } });
    expect(await f.authorize(10)).toMatchObject({ status: "DECLINED", cardDeclinedReason: "NO_ELIGIBLE_FUNDING_SOURCE" });
    expect(await f.balance()).toEqual({ available: 900, total: 1000 });
  });

  it("a payment that spends the balance while the authorization is decided turns it into a decline, not an error", async () => {
    const f = await cardsFixture(t, { funding: 10_000 });
    const res = await whileAPaymentReserves(f, 8_000, () => f.simulate("authorization", { amount: 5_000, currency: { code: "USD" }, merchant: { descriptor: plainDescriptor() } }));
    expect(res.status, res.text).toBe(202);
    expect(await f.byToken(res.json.issuerTransactionToken)).toMatchObject({ status: "DECLINED", cardDeclinedReason: "INSUFFICIENT_FUNDS" });
    expect(await f.balance()).toEqual({ available: 2_000, total: 10_000 }); // only the payment's reservation
  });

  it("descriptor 005: pull pending about 30 s; 006: EXCEPTION at clearing with the money moved", async () => {
    const f = await cardsFixture(t, { funding: 1000 });
    const slow = await f.authorize(100, "SLOW-005");
    expect(slow.pullSummary.pendingCount).toBe(1);
    await t.call("POST", "/sandbox/clock/advance", { auth: f.auth, body: { seconds: 31 } });
    expect((await f.getRow(slow.id)).pullSummary.pendingCount).toBe(0);
    const failing = await f.authorize(200, "FAIL-006");
    expect(failing.status).toBe("AUTHORIZED");
    const cleared = await f.clear(failing, 200);
    expect(amounts(cleared)).toEqual({ status: "EXCEPTION", authorized: 200, settled: 200, refunded: 0 });
    expect((await f.eventsOf(failing.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.EXCEPTION"]);
    expect(await f.balance()).toEqual({ available: 700, total: 800 });
  });

  it("embedded-wallet sources need an ACTIVE delegated key whose spendingLimits apply per transaction", async () => {
    const f = await cardsFixture(t);
    const wallet = (await f.accountsOf(f.customerId)).find((a) => a.type === "EMBEDDED_WALLET")!;
    expect((await f.fund(wallet.id, 5000)).status).toBe(200);
    const issued = await f.issue({ platformCardId: neutralPlatformCardId(), fundingSources: [wallet.id] });
    expect(issued.json.currency).toBe("USDB");
    const cardId = issued.json.id as string;
    const auth = async (amount: number) => {
      const res = await f.simulate("authorization", { amount, currency: { code: "USDB" }, merchant: { descriptor: plainDescriptor() } }, cardId);
      expect(res.status).toBe(202);
      return (await f.cardTransactions(cardId)).find((r) => r.issuerTransactionToken === res.json.issuerTransactionToken)!;
    };
    expect(await auth(100)).toMatchObject({ status: "DECLINED", cardDeclinedReason: "NO_ELIGIBLE_FUNDING_SOURCE" });
    const at = new Date();
    const key = await t.db.walletDelegatedKey.create({
      data: {
        id: "0199aaaa-0000-7000-8000-000000000001".replace("0001", String(Math.floor(Math.random() * 9000) + 1000)),
        platformId: f.platformId,
        internalAccountId: wallet.id.replace("InternalAccount:", ""),
        cardId: cardId.replace("Card:", ""),
        fundingSourceId: "0199aaaa-0000-7000-8000-00000000ffff",
        nickname: "card key",
        publicKeyHex: "02",
        privateKeyHex: "00",
        status: "ACTIVE",
        spendingLimits: [{ currencyCode: "USDB", maxPerTransaction: 500 }],
        createdAt: at,
        updatedAt: at,
      },
    });
    expect(await auth(501)).toMatchObject({ status: "DECLINED", cardDeclinedReason: "SPEND_LIMIT_EXCEEDED" });
    expect(await auth(500)).toMatchObject({ status: "AUTHORIZED" });
    await t.db.walletDelegatedKey.update({ where: { id: key.id }, data: { status: "REVOKED" } });
    expect(await auth(10)).toMatchObject({ status: "DECLINED", cardDeclinedReason: "NO_ELIGIBLE_FUNDING_SOURCE" });
    const wrongCurrency = await f.simulate("authorization", { amount: 1, currency: { code: "USD" }, merchant: { descriptor: "X" } }, cardId);
    expect(wrongCurrency.status).toBe(400);
    expect(wrongCurrency.json.details.errors[0].field).toBe("currency.code");
  });

  it("validates simulator input and answers 404 for unknown cards or rows", async () => {
    const f = await cardsFixture(t);
    const bad = await f.simulate("authorization", { amount: 0, currency: { code: "USD" }, merchant: {} });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("INVALID_INPUT");
    const unknown = await f.simulate("authorization", { amount: 1, currency: { code: "USD" }, merchant: { descriptor: "X" } }, "Card:00000000-0000-7000-8000-000000000000");
    expect(unknown.status).toBe(404);
    const noRow = await f.simulate("clearing", { cardTransactionId: "CardTransaction:00000000-0000-7000-8000-000000000000", amount: 1 });
    expect(noRow.status).toBe(404);
    const listBad = await t.call("GET", "/transactions?type=CARD&status=COMPLETED", { auth: f.auth });
    expect(listBad.status).toBe(400);
    const viewer = await f.tokenWith(["VIEW"]);
    const forbidden = await t.call("POST", `/sandbox/cards/${f.cardId}/simulate/authorization`, { auth: viewer, body: { amount: 1, currency: { code: "USD" }, merchant: { descriptor: "X" } } });
    expect(forbidden.status).toBe(403);
  });
});

describe("clearing", () => {
  it("full clearing: SETTLED, hold captured (total down by the amount)", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000);
    const cleared = await f.clear(row, 1000);
    expect(amounts(cleared)).toEqual({ status: "SETTLED", authorized: 1000, settled: 1000, refunded: 0 });
    expect(cleared.settlementSummary).toEqual({ count: 1, totalAmount: 1000 });
    expect(await f.balance()).toEqual({ available: 4000, total: 4000 });
    expect((await f.eventsOf(row.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.SETTLED"]);
  });

  it("partial then multiple clearings: PARTIALLY_SETTLED keeps the rest held, then SETTLED", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000);
    expect(amounts(await f.clear(row, 300))).toEqual({ status: "PARTIALLY_SETTLED", authorized: 1000, settled: 300, refunded: 0 });
    expect(await f.balance()).toEqual({ available: 4000, total: 4700 });
    expect(amounts(await f.clear(row, 200))).toEqual({ status: "PARTIALLY_SETTLED", authorized: 1000, settled: 500, refunded: 0 });
    const done = await f.clear(row, 500);
    expect(amounts(done)).toEqual({ status: "SETTLED", authorized: 1000, settled: 1000, refunded: 0 });
    expect(done.settlementSummary.count).toBe(3);
    expect(await f.balance()).toEqual({ available: 4000, total: 4000 });
    expect((await f.eventsOf(row.id)).map((e) => e.status)).toEqual(["AUTHORIZED", "PARTIALLY_SETTLED", "PARTIALLY_SETTLED", "SETTLED"]);
    const again = await f.simulate("clearing", { cardTransactionId: row.id, amount: 1 });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("INVALID_STATE_TRANSITION");
  });

  it("over-clearing pulls the difference: auth 1250, clearing 1500 → pullSummary 2, settled 1500", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1250);
    const done = await f.clear(row, 1500);
    expect(amounts(done)).toEqual({ status: "SETTLED", authorized: 1250, settled: 1500, refunded: 0 });
    expect(done.pullSummary).toEqual({ count: 2, totalAmount: 1500, pendingCount: 0 });
    expect(await f.balance()).toEqual({ available: 3500, total: 3500 });
  });

  it("over-clearing the balance cannot cover: EXCEPTION with only the held part moved", async () => {
    const f = await cardsFixture(t, { funding: 1000 });
    const row = await f.authorize(900);
    const done = await f.clear(row, 1200);
    expect(amounts(done)).toEqual({ status: "EXCEPTION", authorized: 900, settled: 900, refunded: 0 });
    expect(await f.balance()).toEqual({ available: 100, total: 100 });
  });

  it("over-clearing while a payment spends the balance: EXCEPTION with only the held part moved, not an error", async () => {
    const f = await cardsFixture(t, { funding: 10_000 });
    const row = await f.authorize(1000);
    const res = await whileAPaymentReserves(f, 8_500, () => f.simulate("clearing", { cardTransactionId: row.id, amount: 2000 }));
    expect(res.status, res.text).toBe(202);
    expect(amounts(await f.getRow(row.id))).toEqual({ status: "EXCEPTION", authorized: 1000, settled: 1000, refunded: 0 });
    expect(await f.balance()).toEqual({ available: 500, total: 9_000 });
  });

  it("concurrent duplicates clear once: one 202, the others 409, the money moved once; concurrent returns never refund more than was settled", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000);
    const clearings = await Promise.all(Array.from({ length: 5 }, () => f.simulate("clearing", { cardTransactionId: row.id, amount: 1000 })));
    expect(clearings.map((r) => r.status).sort()).toEqual([202, 409, 409, 409, 409]);
    expect(clearings.filter((r) => r.status === 409).every((r) => r.json.code === "INVALID_STATE_TRANSITION")).toBe(true);
    expect(amounts(await f.getRow(row.id))).toEqual({ status: "SETTLED", authorized: 1000, settled: 1000, refunded: 0 });
    expect(await f.balance()).toEqual({ available: 4000, total: 4000 });

    const returns = await Promise.all(Array.from({ length: 4 }, () => f.simulate("return", { cardTransactionId: row.id, amount: 400 })));
    expect(returns.filter((r) => r.status === 202)).toHaveLength(2); // 800 of the 1000 settled; a third 400 would exceed it
    expect(returns.filter((r) => r.status !== 202).every((r) => r.status === 400)).toBe(true);
    expect(amounts(await f.getRow(row.id))).toMatchObject({ settled: 1000, refunded: 800 });
    expect(await f.balance()).toEqual({ available: 4800, total: 4800 });
  });

  it("clearing of 0 expires the authorization: VOIDED, hold released; after partial clearing: SETTLED", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000);
    expect(amounts(await f.clear(row, 0))).toEqual({ status: "VOIDED", authorized: 1000, settled: 0, refunded: 0 });
    expect(await f.balance()).toEqual({ available: 5000, total: 5000 });
    expect((await f.eventsOf(row.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.VOIDED"]);
    const partial = await f.authorize(1000);
    await f.clear(partial, 400);
    expect(amounts(await f.clear(partial, 0))).toEqual({ status: "SETTLED", authorized: 1000, settled: 400, refunded: 0 });
    expect(await f.balance()).toEqual({ available: 4600, total: 4600 });
  });

  it("declined rows cannot clear; clearings still post on a frozen or closed card", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const declined = await f.authorize(10, "X-002");
    const res = await f.simulate("clearing", { cardTransactionId: declined.id, amount: 10 });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("INVALID_STATE_TRANSITION");
    const row = await f.authorize(500);
    await f.patch({ state: "CLOSED" });
    expect((await f.clear(row, 500)).status).toBe("SETTLED");
  });

  it("closing the card resolves its pending authorizations: holds released, AUTHORIZED → VOIDED, PARTIALLY_SETTLED → SETTLED, balance-changes settle; late clearings still post once", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const partial = await f.authorize(1000);
    await f.clear(partial, 400);
    const open = await f.authorize(300);
    const credit = await f.authorize(250, plainDescriptor(), "credit_authorization");
    const expiredBefore = await f.authorize(50);
    await f.clear(expiredBefore, 0);
    expect(await f.balance()).toEqual({ available: 3700, total: 4600 });
    const window = `/internal-accounts/${f.accountId}/balance-changes`;
    expect((await t.call("GET", window, { auth: f.auth })).json.code).toBe("NOT_YET_AVAILABLE");

    const closed = await f.patch({ state: "CLOSED" });
    expect(closed.status, closed.text).toBe(200);
    expect(amounts(await f.getRow(partial.id))).toEqual({ status: "SETTLED", authorized: 1000, settled: 400, refunded: 0 });
    expect(amounts(await f.getRow(open.id))).toEqual({ status: "VOIDED", authorized: 300, settled: 0, refunded: 0 });
    expect(amounts(await f.getRow(credit.id))).toEqual({ status: "VOIDED", authorized: 250, settled: 0, refunded: 0 });
    expect((await f.eventsOf(partial.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.PARTIALLY_SETTLED", "CARD_TRANSACTION.SETTLED"]);
    expect((await f.eventsOf(open.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.VOIDED"]);
    expect((await f.eventsOf(credit.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.VOIDED"]);
    expect(await f.balance()).toEqual({ available: 4600, total: 4600 });
    const settled = await t.call("GET", window, { auth: f.auth });
    expect(settled.status, settled.text).toBe(200);
    expect(settled.json.closingBalance.amount).toBe(4600);

    // Late clearings: a fresh pull for the released part (a credit is credited), each posted once.
    expect((await f.simulate("clearing", { cardTransactionId: open.id, amount: 0 })).status).toBe(409);
    expect(amounts(await f.clear(open, 300))).toEqual({ status: "SETTLED", authorized: 300, settled: 300, refunded: 0 });
    expect(amounts(await f.clear(partial, 600))).toEqual({ status: "SETTLED", authorized: 1000, settled: 1000, refunded: 0 });
    expect(amounts(await f.clear(credit, 100))).toEqual({ status: "SETTLED", authorized: 250, settled: 100, refunded: 0 });
    expect(await f.balance()).toEqual({ available: 3800, total: 3800 });
    expect((await f.simulate("clearing", { cardTransactionId: open.id, amount: 300 })).status).toBe(409);
    expect((await f.simulate("clearing", { cardTransactionId: expiredBefore.id, amount: 50 })).status).toBe(409);
    expect(await f.balance()).toEqual({ available: 3800, total: 3800 });
    const after = await t.call("GET", window, { auth: f.auth });
    expect([after.status, after.json.closingBalance.amount]).toEqual([200, 3800]);
  });
  it("an authorization that ended before the close takes no late clearing, even after a return touched it on the closed card", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000);
    await f.clear(row, 400);
    expect(amounts(await f.clear(row, 0))).toEqual({ status: "SETTLED", authorized: 1000, settled: 400, refunded: 0 });
    expect((await f.patch({ state: "CLOSED" })).status).toBe(200);
    expect((await f.simulate("return", { cardTransactionId: row.id, amount: 100 })).status).toBe(202);
    const late = await f.simulate("clearing", { cardTransactionId: row.id, amount: 600 });
    expect([late.status, late.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
    expect(await f.balance()).toEqual({ available: 4700, total: 4700 });
  });
});

describe("authorization expiry", () => {
  const DAY = 86_400;
  const advance = async (f: Awaited<ReturnType<typeof cardsFixture>>, seconds: number) => {
    const res = await t.call("POST", "/sandbox/clock/advance", { auth: f.auth, body: { seconds } });
    expect(res.status, res.text).toBe(200);
    return res.json.ran as { kind: string; status: string }[];
  };

  it("an authorization still open 7 days after it was authorized expires on its own: AUTHORIZED → VOIDED, PARTIALLY_SETTLED → SETTLED, holds released, balance-changes settle", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const open = await f.authorize(1000);
    const partial = await f.authorize(500);
    await f.clear(partial, 200);
    const credit = await f.authorize(250, plainDescriptor(), "credit_authorization");
    const window = `/internal-accounts/${f.accountId}/balance-changes`;
    expect(await f.balance()).toEqual({ available: 3500, total: 4800 });

    await advance(f, 7 * DAY - 60);
    expect((await Promise.all([open, partial, credit].map((row) => f.getRow(row.id)))).map((row) => row.status)).toEqual(["AUTHORIZED", "PARTIALLY_SETTLED", "AUTHORIZED"]);
    expect((await t.call("GET", window, { auth: f.auth })).json.code).toBe("NOT_YET_AVAILABLE");

    const ran = await advance(f, 120);
    expect(ran.filter((step) => step.kind === "card.expire-authorization").map((step) => step.status)).toEqual(["DONE", "DONE", "DONE"]);
    expect(amounts(await f.getRow(open.id))).toEqual({ status: "VOIDED", authorized: 1000, settled: 0, refunded: 0 });
    expect(amounts(await f.getRow(partial.id))).toEqual({ status: "SETTLED", authorized: 500, settled: 200, refunded: 0 });
    expect(amounts(await f.getRow(credit.id))).toEqual({ status: "VOIDED", authorized: 250, settled: 0, refunded: 0 });
    expect((await f.eventsOf(open.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.VOIDED"]);
    expect((await f.eventsOf(partial.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.PARTIALLY_SETTLED", "CARD_TRANSACTION.SETTLED"]);
    expect(await f.balance()).toEqual({ available: 4800, total: 4800 });
    const settled = await t.call("GET", window, { auth: f.auth });
    expect([settled.status, settled.json.closingBalance?.amount]).toEqual([200, 4800]);
    expect((await f.getCard()).state).toBe("ACTIVE");
  });

  it("a clearing after the expiry still posts, once, as a fresh pull (as after a card's close); a late clearing of 0 is 409", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000);
    const credit = await f.authorize(300, plainDescriptor(), "credit_authorization");
    await advance(f, 7 * DAY + 60);
    expect((await f.getRow(row.id)).status).toBe("VOIDED");
    expect(await f.balance()).toEqual({ available: 5000, total: 5000 });

    const zero = await f.simulate("clearing", { cardTransactionId: row.id, amount: 0 });
    expect([zero.status, zero.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
    expect(zero.json.message).toMatch(/expired uncleared at the end of its hold/);
    expect(amounts(await f.clear(row, 1000))).toEqual({ status: "SETTLED", authorized: 1000, settled: 1000, refunded: 0 });
    expect(amounts(await f.clear(credit, 300))).toEqual({ status: "SETTLED", authorized: 300, settled: 300, refunded: 0 });
    expect(await f.balance()).toEqual({ available: 4300, total: 4300 });
    expect((await f.simulate("clearing", { cardTransactionId: row.id, amount: 1000 })).status).toBe(409);
    expect(await f.balance()).toEqual({ available: 4300, total: 4300 });
    expect((await f.eventsOf(row.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.VOIDED", "CARD_TRANSACTION.SETTLED"]);
  });

  it("a cleared authorization is left alone when its expiry time comes", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000);
    await f.clear(row, 1000);
    await advance(f, 7 * DAY + 60);
    expect(amounts(await f.getRow(row.id))).toEqual({ status: "SETTLED", authorized: 1000, settled: 1000, refunded: 0 });
    expect((await f.eventsOf(row.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.SETTLED"]);
    expect(await f.balance()).toEqual({ available: 4000, total: 4000 });
  });
});

describe("card expiry", () => {
  it("a card past its expiry month declines CARD_NOT_ACTIVE, moving no money; through the month's last day it authorizes", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const card = await f.getCard();
    const clock = new Date((await t.call("GET", "/sandbox/clock", { auth: f.auth })).json.now).getTime();
    const lastMinute = Date.UTC(card.expYear, card.expMonth, 1) - 60_000; // 23:59 UTC on the month's last day
    await t.call("POST", "/sandbox/clock/advance", { auth: f.auth, body: { seconds: Math.floor((lastMinute - clock) / 1000) } });
    expect((await f.authorize(100)).status).toBe("AUTHORIZED");

    await t.call("POST", "/sandbox/clock/advance", { auth: f.auth, body: { seconds: 120 } });
    const before = await f.balance();
    for (const name of ["authorization", "financial_authorization", "credit_authorization"]) {
      const row = await f.authorize(100, plainDescriptor(), name);
      expect([row.status, row.cardDeclinedReason], name).toEqual(["DECLINED", "CARD_NOT_ACTIVE"]);
    }
    const inquiry = await f.simulate("balance_inquiry", { merchant: { descriptor: plainDescriptor() } });
    expect((await f.byToken(inquiry.json.issuerTransactionToken)).cardDeclinedReason).toBe("CARD_NOT_ACTIVE");
    expect(await f.balance()).toEqual(before);
    expect((await f.getCard()).state).toBe("ACTIVE");
  });
});

describe("authorization advice", () => {
  it("re-sizes the hold to the new total, up and down", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000);
    const res = await f.simulate("authorization_advice", { cardTransactionId: row.id, amount: 1500 });
    expect(res.status).toBe(202);
    expect(res.json.issuerTransactionToken).toBe(row.issuerTransactionToken);
    const up = await f.getRow(row.id);
    expect(amounts(up)).toEqual({ status: "AUTHORIZED", authorized: 1500, settled: 0, refunded: 0 });
    expect(up.pullSummary).toMatchObject({ count: 2, totalAmount: 1500 });
    expect(await f.balance()).toEqual({ available: 3500, total: 5000 });
    await f.simulate("authorization_advice", { cardTransactionId: row.id, amount: 400 });
    expect(await f.balance()).toEqual({ available: 4600, total: 5000 });
    expect(amounts(await f.clear(row, 400))).toEqual({ status: "SETTLED", authorized: 400, settled: 400, refunded: 0 });
    const closed = await f.simulate("authorization_advice", { cardTransactionId: row.id, amount: 500 });
    expect(closed.json.code).toBe("INVALID_STATE_TRANSITION");
  });

  it("below the settled amount is 400; beyond the balance is 400 INSUFFICIENT_BALANCE and nothing changes", async () => {
    const f = await cardsFixture(t, { funding: 1000 });
    const row = await f.authorize(600);
    await f.clear(row, 200);
    const low = await f.simulate("authorization_advice", { cardTransactionId: row.id, amount: 100 });
    expect(low.status).toBe(400);
    expect(low.json.details.errors[0].field).toBe("amount");
    const short = await f.simulate("authorization_advice", { cardTransactionId: row.id, amount: 5000 });
    expect(short.status).toBe(400);
    expect(short.json.code).toBe("INSUFFICIENT_BALANCE");
    expect(amounts(await f.getRow(row.id))).toEqual({ status: "PARTIALLY_SETTLED", authorized: 600, settled: 200, refunded: 0 });
    expect(await f.balance()).toEqual({ available: 400, total: 800 });
  });
});

describe("returns", () => {
  it("return raises refundedAmount on the purchase (SETTLED re-fires) and writes a CREDIT SETTLED row", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000);
    await f.clear(row, 1000);
    const res = await f.simulate("return", { cardTransactionId: row.id, amount: 300 });
    expect(res.status).toBe(202);
    const refund = await f.byToken(res.json.issuerTransactionToken);
    expect(refund).toMatchObject({ direction: "CREDIT", status: "SETTLED", originalTransactionId: row.id });
    expect(refund.settledAmount.amount).toBe(300);
    const parent = await f.getRow(row.id);
    expect(amounts(parent)).toEqual({ status: "SETTLED", authorized: 1000, settled: 1000, refunded: 300 });
    expect(parent.refundSummary).toEqual({ count: 1, totalAmount: 300 });
    expect(await f.balance()).toEqual({ available: 4300, total: 4300 });
    expect(await f.eventsOf(row.id)).toEqual([
      { type: "CARD_TRANSACTION.AUTHORIZED", status: "AUTHORIZED", settled: 0, refunded: 0 },
      { type: "CARD_TRANSACTION.SETTLED", status: "SETTLED", settled: 1000, refunded: 0 },
      { type: "CARD_TRANSACTION.SETTLED", status: "SETTLED", settled: 1000, refunded: 300 },
    ]);
    expect((await f.eventsOf(refund.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.SETTLED"]);
    const refundedEvents = await t.db.webhookEvent.count({ where: { platformId: f.platformId, type: "CARD_TRANSACTION.REFUNDED" } });
    expect(refundedEvents).toBe(0);
  });

  it("refuses more than settled − refunded and returns of unsettled rows", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000);
    const early = await f.simulate("return", { cardTransactionId: row.id, amount: 1 });
    expect(early.json.code).toBe("INVALID_STATE_TRANSITION");
    await f.clear(row, 1000);
    await f.simulate("return", { cardTransactionId: row.id, amount: 700 });
    const over = await f.simulate("return", { cardTransactionId: row.id, amount: 301 });
    expect(over.status).toBe(400);
    expect(over.json.details.errors[0]).toMatchObject({ field: "amount", constraint: { maximum: 300 } });
    expect((await f.simulate("return", { cardTransactionId: row.id, amount: 300 })).status).toBe(202);
  });

  it("return reversal undoes the return: refund row VOIDED, refundedAmount down, money taken back", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000);
    await f.clear(row, 1000);
    const res = await f.simulate("return", { cardTransactionId: row.id, amount: 400 });
    const refund = await f.byToken(res.json.issuerTransactionToken);
    const onParent = await f.simulate("return_reversal", { cardTransactionId: row.id });
    expect(onParent.status).toBe(409);
    const reversal = await f.simulate("return_reversal", { cardTransactionId: refund.id });
    expect(reversal.status).toBe(202);
    expect((await f.getRow(refund.id)).status).toBe("VOIDED");
    expect(amounts(await f.getRow(row.id))).toEqual({ status: "SETTLED", authorized: 1000, settled: 1000, refunded: 0 });
    expect(await f.balance()).toEqual({ available: 4000, total: 4000 });
    const twice = await f.simulate("return_reversal", { cardTransactionId: refund.id });
    expect([twice.status, twice.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
    expect(twice.json.message).toContain("already reversed");
    expect(twice.json.message).not.toContain("not a posted return");
    expect(await f.balance()).toEqual({ available: 4000, total: 4000 });
  });

  it("return reversal while a payment spends the balance: EXCEPTION, nothing taken back, not an error", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000);
    await f.clear(row, 1000);
    const refund = await f.byToken((await f.simulate("return", { cardTransactionId: row.id, amount: 400 })).json.issuerTransactionToken);
    const res = await whileAPaymentReserves(f, 4_200, () => f.simulate("return_reversal", { cardTransactionId: refund.id }));
    expect(res.status, res.text).toBe(202);
    expect((await f.getRow(refund.id)).status).toBe("EXCEPTION");
    expect(amounts(await f.getRow(row.id))).toEqual({ status: "SETTLED", authorized: 1000, settled: 1000, refunded: 400 });
    expect(await f.balance()).toEqual({ available: 200, total: 4400 });
    const again = await f.simulate("return_reversal", { cardTransactionId: refund.id });
    expect([again.status, again.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
    expect(again.json.message).toContain("reversal already ended EXCEPTION");
  });
});

describe("credits and other simulators", () => {
  it("credit authorization then clearing credits the source; financial credit settles at once", async () => {
    const f = await cardsFixture(t, { funding: 1000 });
    const credit = await f.authorize(250, plainDescriptor(), "credit_authorization");
    expect(credit).toMatchObject({ direction: "CREDIT", status: "AUTHORIZED" });
    expect(await f.balance()).toEqual({ available: 1000, total: 1000 });
    expect(amounts(await f.clear(credit, 250))).toEqual({ status: "SETTLED", authorized: 250, settled: 250, refunded: 0 });
    expect(await f.balance()).toEqual({ available: 1250, total: 1250 });
    const single = await f.authorize(100, plainDescriptor(), "financial_credit_authorization");
    expect(amounts(single)).toEqual({ status: "SETTLED", authorized: 100, settled: 100, refunded: 0 });
    expect(await f.balance()).toEqual({ available: 1350, total: 1350 });
    const voided = await f.authorize(50, plainDescriptor(), "credit_authorization");
    expect((await f.clear(voided, 0)).status).toBe("VOIDED");
  });

  it("financial authorization debits at once: DEBIT SETTLED; declines like an authorization", async () => {
    const f = await cardsFixture(t, { funding: 1000 });
    const row = await f.authorize(300, plainDescriptor(), "financial_authorization");
    expect(amounts(row)).toEqual({ status: "SETTLED", authorized: 300, settled: 300, refunded: 0 });
    expect((await f.eventsOf(row.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.SETTLED"]);
    expect(await f.balance()).toEqual({ available: 700, total: 700 });
    expect(await f.authorize(800, plainDescriptor(), "financial_authorization")).toMatchObject({ status: "DECLINED", cardDeclinedReason: "INSUFFICIENT_FUNDS" });
  });

  it("financial authorization with descriptor 006: EXCEPTION (event EXCEPTION only), the money moved as at clearing", async () => {
    const f = await cardsFixture(t, { funding: 5000 });
    const row = await f.authorize(1000, `SHOP-${Math.floor(Math.random() * 1e6)}-006`, "financial_authorization");
    expect(amounts(row)).toEqual({ status: "EXCEPTION", authorized: 1000, settled: 1000, refunded: 0 });
    expect(row.settlementSummary).toEqual({ count: 1, totalAmount: 1000 });
    expect((await f.eventsOf(row.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.EXCEPTION"]);
    expect(await f.balance()).toEqual({ available: 4000, total: 4000 });
    const clearing = await f.simulate("clearing", { cardTransactionId: row.id, amount: 1000 });
    expect(clearing.json.code).toBe("INVALID_STATE_TRANSITION");
  });

  it("credit authorization advice re-sizes the merchant's open credit, else opens one", async () => {
    const f = await cardsFixture(t, { funding: 1000 });
    const descriptor = plainDescriptor();
    const first = await f.authorize(100, descriptor, "credit_authorization_advice");
    expect(first).toMatchObject({ direction: "CREDIT", status: "AUTHORIZED" });
    const again = await f.authorize(180, descriptor, "credit_authorization_advice");
    expect(again.id).toBe(first.id);
    expect(again.authorizedAmount.amount).toBe(180);
    const other = await f.authorize(10, plainDescriptor(), "credit_authorization_advice");
    expect(other.id).not.toBe(first.id);
  });

  it("balance inquiry: zero-amount row, suffix decides, nothing moves; approved ends VOIDED at once (it never clears), never left AUTHORIZED", async () => {
    const f = await cardsFixture(t, { funding: 1000 });
    const ok = await f.simulate("balance_inquiry", { merchant: { descriptor: plainDescriptor() } });
    expect(ok.status).toBe(202);
    expect(Object.keys(ok.json)).toEqual(["issuerTransactionToken"]);
    const inquiry = await f.byToken(ok.json.issuerTransactionToken);
    expect(inquiry).toMatchObject({ status: "VOIDED", authorizedAmount: { amount: 0 }, settledAmount: { amount: 0 }, cardDeclinedReason: null, pullSummary: { count: 0, pendingCount: 0 } });
    expect((await f.eventsOf(inquiry.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.VOIDED"]);
    const declined = await f.simulate("balance_inquiry", { merchant: { descriptor: "ATM-002" } });
    const declinedRow = await f.byToken(declined.json.issuerTransactionToken);
    expect(declinedRow).toMatchObject({ status: "DECLINED", cardDeclinedReason: "INSUFFICIENT_FUNDS" });
    expect((await f.eventsOf(declinedRow.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.DECLINED"]);
    expect((await f.cardTransactions()).filter((r) => r.status === "AUTHORIZED")).toEqual([]);
    expect((await f.simulate("clearing", { cardTransactionId: inquiry.id, amount: 0 })).status).toBe(409);
    expect((await f.simulate("authorization_advice", { cardTransactionId: inquiry.id, amount: 100 })).status).toBe(409);
    expect(await f.balance()).toEqual({ available: 1000, total: 1000 });
  });
});

describe("GET /transactions?type=CARD and balance-change windows", () => {
  it("lists card rows by card, pages, and keeps payment listings separate", async () => {
    const f = await cardsFixture(t, { funding: 1000 });
    await f.authorize(1);
    await f.authorize(2);
    await f.authorize(3);
    const page = await t.call("GET", `/transactions?type=CARD&cardId=${f.cardId.replace("Card:", "")}&limit=2`, { auth: f.auth });
    expect(page.json).toMatchObject({ hasMore: true, totalCount: 3 });
    expect(page.json.data.map((r: CardTx) => r.authorizedAmount.amount)).toEqual([3, 2]);
    const rest = await t.call("GET", `/transactions?type=CARD&limit=2&cursor=${page.json.nextCursor}`, { auth: f.auth });
    expect(rest.json.data.map((r: CardTx) => r.authorizedAmount.amount)).toEqual([1]);
    const payments = await t.call("GET", "/transactions?type=INCOMING", { auth: f.auth });
    expect(payments.json.data.every((r: { type: string }) => r.type === "INCOMING")).toBe(true);
    expect((await t.call("GET", "/transactions?type=CARD&cardId=nope", { auth: f.auth })).status).toBe(400);
  });

  it("an agent of the cardholder reads the card transaction by id, as the list shows it; an agent of another customer gets 404", async () => {
    const f = await cardsFixture(t, { funding: 1000 });
    const row = await f.authorize(5);
    const agentOf = async (customerId: string) => {
      const policy = { permissions: ["VIEW_TRANSACTIONS"], defaultExecutionMode: "AUTO", spendingLimits: { currency: "USD", perTransactionLimit: 1_000 } };
      const created = await t.call("POST", "/agents", { auth: f.auth, body: { name: "Reader", customerId, policy } });
      expect(created.status, created.text).toBe(201);
      const redeemed = await t.call("POST", `/agents/device-codes/${created.json.deviceCode.code}/redeem`);
      return `Bearer ${redeemed.json.accessToken as string}`;
    };
    const mine = await t.call("GET", `/agents/me/transactions/${row.id}`, { auth: await agentOf(f.customerId) });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json).toEqual((await t.call("GET", `/transactions/${row.id}`, { auth: f.auth })).json);
    expect(mine.json).toMatchObject({ id: row.id, type: "CARD", status: "AUTHORIZED" });
    const stranger = await f.activeAccount("USD");
    const theirs = await t.call("GET", `/agents/me/transactions/${row.id}`, { auth: await agentOf(stranger.customerId) });
    expect([theirs.status, theirs.json.code]).toEqual([404, "TRANSACTION_NOT_FOUND"]);
  });

  it("balance changes answer 409 NOT_YET_AVAILABLE while a card authorization in the window is open", async () => {
    const f = await cardsFixture(t, { funding: 1000 });
    const row = await f.authorize(100);
    const open = await t.call("GET", `/internal-accounts/${f.accountId}/balance-changes`, { auth: f.auth });
    expect(open.status).toBe(409);
    expect(open.json.code).toBe("NOT_YET_AVAILABLE");
    const before = await t.call("GET", `/internal-accounts/${f.accountId}/balance-changes?endDate=2000-01-01T00:00:00.000Z`, { auth: f.auth });
    expect(before.status).toBe(200);
    await f.clear(row, 100);
    const settled = await t.call("GET", `/internal-accounts/${f.accountId}/balance-changes`, { auth: f.auth });
    expect(settled.status).toBe(200);
    expect(settled.json.closingBalance.amount).toBe(900);
    // The purchase's change names its card transaction, which GET /transactions/{id} answers.
    const purchase = settled.json.changes.find((change: { amount: number }) => change.amount === -100);
    expect(purchase.transactionId).toBe(row.id);
    expect((await t.call("GET", `/transactions/${purchase.transactionId}`, { auth: f.auth })).json).toMatchObject({ id: row.id, type: "CARD", status: "SETTLED" });
    const funding = settled.json.changes.find((change: { amount: number }) => change.amount === 1000);
    expect(funding.transactionId).toMatch(/^Transaction:/);
  });
});
