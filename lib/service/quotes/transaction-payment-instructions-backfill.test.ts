import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { quotesFixture, type QuotesFixture } from "./quote-fixtures";

// Transactions of quotes made before Transaction.paymentInstructions existed: the data migration
// copies their quote's instructions as quote creation (or the SCA authorization) now writes them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MIGRATIONS = join(process.cwd(), "prisma/migrations");
const MIGRATION_SQL = readFileSync(join(MIGRATIONS, readdirSync(MIGRATIONS).find((dir) => dir.endsWith("_transaction_payment_instructions_backfill"))!, "migration.sql"), "utf8");

/** The transaction as a build before the column left it: no paymentInstructions. */
const dropInstructions = (transactionId: string) =>
  t.db.$executeRaw`UPDATE "Transaction" SET "paymentInstructions" = NULL WHERE "id" = ${transactionId.replace("Transaction:", "")}::uuid`;

const realtimeQuote = (f: QuotesFixture, destination: string) =>
  f.createQuote({ source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: f.customerId }, destination: { destinationType: "ACCOUNT", accountId: destination }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_000 });

describe("paymentInstructions of transactions made before they were stored", () => {
  it("are copied from the quote: realtime and embedded-wallet quotes; a prefunded quote keeps none; the next events carry them", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const realtime = await realtimeQuote(f, await f.external());
    expect(realtime.status, realtime.text).toBe(200);
    const wallet = (await f.accountsOf(f.customerId)).find((a) => a.type === "EMBEDDED_WALLET")!;
    expect((await f.okQuote(wallet.id, 5_000, { immediatelyExecute: true })).status).toBe("COMPLETED");
    const walletQuote = await f.createQuote({ source: { sourceType: "ACCOUNT", accountId: wallet.id }, destination: { destinationType: "ACCOUNT", accountId: await f.external() }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 10_000_000 });
    expect(walletQuote.status, walletQuote.text).toBe(200);
    const prefunded = await f.okQuote(await f.external(), 1_000);
    for (const quote of [realtime.json, walletQuote.json]) await dropInstructions(quote.transactionId);
    expect((await f.getTransaction(realtime.json.transactionId)).paymentInstructions).toBeUndefined();

    await t.db.$executeRawUnsafe(MIGRATION_SQL);

    for (const quote of [realtime.json, walletQuote.json]) {
      expect(quote.paymentInstructions).toHaveLength(1);
      expect((await f.getTransaction(quote.transactionId)).paymentInstructions).toEqual((await f.getQuote(quote.id)).paymentInstructions);
    }
    expect((await f.getTransaction(prefunded.transactionId)).paymentInstructions).toBeUndefined();

    // The realtime quote's funds run it: its OUTGOING_PAYMENT.* events show the instructions too.
    const sent = await t.call("POST", "/sandbox/send", { auth: f.auth, body: { quoteId: realtime.json.id, currencyCode: "USD" } });
    expect(sent.status, sent.text).toBe(200);
    const events = await f.eventsFor(realtime.json.transactionId);
    expect(events.map((e) => e.type)).toEqual(["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED"]);
    for (const event of events) expect(event.data.paymentInstructions).toEqual(realtime.json.paymentInstructions);
  });

  it("a realtime quote of a customer in an SCA region gets them only once every step was authorized", async () => {
    const f = await quotesFixture(t);
    await t.db.customer.update({ where: { id: f.customerId.replace("Customer:", "") }, data: { region: "FR", phoneNumber: "+33612345678" } });
    expect((await t.call("POST", `/customers/${f.customerId}/verify-phone`, { auth: f.auth })).status).toBeLessThan(300);
    expect((await t.call("POST", `/customers/${f.customerId}/verify-phone/confirm`, { auth: f.auth, body: { code: "123456" } })).status).toBeLessThan(300);
    const authorize = async (quoteId: string) => {
      const res = await t.call("POST", `/quotes/${quoteId}/authorize`, { auth: f.auth, body: { code: "123456" } });
      expect(res.status, res.text).toBe(200);
      return res.json;
    };
    const eur = await f.external({ currency: "EUR" });

    // Expired unanswered, and expired with only the first of two steps (conversion, payout) answered.
    const unanswered = (await realtimeQuote(f, await f.external())).json;
    const halfAnswered = (await realtimeQuote(f, eur)).json;
    expect((await authorize(halfAnswered.id)).scaChallenge.purpose).toBe("PAYOUT");
    await f.advanceSeconds(300);
    // Both steps answered; and one still waiting.
    const authorized = (await realtimeQuote(f, eur)).json;
    await authorize(authorized.id);
    expect((await authorize(authorized.id)).status).toBe("PENDING");
    const waiting = (await realtimeQuote(f, await f.external())).json;
    const quotes = { unanswered, halfAnswered, authorized, waiting };
    for (const quote of Object.values(quotes)) await dropInstructions(quote.transactionId);

    await t.db.$executeRawUnsafe(MIGRATION_SQL);

    const statuses = Object.fromEntries(await Promise.all(Object.entries(quotes).map(async ([name, quote]) => [name, (await f.getQuote(quote.id)).status])));
    expect(statuses).toEqual({ unanswered: "EXPIRED", halfAnswered: "EXPIRED", authorized: "PENDING", waiting: "PENDING_AUTHORIZATION" });
    const shown = Object.fromEntries(await Promise.all(Object.entries(quotes).map(async ([name, quote]) => [name, (await f.getTransaction(quote.transactionId)).paymentInstructions])));
    expect(shown).toEqual({ unanswered: undefined, halfAnswered: undefined, authorized: (await f.getQuote(authorized.id)).paymentInstructions, waiting: undefined });
    expect(shown.authorized).toHaveLength(1);
  });
});
