import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { quotesFixture } from "./quote-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Opens enough pooled connections that concurrent requests really run side by side (a cold pool staggers them). */
const warmPool = () => Promise.all(Array.from({ length: 10 }, () => t.db.$queryRaw`SELECT 1 FROM pg_sleep(0.01)`));

describe("POST /transactions/{transactionId}/cancel under concurrency", () => {
  it("five cancels of one PROCESSING ACH payout at once: one 200, four 409 TRANSACTION_NOT_CANCELLABLE; one refund, the amount back once", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const quote = await f.okQuote(await f.external({ suffix: "003" }), 1_000);
    await f.execute(quote.id);
    expect(await f.balance()).toEqual({ available: 9_000, total: 9_000 });
    await warmPool();
    const results = await Promise.all(Array.from({ length: 5 }, () => t.call("POST", `/transactions/${quote.transactionId}/cancel`, { auth: f.auth })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.json.code).toBe("TRANSACTION_NOT_CANCELLABLE");
    await f.advanceSeconds(400);
    const types = await f.types(quote.transactionId);
    expect(types.filter((type) => type === "OUTGOING_PAYMENT.REFUND_PENDING")).toHaveLength(1);
    expect(types.filter((type) => type === "OUTGOING_PAYMENT.REFUND_COMPLETED")).toHaveLength(1);
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
  });
});
