import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { accountNumberEndingIn, transfersFixture } from "../transfers/transfer-fixtures";
import { cardsFixture } from "../cards/cards-fixtures";
import { TransactionListItemSchema, TransactionListResponseSchema, TransactionSchema, TransactionStatusHistorySchema } from "./schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Fixture = Awaited<ReturnType<typeof transfersFixture>>;
type Tx = { id: string; status: string; type: string; reconciliationInstructions: { reference: string }; createdAt: string };

const list = async (f: Pick<Fixture, "auth">, query = "", auth = f.auth) => t.call("GET", `/transactions${query ? `?${query}` : ""}`, { auth });
const ids = (res: { json: { data: Tx[] } }) => res.json.data.map((d) => d.id);

/** Every id the list gives page by page in `order`, checking each page's totalCount, size and cursor. */
async function pagedIds(f: Pick<Fixture, "auth">, order: "asc" | "desc", limit: number, totalCount: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await list(f, `limit=${limit}&sortOrder=${order}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    expect(TransactionListResponseSchema.safeParse(res.json).success).toBe(true);
    expect(res.json.totalCount).toBe(totalCount);
    expect(res.json.data.length).toBe(Math.min(limit, totalCount - seen.length));
    seen.push(...ids(res));
    cursor = res.json.nextCursor;
    expect(res.json.hasMore).toBe(cursor !== undefined);
  } while (cursor);
  return seen;
}

/**
 * One customer with a deposit, a completed payout and a failed one, and a second customer with a
 * deposit; transactions in creation order.
 */
async function history() {
  const f = await transfersFixture(t);
  const deposit = await f.fund(f.accountId, 1_000);
  expect(deposit.status).toBe(200);
  const plainNumber = "99887766155";
  const plain = await f.externalAccount({ accountNumber: plainNumber });
  const failing = await f.externalAccount({ accountNumber: accountNumberEndingIn("004") });
  const paid = (await f.out(plain, 100)).json as Tx;
  const failed = (await f.out(failing, 200)).json as Tx;
  const second = await f.activeAccount("USD");
  await f.fund(second.accountId, 50);
  const all = (await list(f, "sortOrder=asc")).json.data as Tx[];
  return { f, all, paid, failed, plain, plainNumber, second };
}

describe("GET /transactions", () => {
  it("lists every transaction newest first with totalCount, in the reference's list shape", async () => {
    const { f, all } = await history();
    expect(all).toHaveLength(4);
    const res = await list(f);
    expect(res.status).toBe(200);
    expect(TransactionListResponseSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({ hasMore: false, totalCount: 4 });
    expect(ids(res)).toEqual(all.map((d) => d.id).reverse());
    // The page reads only the columns the answer shows; each item is still the whole transaction.
    for (const item of res.json.data as Tx[]) expect(item).toStrictEqual((await t.call("GET", `/transactions/${item.id}`, { auth: f.auth })).json);
  });

  it("lists a sandbox deposit as an INCOMING COMPLETED transaction (BEHAVIORS.md 10.15)", async () => {
    const f = await transfersFixture(t);
    await f.fund(f.accountId, 1_234);
    const res = await list(f, "type=INCOMING");
    expect(res.json.totalCount).toBe(1);
    expect(res.json.data[0]).toMatchObject({
      type: "INCOMING",
      direction: "CREDIT",
      status: "COMPLETED",
      customerId: f.customerId,
      destination: { destinationType: "ACCOUNT", accountId: f.accountId, currency: "USD" },
      receivedAmount: { amount: 1_234, currency: { code: "USD" } },
      settledAt: expect.any(String),
    });
    const events = await f.eventsFor(res.json.data[0].id);
    expect(events.map((e) => e.type)).toEqual(["INCOMING_PAYMENT.COMPLETED"]);
    const changes = await t.call("GET", `/internal-accounts/${f.accountId}/balance-changes`, { auth: f.auth });
    expect(changes.json.changes[0].transactionId).toBe(res.json.data[0].id);
  });

  it("pages with cursors in both sort orders, each page repeating totalCount", async () => {
    const { f, all } = await history();
    for (const [order, expected] of [
      ["asc", all.map((d) => d.id)],
      ["desc", all.map((d) => d.id).reverse()],
    ] as const)
      expect(await pagedIds(f, order, 3, 4)).toEqual(expected);
  });

  it("counts exactly up to 10,000 matches and leaves totalCount out beyond, paging on with nextCursor", async () => {
    const { f, paid } = await history();
    // Copies of the payout, dated before it: 9 996 more make exactly 10 000 transactions, one more makes 10 001.
    const columns = (await t.db.$queryRaw<{ name: string }[]>`SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'Transaction' AND column_name NOT IN ('id', 'reference', 'createdAt', 'updatedAt')`).map((c) => `"${c.name}"`);
    const copy = async (n: number) =>
      t.db.$executeRawUnsafe(
        `INSERT INTO "Transaction" (id, reference, "createdAt", "updatedAt", ${columns.join(", ")})
         SELECT gen_random_uuid(), 'copy-' || gen_random_uuid(), t."createdAt" - g * interval '1 second', t."updatedAt", ${columns.map((c) => `t.${c}`).join(", ")}
         FROM "Transaction" t CROSS JOIN generate_series(1, ${n}) g WHERE t.id = $1::uuid`,
        paid.id.replace("Transaction:", ""),
      );
    await copy(9_996);
    expect((await list(f, "limit=2")).json).toMatchObject({ hasMore: true, totalCount: 10_000 });
    await copy(1);
    const page = await list(f, "limit=2");
    expect(page.json.hasMore).toBe(true);
    expect(page.json).not.toHaveProperty("totalCount");
    expect(TransactionListResponseSchema.safeParse(page.json).success).toBe(true);
    expect((await list(f, `limit=2&cursor=${page.json.nextCursor}`)).json.data).toHaveLength(2);
    expect((await list(f, "status=FAILED")).json.totalCount).toBe(1); // a narrower filter is counted exactly
  });

  it("filters by customer, platformCustomerId, status, type and reference (a refund's reference finds its transaction)", async () => {
    const { f, all, paid, failed, second } = await history();
    const firstCustomer = (await t.call("GET", `/customers/${f.customerId}`, { auth: f.auth })).json;
    expect((await list(f, `customerId=${f.customerId}`)).json.totalCount).toBe(3);
    expect(ids(await list(f, `customerId=${second.customerId}`))).toEqual([all[3]!.id]);
    expect((await list(f, `platformCustomerId=${encodeURIComponent(firstCustomer.platformCustomerId)}`)).json.totalCount).toBe(3);
    expect(ids(await list(f, "status=FAILED"))).toEqual([failed.id]);
    expect(ids(await list(f, "type=OUTGOING&sortOrder=asc"))).toEqual([paid.id, failed.id]);
    expect((await list(f, "type=INCOMING")).json.totalCount).toBe(2);
    expect(ids(await list(f, `reference=${paid.reconciliationInstructions.reference}`))).toEqual([paid.id]);
    expect(ids(await list(f, `reference=${failed.reconciliationInstructions.reference}-REFUND`))).toEqual([failed.id]);
    expect(ids(await list(f, `reference=${paid.reconciliationInstructions.reference}-REFUND`))).toEqual([]);
  });

  it("filters by account on either side or one side, by id or by the external account's number", async () => {
    const { f, all, paid, plain, plainNumber } = await history();
    expect((await list(f, `accountIdentifier=${f.accountId}`)).json.totalCount).toBe(3);
    expect(ids(await list(f, `accountIdentifier=${plain}`))).toEqual([paid.id]);
    expect(ids(await list(f, `receiverAccountIdentifier=${plainNumber}`))).toEqual([paid.id]);
    expect(ids(await list(f, `senderAccountIdentifier=${plainNumber}`))).toEqual([]);
    expect((await list(f, `senderAccountIdentifier=${f.accountId}`)).json.totalCount).toBe(2);
    expect(ids(await list(f, `receiverAccountIdentifier=${f.accountId}`))).toEqual([all[0]!.id]);
  });

  it("filters by an inclusive startDate/endDate window on creation time", async () => {
    const { f, all } = await history();
    const window = `startDate=${encodeURIComponent(all[1]!.createdAt)}&endDate=${encodeURIComponent(all[2]!.createdAt)}&sortOrder=asc`;
    const res = await list(f, window);
    expect(ids(res).length).toBeGreaterThanOrEqual(2);
    expect(ids(res)).toEqual(expect.arrayContaining([all[1]!.id, all[2]!.id]));
    expect(ids(await list(f, `startDate=2000-01-01T00:00:00Z&endDate=2000-01-02T00:00:00Z`))).toEqual([]);
  });

  it("lists the platform's own-account transactions with customerId set to the platform's id", async () => {
    const f = await transfersFixture(t);
    const platformAccount = (await t.call("GET", "/platform/internal-accounts?currency=USD", { auth: f.auth })).json.data[0].id as string;
    await f.fund(platformAccount, 10);
    await f.fund(f.accountId, 10);
    const res = await list(f, `customerId=Platform:${f.platformId}`);
    expect(res.json.totalCount).toBe(1);
    expect(res.json.data[0].destination.accountId).toBe(platformAccount);
  });

  it("answers an empty page for type=CARD and for cardId until cards are issued", async () => {
    const { f } = await history();
    expect((await list(f, "type=CARD")).json).toEqual({ data: [], hasMore: false, totalCount: 0 });
    expect((await list(f, "cardId=Card:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10")).json.totalCount).toBe(0);
  });

  it("answers 400 INVALID_INPUT for status combined with type=CARD", async () => {
    const f = await transfersFixture(t);
    const res = await list(f, "type=CARD&status=COMPLETED");
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "INVALID_INPUT", details: { errors: [{ field: "query.status" }] } });
  });

  it("answers 400 INVALID_INPUT listing every bad query parameter", async () => {
    const f = await transfersFixture(t);
    const res = await list(f, "status=DONE&type=OTHER&startDate=yesterday&endDate=2025-13-01&sortOrder=up&limit=0");
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ["query.endDate", "query.limit", "query.sortOrder", "query.startDate", "query.status", "query.type"].sort(),
    );
    expect((await list(f, "customerId=bob")).json.details.errors[0].field).toBe("query.customerId");
    expect((await list(f, "cursor=garbage")).status).toBe(400);
  });

  it("shows another platform's transactions to nobody", async () => {
    const { all } = await history();
    const other = await transfersFixture(t);
    expect((await list(other)).json.totalCount).toBe(0);
    const res = await t.call("GET", `/transactions/${all[0]!.id}`, { auth: other.auth });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("TRANSACTION_NOT_FOUND");
  });

  it("answers 403 to a token without VIEW, and serves a VIEW-only token", async () => {
    const f = await transfersFixture(t);
    expect((await list(f, "", await f.tokenWith(["TRANSACT"]))).status).toBe(403);
    expect((await list(f, "", await f.tokenWith(["VIEW"]))).status).toBe(200);
  });
});

/**
 * Payments and card transactions interleaved, one sandbox second apart: the funding deposit, an
 * authorization, a deposit, a financial authorization, a deposit, a declined authorization.
 * `all` is every row oldest first.
 */
async function mixedHistory() {
  const f = await cardsFixture(t, { funding: 10_000 });
  const step = async (action: () => Promise<unknown>) => {
    expect((await t.call("POST", "/sandbox/clock/advance", { auth: f.auth, body: { seconds: 1 } })).status).toBe(200);
    await action();
  };
  await step(() => f.authorize(100));
  await step(() => f.fund(f.accountId, 500));
  await step(() => f.authorize(200, undefined, "financial_authorization"));
  await step(() => f.fund(f.accountId, 600));
  await step(() => f.authorize(300, "SHOP-002"));
  const payments = (await list(f, "type=INCOMING&sortOrder=asc")).json.data as Tx[];
  const cards = await f.cardTransactions();
  expect([payments.length, cards.length]).toEqual([3, 3]);
  const all = [payments[0]!, cards[0]!, payments[1]!, cards[1]!, payments[2]!, cards[2]!] as unknown as Tx[];
  return { f, all, payments, cards };
}

describe("GET /transactions with card rows (BEHAVIORS.md §3.6 \"card rows included\")", () => {
  it("merges payments and card transactions in one order, paging with limit 2 returns every row once, totalCount counts both", async () => {
    const { f, all } = await mixedHistory();
    for (const [order, expected] of [
      ["asc", all.map((d) => d.id)],
      ["desc", all.map((d) => d.id).reverse()],
    ] as const)
      expect(await pagedIds(f, order, 2, 6)).toEqual(expected);
    const page = await list(f, "limit=100");
    expect(page.json.data.map((d: Tx) => d.type)).toEqual(["CARD", "INCOMING", "CARD", "INCOMING", "CARD", "INCOMING"]);
  });

  it("applies customer, account and date filters to card rows; payment-only filters leave them out, cardId leaves payments out", async () => {
    const { f, all, payments, cards } = await mixedHistory();
    const paymentIds = payments.map((d) => d.id).reverse();
    const cardIds = cards.map((d) => d.id).reverse();
    expect((await list(f, `customerId=${f.customerId}`)).json.totalCount).toBe(6);
    expect((await list(f, `accountIdentifier=${f.accountId}`)).json.totalCount).toBe(6);
    const window = `startDate=${encodeURIComponent(all[1]!.createdAt)}&endDate=${encodeURIComponent(all[3]!.createdAt)}&sortOrder=asc`;
    expect(ids(await list(f, window))).toEqual([all[1]!.id, all[2]!.id, all[3]!.id]);
    expect(ids(await list(f, "status=COMPLETED"))).toEqual(paymentIds);
    expect(ids(await list(f, "type=INCOMING"))).toEqual(paymentIds);
    expect(ids(await list(f, `receiverAccountIdentifier=${f.accountId}`))).toEqual(paymentIds);
    expect(ids(await list(f, `reference=${payments[0]!.reconciliationInstructions.reference}`))).toEqual([payments[0]!.id]);
    expect(ids(await list(f, `customerId=Platform:${f.platformId}`))).toEqual([]);
    expect(ids(await list(f, `cardId=${f.cardId}`))).toEqual(cardIds);
    expect(ids(await list(f, "type=CARD"))).toEqual(cardIds);
    const other = await f.activeAccount("USD");
    expect((await list(f, `customerId=${other.customerId}`)).json.totalCount).toBe(0);
  });
});

describe("GET /transactions/{transactionId}", () => {
  it("answers the transaction in the TransactionOneOf shape", async () => {
    const { f, paid } = await history();
    const res = await t.call("GET", `/transactions/${paid.id}`, { auth: f.auth });
    expect(res.status).toBe(200);
    expect(TransactionSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toEqual(paid);
  });

  it("answers a card transaction by its CardTransaction id, exactly as the lists show it", async () => {
    const f = await cardsFixture(t, { funding: 5_000 });
    const row = await f.authorize(1_250);
    const res = await t.call("GET", `/transactions/${row.id}`, { auth: f.auth });
    expect(res.status, res.text).toBe(200);
    expect(TransactionListItemSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({ type: "CARD", id: row.id, status: "AUTHORIZED", cardId: f.cardId });
    expect(res.json).toStrictEqual((await list(f, "limit=100")).json.data.find((d: Tx) => d.id === row.id));
    await f.clear(row, 1_250);
    expect((await t.call("GET", `/transactions/${row.id}`, { auth: f.auth })).json).toMatchObject({ status: "SETTLED", settledAmount: { amount: 1_250 } });
  });

  it("answers 404 TRANSACTION_NOT_FOUND for another platform's card transaction, a bare card uuid or an unknown CardTransaction id", async () => {
    const f = await cardsFixture(t);
    const row = await f.authorize(10);
    const other = await transfersFixture(t);
    for (const [id, auth] of [
      [row.id, other.auth],
      [row.id.replace("CardTransaction:", ""), f.auth],
      ["CardTransaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", f.auth],
      ["CardTransaction:nope", f.auth],
    ] as const) {
      const res = await t.call("GET", `/transactions/${id}`, { auth });
      expect(res.status, id).toBe(404);
      expect(res.json).toMatchObject({ status: 404, code: "TRANSACTION_NOT_FOUND" });
    }
  });

  it.each(["Transaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", "Transaction:nope", "019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", "Quote:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10"])(
    "answers 404 TRANSACTION_NOT_FOUND for %s",
    async (id) => {
      const f = await transfersFixture(t);
      const res = await t.call("GET", `/transactions/${id}`, { auth: f.auth });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ status: 404, code: "TRANSACTION_NOT_FOUND" });
    },
  );
});

describe("GET /transactions/{transactionId}/status-history", () => {
  it("lists every step oldest first with the webhook event each one wrote", async () => {
    const { f, failed } = await history();
    await f.advance(2);
    const res = await t.call("GET", `/transactions/${failed.id}/status-history`, { auth: f.auth });
    expect(res.status).toBe(200);
    expect(TransactionStatusHistorySchema.safeParse(res.json).success).toBe(true);
    expect(res.json.transactionId).toBe(failed.id);
    expect(res.json.data.map((s: { status: string; refundStatus?: string; eventType?: string }) => [s.status, s.refundStatus ?? null, s.eventType])).toEqual([
      ["PENDING", null, "OUTGOING_PAYMENT.PENDING"],
      ["PROCESSING", null, "OUTGOING_PAYMENT.PROCESSING"],
      ["FAILED", null, "OUTGOING_PAYMENT.FAILED"],
      ["FAILED", "PENDING", "OUTGOING_PAYMENT.REFUND_PENDING"],
      ["FAILED", "COMPLETED", "OUTGOING_PAYMENT.REFUND_COMPLETED"],
    ]);
    const events = await f.eventsFor(failed.id);
    expect(res.json.data.map((s: { webhookEventId: string }) => s.webhookEventId)).toEqual(events.map((e) => e.id));
    expect(res.json.data[2].failureReason).toBe("ACCOUNT_CANNOT_RECEIVE");
  });

  it("a card transaction's history is every CARD_TRANSACTION.* event it wrote, oldest first, with its amounts; a refund row has its own", async () => {
    const f = await cardsFixture(t, { funding: 10_000 });
    const row = await f.authorize(1_250);
    await f.clear(row, 500);
    await f.clear(row, 750);
    expect((await f.simulate("return", { cardTransactionId: row.id, amount: 200 })).status).toBe(202);
    type Step = { status: string; eventType?: string; webhookEventId?: string; failureReason?: string; note?: string; createdAt: string };
    const historyOf = async (id: string, auth = f.auth) => t.call("GET", `/transactions/${id}/status-history`, { auth });

    const res = await historyOf(row.id);
    expect(res.status, res.text).toBe(200);
    expect(TransactionStatusHistorySchema.safeParse(res.json).success).toBe(true);
    expect(res.json.transactionId).toBe(row.id);
    const steps = res.json.data as Step[];
    expect(steps.map((s) => [s.status, s.eventType])).toEqual([
      ["AUTHORIZED", "CARD_TRANSACTION.AUTHORIZED"],
      ["PARTIALLY_SETTLED", "CARD_TRANSACTION.PARTIALLY_SETTLED"],
      ["SETTLED", "CARD_TRANSACTION.SETTLED"],
      ["SETTLED", "CARD_TRANSACTION.SETTLED"],
    ]);
    const events = await t.db.webhookEvent.findMany({ where: { platformId: f.platformId, type: { startsWith: "CARD_TRANSACTION." } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    const own = events.filter((e) => JSON.parse(e.body).data.id === row.id);
    expect(steps.map((s) => s.webhookEventId)).toEqual(own.map((e) => `Webhook:${e.id}`));
    expect(steps.map((s) => s.createdAt)).toEqual(own.map((e) => e.createdAt.toISOString()));
    expect(steps[3]!.note).toBe("authorized 1250, settled 1250, refunded 200 (USD, smallest unit)");
    expect(steps[3]!.createdAt).toBe((await t.call("GET", `/transactions/${row.id}`, { auth: f.auth })).json.lastEventAt);

    const refund = (await f.cardTransactions()).find((r) => r.originalTransactionId === row.id)!;
    const refundSteps = (await historyOf(refund.id)).json.data as Step[];
    expect(refundSteps.map((s) => [s.status, s.eventType])).toEqual([["SETTLED", "CARD_TRANSACTION.SETTLED"]]);

    const declined = await f.authorize(300, "SHOP-002");
    const declinedSteps = (await historyOf(declined.id)).json.data as Step[];
    expect(declinedSteps.map((s) => [s.status, s.eventType, s.failureReason])).toEqual([["DECLINED", "CARD_TRANSACTION.DECLINED", "INSUFFICIENT_FUNDS"]]);

    const other = await transfersFixture(t);
    for (const [id, auth] of [
      [row.id, other.auth],
      [row.id.replace("CardTransaction:", ""), f.auth],
      ["CardTransaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", f.auth],
      ["CardTransaction:nope", f.auth],
    ] as const) {
      const missing = await historyOf(id, auth);
      expect(missing.status, id).toBe(404);
      expect(missing.json).toMatchObject({ status: 404, code: "TRANSACTION_NOT_FOUND" });
    }
  });

  it("answers 404 TRANSACTION_NOT_FOUND for an unknown transaction", async () => {
    const f = await transfersFixture(t);
    const res = await t.call("GET", "/transactions/Transaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10/status-history", { auth: f.auth });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("TRANSACTION_NOT_FOUND");
  });
});
