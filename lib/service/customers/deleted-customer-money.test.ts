import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cardsFixture, neutralPlatformCardId } from "../cards/cards-fixtures";
import { EXAMPLES } from "../external-accounts/external-account-fixtures";
import { incomingFixture, startPlatformEndpoint } from "../incoming-payments/incoming-fixtures";
import { internalAccountsFixture } from "../internal-accounts/internal-account-fixtures";
import { quotesFixture } from "../quotes/quote-fixtures";
import { advanceClock } from "../sandbox/advance-clock";
import { linkAccount, post, registerCoin } from "../stablecoins/stablecoin-fixtures";
import { holdLocks, waitsOn } from "../testing/lock-waits";
import { createTestApp, type Credentials, type TestApp } from "../testing/test-app";

// The money paths of a deleted customer besides quotes and transfers (deleted-parties.test.ts):
// cards, stablecoin mints and burns, crypto withdrawals, incoming-payment approval, agents
// (BEHAVIORS.md §1.2: "afterwards 410 CUSTOMER_DELETED").

let t: TestApp;
const endpoints: Awaited<ReturnType<typeof startPlatformEndpoint>>[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const e of endpoints.splice(0)) await e.close();
});
afterAll(() => t.close());

const uuidOf = (id: string) => id.slice(id.indexOf(":") + 1);
const deleteCustomer = (auth: Credentials, customerId: string) => t.call("DELETE", `/customers/${customerId}`, { auth });
const gone = (res: { status: number; json: { code?: string } }) => [res.status, res.json.code];

/** A delete under way (its UPDATE of the customer row, not yet committed) while `request` runs: `request` must wait for it. */
async function racingDelete<T>(customerId: string, request: () => Promise<T>): Promise<T> {
  const deleting = await holdLocks(t.db, (tx) => tx.$executeRaw`UPDATE "Customer" SET "deletedAt" = now() WHERE "id" = ${uuidOf(customerId)}::uuid`);
  const answer = request();
  try {
    expect(await waitsOn(t.db, async () => [deleting.pid], answer)).toBe("waiting");
  } finally {
    await deleting.release();
  }
  return answer;
}

describe("a deleted customer's cards", () => {
  it("the delete closes them in its own step (CLOSED_BY_PLATFORM, CARD.STATE_CHANGE), resolving open authorizations; new ones decline CARD_NOT_ACTIVE; a late clearing still posts", async () => {
    const f = await cardsFixture(t, { funding: 10_000 });
    const open = await f.authorize(3_000);
    expect(open.status).toBe("AUTHORIZED");
    const processing = await f.issue({ platformCardId: neutralPlatformCardId("001") }); // stays PROCESSING
    const delayed = await f.issue({ platformCardId: neutralPlatformCardId("005") }); // activates after 30 s
    expect([processing.json.state, delayed.json.state]).toEqual(["PROCESSING", "PROCESSING"]);
    expect(await f.balance()).toEqual({ available: 7_000, total: 10_000 });

    const deleted = await deleteCustomer(f.auth, f.customerId);
    expect([deleted.status, deleted.json.id, deleted.json.isDeleted]).toEqual([200, f.customerId, true]);
    for (const id of [f.cardId, processing.json.id, delayed.json.id]) expect(await f.getCard(id)).toMatchObject({ state: "CLOSED", stateReason: "CLOSED_BY_PLATFORM" });
    const closings = (await f.events("CARD.STATE_CHANGE")).filter((e) => e.data.state === "CLOSED").map((e) => e.data.id);
    expect(closings.sort()).toEqual([f.cardId, processing.json.id, delayed.json.id].sort());
    // The open authorization resolved as a close resolves it: VOIDED, its hold released.
    expect((await f.getRow(open.id)).status).toBe("VOIDED");
    expect((await f.eventsOf(open.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.VOIDED"]);
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });

    const declined = await f.authorize(500);
    expect([declined.status, declined.cardDeclinedReason]).toEqual(["DECLINED", "CARD_NOT_ACTIVE"]);
    expect(gone(await f.patch({ state: "ACTIVE" }))).toEqual([409, "CARD_NOT_MUTABLE"]);
    await advanceClock(t.db, f.platformId, 31); // the delayed activation finds the card closed
    expect((await f.getCard(delayed.json.id)).state).toBe("CLOSED");

    // The merchant captures the earlier authorization late: it posts, as after a PATCH close.
    const cleared = await f.clear(open, 3_000);
    expect([cleared.status, cleared.settledAmount.amount]).toEqual(["SETTLED", 3_000]);
    expect(await f.balance()).toEqual({ available: 7_000, total: 7_000 });
    expect(gone(await deleteCustomer(f.auth, f.customerId))).toEqual([410, "CUSTOMER_DELETED"]);
  });

  it("a delete under way when a card is issued: the issue waits for it, then answers 410 and no card is left", async () => {
    const f = await cardsFixture(t);
    const res = await racingDelete(f.customerId, () => f.issue({ platformCardId: neutralPlatformCardId() }));
    expect(gone(res)).toEqual([410, "CUSTOMER_DELETED"]);
    expect(await t.db.card.count({ where: { platformId: f.platformId } })).toBe(1);
  });
});

describe("a deleted customer's stablecoin operations", () => {
  it("mints into their internal account, ACH mints from their bank and burns paying out to it answer 410 at creation; a mint created before the delete completes", async () => {
    const f = await internalAccountsFixture(t);
    await linkAccount(t, f.auth);
    const coin = await registerCoin(t, f.auth, "usdb");
    const { customerId, accountId } = await f.activeAccount("USDB");
    const bank = await t.call("POST", "/customers/external-accounts", {
      auth: f.auth,
      body: { customerId, currency: "USD", accountInfo: { ...EXAMPLES.USD_ACCOUNT!.accountInfo, accountNumber: `${Math.floor(Math.random() * 1e9)}` } },
    });
    expect(bank.status, bank.text).toBe(201);
    const wireMint = () => post(t, f.auth, `/stablecoins/${coin.id}/mints`, { amount: "1000000", fundingSource: { type: "WIRE" }, destination: { accountId } });
    const achMint = () => post(t, f.auth, `/stablecoins/${coin.id}/mints`, { amount: "1000000", fundingSource: { type: "ACH_DEBIT", externalAccountId: bank.json.id }, destination: { accountId } });
    const burn = (sourceType: string) =>
      post(t, f.auth, `/stablecoins/${coin.id}/burns`, { amount: "1000000", source: { type: sourceType }, destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: bank.json.id, rail: "WIRE" } });
    const underWay = await wireMint();
    expect([underWay.status, underWay.json.status]).toEqual([201, "PENDING_FUNDING"]);

    expect((await deleteCustomer(f.auth, customerId)).status).toBe(200);
    for (const res of [await wireMint(), await achMint(), await burn("EXTERNAL_ACCOUNT"), await burn("PROVIDER_INTERNAL_BALANCE")]) {
      expect(gone(res)).toEqual([410, "CUSTOMER_DELETED"]);
      expect(res.json.details).toEqual({ customerId });
    }
    expect(await t.db.stablecoinOperation.count({ where: { platformId: f.platformId } })).toBe(1);

    await advanceClock(t.db, f.platformId, 30);
    await advanceClock(t.db, f.platformId, 15);
    expect((await t.call("GET", `/stablecoin-operations/${underWay.json.id}`, { auth: f.auth })).json.status).toBe("COMPLETED");
    expect((await t.call("GET", `/internal-accounts/${accountId}`, { auth: f.auth })).json.balance.amount).toBe(1_000_000);
  });
});

describe("a deleted customer's crypto withdrawals", () => {
  it("a withdrawal (a quote from their account to a wallet external account) answers 410; nothing is debited", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const wallet = await f.externalAccount({ currency: "USDC", accountInfo: EXAMPLES.SOLANA_WALLET!.accountInfo, ownershipType: "THIRD_PARTY" });
    expect((await f.quote(wallet, 1_000)).status).toBe(200);
    expect((await deleteCustomer(f.auth, f.customerId)).status).toBe(200);
    expect(gone(await f.quote(wallet, 1_000))).toEqual([410, "CUSTOMER_DELETED"]);
    expect(gone(await f.quote(wallet, 1_000, { immediatelyExecute: true }))).toEqual([410, "CUSTOMER_DELETED"]);
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
  });
});

describe("a deleted customer's incoming payment awaiting approval", () => {
  it("the delete fails it in its own step: FAILED ACCOUNT_CANNOT_RECEIVE with INCOMING_PAYMENT.FAILED, nothing credited; approve and reject then answer 409, the 5 s timeout changes nothing; a payment in compliance review is left alone", async () => {
    const endpoint = await startPlatformEndpoint(() => ({ status: 202 }));
    endpoints.push(endpoint);
    const f = await incomingFixture(t, { endpoint: endpoint.url });
    const received = await f.receive();
    expect(received.json.status).toBe("PENDING");
    const held = await f.receive({ senderUmaAddress: "$pending.long.usd@sandbox.uma.money" });
    expect(held.json).toMatchObject({ status: "PENDING", pendingReason: "COMPLIANCE_REVIEW" });
    const deleted = await deleteCustomer(f.auth, f.customerId);
    expect(deleted.status).toBe(200);

    // Failed as the delete answers: no approve, reject or timeout has run.
    expect(await f.getTransaction(received.json.id)).toMatchObject({ status: "FAILED", failureReason: "ACCOUNT_CANNOT_RECEIVE" });
    expect(await f.eventTypesFor(received.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED"]);
    const refused = await f.approve(received.json.id);
    expect(gone(refused)).toEqual([409, "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL"]);
    expect(refused.json.details).toEqual({ transactionId: received.json.id, status: "FAILED", failureReason: "ACCOUNT_CANNOT_RECEIVE" });
    expect(gone(await f.reject(received.json.id))).toEqual([409, "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL"]);
    await advanceClock(t.db, f.platformId, 10);
    expect(await f.getTransaction(received.json.id)).toMatchObject({ status: "FAILED", failureReason: "ACCOUNT_CANNOT_RECEIVE" });
    expect(await f.balance()).toBe(0);
    expect(await f.getTransaction(held.json.id)).toMatchObject({ status: "PENDING", pendingReason: "COMPLIANCE_REVIEW" });
  });

  it("a payment arriving while a delete is under way waits for it, then answers 410 and nothing is written", async () => {
    const f = await incomingFixture(t, { endpoint: null });
    const res = await racingDelete(f.customerId, () => f.receive());
    expect(gone(res)).toEqual([410, "CUSTOMER_DELETED"]);
    expect(await t.db.transaction.count({ where: { platformId: f.platformId } })).toBe(0);
  });

  it("a 200 webhook answer arriving after the receiver was deleted fails the payment the same way, nothing credited", async () => {
    const receiver: { f?: Awaited<ReturnType<typeof incomingFixture>> } = {};
    const endpoint = await startPlatformEndpoint(async () => {
      expect((await deleteCustomer(receiver.f!.auth, receiver.f!.customerId)).status).toBe(200);
      return { status: 200 };
    });
    endpoints.push(endpoint);
    const f = (receiver.f = await incomingFixture(t, { endpoint: endpoint.url }));
    const received = await f.receive();
    expect(received.status, received.text).toBe(200);
    expect(received.json).toMatchObject({ status: "FAILED", failureReason: "ACCOUNT_CANNOT_RECEIVE" });
    expect(await f.balance()).toBe(0);
  });
});

describe("an agent for a customer being deleted", () => {
  it("a delete under way when POST /agents arrives: the create waits for it, then answers 410 and no agent is made", async () => {
    const f = await quotesFixture(t);
    const body = { name: "Racer", customerId: f.customerId, policy: { permissions: ["CREATE_TRANSFERS"], defaultExecutionMode: "AUTO", spendingLimits: { currency: "USD", perTransactionLimit: 100_000 } } };
    const res = await racingDelete(f.customerId, () => t.call("POST", "/agents", { auth: f.auth, body }));
    expect(gone(res)).toEqual([410, "CUSTOMER_DELETED"]);
    expect(await t.db.agent.count({ where: { platformId: f.platformId } })).toBe(0);
  });
});
