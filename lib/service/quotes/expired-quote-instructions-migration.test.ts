import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { quotesFixture, type QuotesFixture } from "./quote-fixtures";

// Realtime quotes that expired awaiting strong customer authentication under an older build kept
// their paymentInstructions (GET /quotes/{id} showed them): the data migration drops them as
// expireUnrunQuote now does, and leaves every other quote's alone.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MIGRATIONS = join(process.cwd(), "prisma/migrations");
const MIGRATION_SQL = readFileSync(join(MIGRATIONS, readdirSync(MIGRATIONS).find((dir) => dir.endsWith("_expired_unauthorized_quote_instructions"))!, "migration.sql"), "utf8");

const bare = (id: string) => id.slice(id.indexOf(":") + 1);
const storedInstructions = async (quoteId: string) =>
  (await t.db.$queryRaw<{ paymentInstructions: unknown }[]>`SELECT "paymentInstructions" FROM "Quote" WHERE "id" = ${bare(quoteId)}::uuid`)[0]!.paymentInstructions;
const realtimeQuote = async (f: QuotesFixture) => {
  const res = await f.createQuote({ source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: f.customerId }, destination: { destinationType: "ACCOUNT", accountId: await f.external() }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_000 });
  expect(res.status, res.text).toBeLessThan(300); // 202 while it awaits SCA
  return res.json as { id: string; transactionId: string; status: string };
};

describe("paymentInstructions of realtime quotes that expired unauthorized before the fix", () => {
  it("are dropped from the quote; an expired quote that needed no SCA keeps its own", async () => {
    const plain = await quotesFixture(t);
    const withoutSca = await realtimeQuote(plain);
    const sca = await quotesFixture(t);
    await t.db.customer.update({ where: { id: bare(sca.customerId) }, data: { region: "FR", phoneNumber: "+33612345678" } });
    expect((await t.call("POST", `/customers/${sca.customerId}/verify-phone`, { auth: sca.auth })).status).toBeLessThan(300);
    expect((await t.call("POST", `/customers/${sca.customerId}/verify-phone/confirm`, { auth: sca.auth, body: { code: "123456" } })).status).toBeLessThan(300);
    const unauthorized = await realtimeQuote(sca);
    expect(unauthorized.status).toBe("PENDING_AUTHORIZATION");
    const held = await storedInstructions(unauthorized.id);
    expect(held).toHaveLength(1);

    await plain.advanceSeconds(300);
    await sca.advanceSeconds(300);
    expect((await sca.getQuote(unauthorized.id)).status).toBe("EXPIRED");
    expect((await plain.getQuote(withoutSca.id)).status).toBe("EXPIRED");
    // As an older build left it: the expired quote still holds them.
    await t.db.$executeRaw`UPDATE "Quote" SET "paymentInstructions" = ${JSON.stringify(held)}::jsonb WHERE "id" = ${bare(unauthorized.id)}::uuid`;
    expect((await sca.getQuote(unauthorized.id)).paymentInstructions).toHaveLength(1);
    const keptWithoutSca = (await plain.getQuote(withoutSca.id)).paymentInstructions;
    expect(keptWithoutSca).toHaveLength(1);

    await t.db.$executeRawUnsafe(MIGRATION_SQL);

    expect((await sca.getQuote(unauthorized.id)).paymentInstructions).toBeUndefined();
    expect((await sca.getTransaction(unauthorized.transactionId)).paymentInstructions).toBeUndefined();
    expect((await plain.getQuote(withoutSca.id)).paymentInstructions).toEqual(keptWithoutSca);
  });
});
