import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotesFixture } from "../quotes/quote-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A quote of a customer in France (SCA region, phone verified) executed into PENDING_AUTHORIZATION. */
async function waitingQuote() {
  const f = await quotesFixture(t, { fund: 10_000 });
  await t.db.customer.update({ where: { id: f.customerId.replace("Customer:", "") }, data: { region: "FR", phoneNumber: "+33612345678" } });
  expect((await t.call("POST", `/customers/${f.customerId}/verify-phone`, { auth: f.auth })).status).toBe(204);
  expect((await t.call("POST", `/customers/${f.customerId}/verify-phone/confirm`, { auth: f.auth, body: { code: "123456" } })).status).toBe(200);
  const quote = await f.okQuote(await f.external(), 1_000);
  const executed = await f.execute(quote.id);
  expect(executed.json.status).toBe("PENDING_AUTHORIZATION");
  const resend = () => t.call("POST", `/quotes/${quote.id}/authorize/resend`, { auth: f.auth });
  return { f, quote, resend };
}

describe("POST /quotes/{quoteId}/authorize/resend limits", () => {
  it("sends the code at most once per 30 s, its first sending included: sooner → 429 RATE_LIMITED with Retry-After", async () => {
    const { f, resend } = await waitingQuote();
    // Retry-After counts from the sending; real time passing between the calls may take a few seconds off.
    const retryAfter = (r: { headers: Headers }) => Number(r.headers.get("retry-after"));
    const early = await resend();
    expect([early.status, early.json.code]).toEqual([429, "RATE_LIMITED"]);
    expect(retryAfter(early)).toBeGreaterThanOrEqual(25);
    expect(retryAfter(early)).toBeLessThanOrEqual(30);
    expect(early.json.details.retryAfterSeconds).toBe(retryAfter(early));
    await f.advanceSeconds(30);
    expect((await resend()).status).toBe(204);
    await f.advanceSeconds(12);
    const again = await resend();
    expect(again.status).toBe(429);
    expect(retryAfter(again)).toBeGreaterThanOrEqual(13);
    expect(retryAfter(again)).toBeLessThanOrEqual(18);
    await f.advanceSeconds(18);
    expect((await resend()).status).toBe(204);
  });

  it("resends at once send one code: one 204, the others 429", async () => {
    const { f, resend } = await waitingQuote();
    await f.advanceSeconds(30);
    await t.warmPool();
    const results = await Promise.all(Array.from({ length: 10 }, () => resend()));
    expect(results.map((r) => r.status).sort()).toEqual([204, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
    for (const r of results.filter((r) => r.status === 429)) expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(25);
  });
});
