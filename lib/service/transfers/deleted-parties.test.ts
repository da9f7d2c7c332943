import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tx } from "../db";
import { EXAMPLES, PERSON_WITH_ADDRESS } from "../external-accounts/external-account-fixtures";
import { findLedgerAccount } from "../ledger/find-ledger-account";
import { quotesFixture, type QuotesFixture } from "../quotes/quote-fixtures";
import { blockedBy as blockedByLocks, holdLocks, waitsOn as waitsOnLocks } from "../testing/lock-waits";
import { roundTrips } from "../testing/round-trips";
import { createTestApp, type TestApp } from "../testing/test-app";
import { plainAccountNumber } from "./transfer-fixtures";

// Money leaving for a deleted external account or a deleted customer (BEHAVIORS.md §1.2:
// "afterwards 410 CUSTOMER_DELETED"), and a delete racing a payment (lockLiveParties).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uuidOf = (id: string) => id.slice(id.indexOf(":") + 1);
const deleteExternal = (f: QuotesFixture, id: string) => t.call("DELETE", `/customers/external-accounts/${id}`, { auth: f.auth });
const deleteCustomer = (f: QuotesFixture) => t.call("DELETE", `/customers/${f.customerId}`, { auth: f.auth });

const hold = (statement: (tx: Tx) => Promise<unknown>) => holdLocks(t.db, statement);
const blockedBy = (pids: number[]) => blockedByLocks(t.db, pids);
const waitsOn = (pids: () => Promise<number[]>, answer: Promise<unknown>) => waitsOnLocks(t.db, pids, answer);

/** Holds the source's ledger row, so a payment from it stops at its debit with its earlier locks taken. */
async function holdLedger(f: QuotesFixture) {
  const ledger = (await findLedgerAccount(t.db, { platformId: f.platformId, internalAccountId: uuidOf(f.accountId) }))!;
  return hold((tx) => tx.$queryRaw`SELECT "id" FROM "LedgerAccount" WHERE "id" = ${ledger.id}::uuid FOR UPDATE`);
}

describe("a quote whose destination external account was deleted", () => {
  it("made before the delete, no longer executes: 404 NOT_FOUND as a new quote to it, nothing debited, the quote still PENDING", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external();
    const quote = await f.okQuote(destination, 1_000);
    expect((await deleteExternal(f, destination)).status).toBe(204);
    expect((await f.quote(destination, 1_000)).json.code).toBe("NOT_FOUND");

    const res = await f.execute(quote.id);
    expect(res.status, res.text).toBe(404);
    expect(res.json).toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining(`${destination} not found: it was deleted`) });
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
    expect((await f.getQuote(quote.id)).status).toBe("PENDING");
    expect((await f.getTransaction(quote.transactionId)).status).toBe("PENDING");
  });

  it("a delete under way when the execute arrives: the execute waits for it, then is refused (404), nothing debited", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external();
    const quote = await f.okQuote(destination, 1_000);
    // The delete's UPDATE, not yet committed.
    const deleting = await hold((tx) => tx.$executeRaw`UPDATE "ExternalAccount" SET "deletedAt" = now() WHERE "id" = ${uuidOf(destination)}::uuid`);
    const execute = f.execute(quote.id);
    try {
      expect(await waitsOn(async () => [deleting.pid], execute)).toBe("waiting");
    } finally {
      await deleting.release();
    }
    const res = await execute;
    expect([res.status, res.json.code]).toEqual([404, "NOT_FOUND"]);
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
  });

  it("an execute under way when the delete arrives: the delete waits for the payout to commit, then deletes (both succeed, in that order)", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external();
    const quote = await f.okQuote(destination, 1_000);
    const ledger = await holdLedger(f);
    const order: string[] = [];
    const execute = f.execute(quote.id).then((res) => (order.push("execute"), res));
    let deleted: Promise<Awaited<ReturnType<typeof deleteExternal>>> | undefined;
    try {
      expect(await waitsOn(async () => [ledger.pid], execute)).toBe("waiting");
      deleted = deleteExternal(f, destination).then((res) => (order.push("delete"), res));
      // The delete waits on the execute, which waits on the held ledger row.
      expect(await waitsOn(() => blockedBy([ledger.pid]), deleted)).toBe("waiting");
    } finally {
      await ledger.release();
    }
    const [executed, removed] = await Promise.all([execute, deleted!]);
    expect([executed.status, executed.json.status]).toEqual([200, "COMPLETED"]);
    expect(removed.status).toBe(204);
    expect(order).toEqual(["execute", "delete"]);
  });

  it("six executes and a delete at once, five times: every execute either paid before the delete committed or was refused; the books balance", async () => {
    for (let run = 0; run < 5; run++) {
      const f = await quotesFixture(t, { fund: 100_000 });
      const destination = await f.external();
      const quotes = [];
      for (let i = 0; i < 6; i++) quotes.push(await f.okQuote(destination, 1_000));
      const [removed, ...executed] = await Promise.all([deleteExternal(f, destination), ...quotes.map((q) => f.execute(q.id))]);
      expect(removed.status).toBe(204);
      const deletedAt = (await t.db.externalAccount.findUniqueOrThrow({ where: { id: uuidOf(destination) } })).deletedAt!;
      let paid = 0;
      for (const [i, res] of executed.entries()) {
        if (res.status === 404) {
          expect(res.json.code).toBe("NOT_FOUND");
          expect((await f.getQuote(quotes[i].id)).status).toBe("PENDING");
          continue;
        }
        expect([res.status, res.json.status]).toEqual([200, "COMPLETED"]);
        paid++;
        // Paid while the account was live: its run started before the delete stamped the account.
        const transaction = await f.getTransaction(quotes[i].transactionId);
        expect(new Date(transaction.settledAt).getTime()).toBeLessThanOrEqual(deletedAt.getTime());
      }
      expect(await f.balance()).toEqual({ available: 100_000 - paid * 1_000, total: 100_000 - paid * 1_000 });
      // After the delete nothing more goes: the quotes left are refused.
      for (const [i, res] of executed.entries()) if (res.status === 404) expect((await f.execute(quotes[i].id)).status).toBe(404);
    }
  });
});

describe("a deleted customer's money (BEHAVIORS.md §1.2: afterwards 410 CUSTOMER_DELETED)", () => {
  async function deletedCustomer() {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external();
    const quote = await f.okQuote(destination, 1_000);
    const agent = await t.call("POST", "/agents", {
      auth: f.auth,
      body: { name: "Payer", customerId: f.customerId, policy: { permissions: ["CREATE_TRANSFERS", "CREATE_QUOTES", "EXECUTE_QUOTES", "MANAGE_EXTERNAL_ACCOUNTS"], defaultExecutionMode: "AUTO", spendingLimits: { currency: "USD", perTransactionLimit: 100_000 } } },
    });
    expect(agent.status, agent.text).toBe(201);
    const redeemed = await t.call("POST", `/agents/device-codes/${agent.json.deviceCode.code}/redeem`);
    const bearer = `Bearer ${redeemed.json.accessToken as string}`;
    const agentQuote = await t.call("POST", "/agents/me/quotes", {
      auth: bearer,
      body: { source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "ACCOUNT", accountId: destination }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_000 },
    });
    expect(agentQuote.status, agentQuote.text).toBe(200);
    expect((await deleteCustomer(f)).status).toBe(200);
    return { f, destination, quote, bearer, agentQuote: agentQuote.json };
  }
  const gone = (res: { status: number; json: { code?: string } }) => [res.status, res.json.code];

  it("nothing moves any more: quotes, executes, transfers, sandbox funding and the agent's actions all answer 410; the balance stays", async () => {
    const { f, destination, quote, bearer, agentQuote } = await deletedCustomer();
    const pullFrom = await t.db.externalAccount.findFirstOrThrow({ where: { id: uuidOf(destination) } });
    expect(pullFrom.deletedAt).toBeNull(); // the customer's external accounts stay as they were

    expect(gone(await f.quote(destination, 1_000))).toEqual([410, "CUSTOMER_DELETED"]);
    expect(gone(await f.quote(destination, 1_000, { immediatelyExecute: true }))).toEqual([410, "CUSTOMER_DELETED"]);
    const platformAccount = await f.platformAccount("USD");
    expect(gone(await f.quote(platformAccount.id, 1_000, { immediatelyExecute: true }))).toEqual([410, "CUSTOMER_DELETED"]);
    expect(gone(await f.execute(quote.id))).toEqual([410, "CUSTOMER_DELETED"]);
    expect(gone(await f.out(destination, 1_000))).toEqual([410, "CUSTOMER_DELETED"]);
    expect(gone(await f.pull(destination, 1_000))).toEqual([410, "CUSTOMER_DELETED"]);
    expect(gone(await f.fund(f.accountId, 1_000))).toEqual([410, "CUSTOMER_DELETED"]);
    const transfer = { source: { accountId: f.accountId }, destination: { accountId: destination }, amount: 1_000 };
    expect(gone(await t.call("POST", "/agents/me/transfer-out", { auth: bearer, body: transfer }))).toEqual([410, "CUSTOMER_DELETED"]);
    expect(gone(await t.call("POST", `/agents/me/quotes/${agentQuote.id}/execute`, { auth: bearer }))).toEqual([410, "CUSTOMER_DELETED"]);
    const bank = { currency: "USD", accountInfo: { ...EXAMPLES.USD_ACCOUNT!.accountInfo, accountNumber: plainAccountNumber(), beneficiary: PERSON_WITH_ADDRESS } };
    expect(gone(await t.call("POST", "/agents/me/external-accounts", { auth: bearer, body: bank }))).toEqual([410, "CUSTOMER_DELETED"]);
    // Money from the platform's own account to the deleted customer's account is refused too.
    const toCustomer = await f.createQuote({
      source: { sourceType: "ACCOUNT", accountId: platformAccount.id },
      destination: { destinationType: "ACCOUNT", accountId: f.accountId },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000,
    });
    expect(gone(toCustomer)).toEqual([410, "CUSTOMER_DELETED"]);

    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
    expect((await f.getQuote(quote.id)).status).toBe("PENDING");
  });

  it("an agent action waiting for approval when the customer is deleted fails on approval, nothing moved", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external();
    const agent = await t.call("POST", "/agents", {
      auth: f.auth,
      body: { name: "Asker", customerId: f.customerId, policy: { permissions: ["CREATE_TRANSFERS"], defaultExecutionMode: "APPROVAL_REQUIRED", spendingLimits: { currency: "USD", perTransactionLimit: 100_000 } } },
    });
    const redeemed = await t.call("POST", `/agents/device-codes/${agent.json.deviceCode.code}/redeem`);
    const bearer = `Bearer ${redeemed.json.accessToken as string}`;
    const transfer = { source: { accountId: f.accountId }, destination: { accountId: destination }, amount: 1_000 };
    const pending = await t.call("POST", "/agents/me/transfer-out", { auth: bearer, body: transfer });
    expect([pending.status, pending.json.status]).toEqual([201, "PENDING_APPROVAL"]);
    expect((await deleteCustomer(f)).status).toBe(200);
    // A new one is refused outright; the waiting one fails when approved.
    expect(gone(await t.call("POST", "/agents/me/transfer-out", { auth: bearer, body: transfer }))).toEqual([410, "CUSTOMER_DELETED"]);
    const approved = await t.call("POST", `/agents/${agent.json.agent.id}/actions/${pending.json.id}/approve`, { auth: f.auth });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ status: "FAILED", rejectionReason: expect.stringContaining("was deleted") });
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
  });

  it("money already under way still comes back: a payout returned after the delete is credited back to the deleted customer's account", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const returning = await f.external({ suffix: "005" }); // COMPLETED, returned a minute later
    const quote = await f.okQuote(returning, 1_000);
    expect((await f.execute(quote.id)).json.status).toBe("COMPLETED");
    expect(await f.balance()).toEqual({ available: 99_000, total: 99_000 });
    expect((await deleteCustomer(f)).status).toBe(200);
    await f.advanceSeconds(60);
    await f.advanceSeconds(2); // the refund completes 2 s after the return
    expect(await f.getTransaction(quote.transactionId)).toMatchObject({ status: "FAILED", failureReason: "PAYOUT_RETURNED", refund: { status: "COMPLETED" } });
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
  });

  it("a delete under way when a transfer-out arrives: the transfer waits for it, then answers 410 and nothing is debited", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external();
    const deleting = await hold((tx) => tx.$executeRaw`UPDATE "Customer" SET "deletedAt" = now() WHERE "id" = ${uuidOf(f.customerId)}::uuid`);
    const transfer = f.out(destination, 1_000);
    try {
      expect(await waitsOn(async () => [deleting.pid], transfer)).toBe("waiting");
    } finally {
      await deleting.release();
    }
    expect(gone(await transfer)).toEqual([410, "CUSTOMER_DELETED"]);
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
  });

  it("a transfer-out under way when the delete arrives: the delete waits for the payout to commit", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external();
    const ledger = await holdLedger(f);
    const order: string[] = [];
    const transfer = f.out(destination, 1_000).then((res) => (order.push("transfer"), res));
    let deleted: Promise<Awaited<ReturnType<typeof deleteCustomer>>> | undefined;
    try {
      expect(await waitsOn(async () => [ledger.pid], transfer)).toBe("waiting");
      deleted = deleteCustomer(f).then((res) => (order.push("delete"), res));
      expect(await waitsOn(() => blockedBy([ledger.pid]), deleted)).toBe("waiting");
    } finally {
      await ledger.release();
    }
    const [sent, removed] = await Promise.all([transfer, deleted!]);
    expect([sent.status, sent.json.status]).toEqual([200, "COMPLETED"]);
    expect(removed.status).toBe(200);
    expect(order).toEqual(["transfer", "delete"]);
    expect(gone(await f.out(destination, 1_000))).toEqual([410, "CUSTOMER_DELETED"]);
  });
});

describe("a transfer racing a delete of its external account or customer (the lock rides in the parties' read)", () => {
  const gone = (res: { status: number; json: { code?: string } }) => [res.status, res.json.code];

  it("a delete of the destination under way when a transfer-out arrives: the transfer waits for it, then 404 NOT_FOUND, nothing debited", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external();
    const deleting = await hold((tx) => tx.$executeRaw`UPDATE "ExternalAccount" SET "deletedAt" = now() WHERE "id" = ${uuidOf(destination)}::uuid`);
    const transfer = f.out(destination, 1_000);
    try {
      expect(await waitsOn(async () => [deleting.pid], transfer)).toBe("waiting");
    } finally {
      await deleting.release();
    }
    const res = await transfer;
    expect(gone(res)).toEqual([404, "NOT_FOUND"]);
    expect(res.json.message).toContain(`${destination} not found`);
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
  });

  it("a transfer-out under way when the destination's delete arrives: the delete waits for the payout to commit", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external();
    const ledger = await holdLedger(f);
    const order: string[] = [];
    const transfer = f.out(destination, 1_000).then((res) => (order.push("transfer"), res));
    let deleted: Promise<Awaited<ReturnType<typeof deleteExternal>>> | undefined;
    try {
      expect(await waitsOn(async () => [ledger.pid], transfer)).toBe("waiting");
      deleted = deleteExternal(f, destination).then((res) => (order.push("delete"), res));
      expect(await waitsOn(() => blockedBy([ledger.pid]), deleted)).toBe("waiting");
    } finally {
      await ledger.release();
    }
    const [sent, removed] = await Promise.all([transfer, deleted!]);
    expect([sent.status, sent.json.status]).toEqual([200, "COMPLETED"]);
    expect(removed.status).toBe(204);
    expect(order).toEqual(["transfer", "delete"]);
    expect(gone(await f.out(destination, 1_000))).toEqual([404, "NOT_FOUND"]);
  });

  it("a delete of the customer under way when a transfer-in arrives: the pull waits for it, then answers 410, nothing credited", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const bank = await f.external();
    const deleting = await hold((tx) => tx.$executeRaw`UPDATE "Customer" SET "deletedAt" = now() WHERE "id" = ${uuidOf(f.customerId)}::uuid`);
    const pull = f.pull(bank, 1_000);
    try {
      expect(await waitsOn(async () => [deleting.pid], pull)).toBe("waiting");
    } finally {
      await deleting.release();
    }
    expect(gone(await pull)).toEqual([410, "CUSTOMER_DELETED"]);
    expect(await f.balance()).toEqual({ available: 100_000, total: 100_000 });
  });

  it("locks in lockCustomer's order: waiting on the external account, the transfer holds its customer's lock and not yet the internal account's", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external();
    const holding = await hold((tx) => tx.$queryRaw`SELECT 1 FROM "ExternalAccount" WHERE "id" = ${uuidOf(destination)}::uuid FOR UPDATE`);
    const transfer = f.out(destination, 1_000);
    const lockedByOthers = (table: "Customer" | "InternalAccount", id: string) =>
      t.db.$transaction((tx) => tx.$queryRawUnsafe(`SELECT 1 FROM "${table}" WHERE "id" = $1::uuid FOR UPDATE NOWAIT`, uuidOf(id))).then(
        () => false,
        (e: Error) => (e.message.includes("could not obtain lock") ? true : Promise.reject(e)),
      );
    try {
      expect(await waitsOn(async () => [holding.pid], transfer)).toBe("waiting");
      expect(await lockedByOthers("Customer", f.customerId)).toBe(true);
      expect(await lockedByOthers("InternalAccount", f.accountId)).toBe(false);
    } finally {
      await holding.release();
    }
    expect((await transfer).status).toBe(200);
  });

  it("costs no statement of its own: a transfer's first round trip is its BEGIN and one statement (the parties, their locks and the platform's limits)", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const external = await f.external();
    for (const send of [() => f.out(external, 1_000), () => f.pull(external, 1_000)]) {
      let status = 0;
      const writes = await roundTrips(t.db, async () => void ({ status } = await send()));
      expect(status).toBe(200);
      const [begin, ...statements] = writes.find((write) => write[0] === "BEGIN")!;
      expect([begin, statements.length], statements.join("\n")).toEqual(["BEGIN", 1]);
    }
  });

  it("a completed transfer-in writes its transaction, history, events and balance event with the COMMIT, as a transfer-out does: no round trip of its own for them", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const external = await f.external();
    const counts: Record<string, number> = {};
    for (const [name, send] of [["out", () => f.out(external, 1_000)], ["in", () => f.pull(external, 1_000)]] as const) {
      let status = 0;
      const writes = await roundTrips(t.db, async () => void ({ status } = await send()));
      expect(status).toBe(200);
      const transaction = writes.slice(writes.findIndex((write) => write[0] === "BEGIN"));
      expect(transaction.at(-1)!.at(-1), transaction.at(-1)!.join("\n")).toBe("COMMIT");
      counts[name] = transaction.length;
    }
    expect(counts.in, JSON.stringify(counts)).toBeLessThanOrEqual(counts.out!);
  });
});
