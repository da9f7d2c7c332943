import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tx } from "../db";
import { holdLocks, waitsOn } from "../testing/lock-waits";
import { roundTrips } from "../testing/round-trips";
import { createTestApp, type TestApp } from "../testing/test-app";
import { quotesFixture } from "./quote-fixtures";

// POST /quotes from an internal account reads its parties, locks them against a racing delete and
// reads the platform's currency limits in one statement, as a transfer does (readPaymentParties).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uuidOf = (id: string) => id.slice(id.indexOf(":") + 1);

describe("POST /quotes funded in real time", () => {
  it("locks its parties in the write that reads its destination, and reads its customer in the fee schedule's: 7 round trips for a cross-currency payout", async () => {
    const f = await quotesFixture(t);
    const eur = await f.external({ currency: "EUR" });
    const body = { source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: f.customerId }, destination: { destinationType: "ACCOUNT", accountId: eur }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_000 };
    expect((await f.createQuote(body)).status).toBe(200); // the platform's own accounts exist from here on
    let status = 0;
    const writes = await roundTrips(t.db, async () => void ({ status } = await f.createQuote(body)));
    expect(status).toBe(200);
    // Was 9: the parties' locks (lockLiveParties) waited for the destination's read; then 8: the
    // customer's read (for strong customer authentication) took a round trip of its own.
    expect(writes.length, writes.map((write) => write.join("\n  ")).join("\n")).toBe(7);
  });
});

describe("POST /quotes from an internal account", () => {
  it("costs one statement with its BEGIN (the parties, their locks and the platform's limits), 5 round trips in all for a cross-currency payout", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const eur = await f.external({ currency: "EUR" });
    await f.okQuote(eur, 1_000); // the platform's own accounts exist from here on
    let status = 0;
    const writes = await roundTrips(t.db, async () => void ({ status } = await f.quote(eur, 1_000)));
    expect(status).toBe(200);
    const listing = writes.map((write) => write.join("\n  ")).join("\n");
    const [begin, ...statements] = writes.find((write) => write[0] === "BEGIN")!;
    expect([begin, statements.length], listing).toEqual(["BEGIN", 1]);
    // Was 6: the parties' locks (lockLiveParties) took a round trip of their own.
    expect(writes.length, listing).toBe(5);
  });

  it("paying at once (immediatelyExecute) too: the payer's daily-volume lock rides in the same statement", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const eur = await f.external({ currency: "EUR" });
    await f.okQuote(eur, 1_000);
    let status = 0;
    const writes = await roundTrips(t.db, async () => void ({ status } = await f.quote(eur, 1_000, { immediatelyExecute: true })));
    expect(status).toBe(200);
    const [begin, ...statements] = writes.find((write) => write[0] === "BEGIN")!;
    expect([begin, statements.length], statements.join("\n")).toEqual(["BEGIN", 1]);
  });

  it("locks in lockCustomer's order: waiting on the external account, the quote holds its customer's lock and not yet the internal account's", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external({ currency: "EUR" });
    const holding = await holdLocks(t.db, (tx: Tx) => tx.$queryRaw`SELECT 1 FROM "ExternalAccount" WHERE "id" = ${uuidOf(destination)}::uuid FOR UPDATE`);
    const quote = f.quote(destination, 1_000);
    const lockedByOthers = (table: "Customer" | "InternalAccount", id: string) =>
      t.db.$transaction((tx) => tx.$queryRawUnsafe(`SELECT 1 FROM "${table}" WHERE "id" = $1::uuid FOR UPDATE NOWAIT`, uuidOf(id))).then(
        () => false,
        (e: Error) => (e.message.includes("could not obtain lock") ? true : Promise.reject(e)),
      );
    try {
      expect(await waitsOn(t.db, async () => [holding.pid], quote)).toBe("waiting");
      expect(await lockedByOthers("Customer", f.customerId)).toBe(true);
      expect(await lockedByOthers("InternalAccount", f.accountId)).toBe(false);
    } finally {
      await holding.release();
    }
    expect((await quote).status).toBe(200);
  });

  it("a delete of the customer under way when the quote arrives: the quote waits for it, then answers 410 CUSTOMER_DELETED", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external({ currency: "EUR" });
    const deleting = await holdLocks(t.db, (tx: Tx) => tx.$executeRaw`UPDATE "Customer" SET "deletedAt" = now() WHERE "id" = ${uuidOf(f.customerId)}::uuid`);
    const quote = f.quote(destination, 1_000);
    try {
      expect(await waitsOn(t.db, async () => [deleting.pid], quote)).toBe("waiting");
    } finally {
      await deleting.release();
    }
    const res = await quote;
    expect([res.status, res.json.code]).toEqual([410, "CUSTOMER_DELETED"]);
  });

  it("from the platform's account to a deleted customer's external account: 410 CUSTOMER_DELETED naming that customer", async () => {
    const f = await quotesFixture(t, { fund: 100_000 });
    const destination = await f.external({ currency: "EUR" });
    const platformAccount = await f.platformAccount("USD");
    expect((await t.call("DELETE", `/customers/${f.customerId}`, { auth: f.auth })).status).toBe(200);
    const res = await f.createQuote({ source: { sourceType: "ACCOUNT", accountId: platformAccount.id }, destination: { destinationType: "ACCOUNT", accountId: destination }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_000 });
    expect([res.status, res.json.code, res.json.details?.customerId], res.text).toEqual([410, "CUSTOMER_DELETED", f.customerId]);
  });
});
