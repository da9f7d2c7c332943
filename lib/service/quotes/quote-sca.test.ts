import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { quotesFixture } from "./quote-fixtures";
import { expireQuoteSca } from "./quote-authorization";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The quotes fixture with its customer moved to France (an SCA region) and its phone number
 * verified, so SMS_OTP is its factor (as in lib/service/sca/routes.test.ts).
 */
async function euFixture(options: { fund?: number } = {}) {
  const f = await quotesFixture(t, options);
  await t.db.customer.update({ where: { id: f.customerId.replace("Customer:", "") }, data: { region: "FR", phoneNumber: "+33612345678" } });
  const start = await t.call("POST", `/customers/${f.customerId}/verify-phone`, { auth: f.auth });
  if (start.status >= 300) throw new Error(`verify-phone: ${start.text}`);
  const confirm = await t.call("POST", `/customers/${f.customerId}/verify-phone/confirm`, { auth: f.auth, body: { code: "123456" } });
  if (confirm.status >= 300) throw new Error(`verify-phone/confirm: ${confirm.text}`);
  const authorize = (quoteId: string, body: Record<string, unknown> = { code: "123456" }) => t.call("POST", `/quotes/${quoteId}/authorize`, { auth: f.auth, body });
  const resend = (quoteId: string) => t.call("POST", `/quotes/${quoteId}/authorize/resend`, { auth: f.auth });
  const realtimeQuote = async (destination: string, amount: number) =>
    f.createQuote({
      source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: f.customerId },
      destination: { destinationType: "ACCOUNT", accountId: destination },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: amount,
    });
  return { ...f, authorize, resend, realtimeQuote };
}

const SCA_CHALLENGE = { id: expect.stringMatching(/^ScaChallenge:/), expiresAt: expect.any(String), factor: "SMS_OTP", availableFactors: ["SMS_OTP"] };

describe("quotes of customers in SCA regions", () => {
  it("realtime funding: 202 PENDING_AUTHORIZATION without instructions; authorized → PENDING with instructions; the funds then run it", async () => {
    const f = await euFixture();
    const res = await f.realtimeQuote(await f.external(), 1_000);
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: "PENDING_AUTHORIZATION", scaChallenge: { ...SCA_CHALLENGE, purpose: "PAYOUT" } });
    expect(res.json.paymentInstructions).toBeUndefined();
    expect(await f.getQuote(res.json.id)).toMatchObject({ status: "PENDING_AUTHORIZATION", scaChallenge: { id: res.json.scaChallenge.id } });
    // Nor does its transaction tell where to send before the customer authorized it.
    expect((await f.getTransaction(res.json.transactionId)).paymentInstructions).toBeUndefined();
    // Not payable while it waits.
    const early = await t.call("POST", "/sandbox/send", { auth: f.auth, body: { quoteId: res.json.id, currencyCode: "USD" } });
    expect(early.status).toBe(409);

    const ok = await f.authorize(res.json.id);
    expect(ok.status).toBe(200);
    expect(ok.json.status).toBe("PENDING");
    expect(ok.json.scaChallenge).toBeUndefined();
    expect(ok.json.paymentInstructions).toEqual(expect.arrayContaining([expect.objectContaining({ accountOrWalletInfo: expect.any(Object) })]));
    expect((await f.getTransaction(res.json.transactionId)).paymentInstructions).toEqual(ok.json.paymentInstructions);
    expect(await f.types(res.json.transactionId)).toEqual([]);

    const sent = await t.call("POST", "/sandbox/send", { auth: f.auth, body: { quoteId: res.json.id, currencyCode: "USD" } });
    expect(sent.status).toBe(200);
    expect((await f.getQuote(res.json.id)).status).toBe("COMPLETED");
    expect(await f.types(res.json.transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED"]);
  });

  it("a realtime quote still waiting at expiresAt → EXPIRED, and authorize then answers 409 QUOTE_EXPIRED", async () => {
    const f = await euFixture();
    const res = await f.realtimeQuote(await f.external(), 1_000);
    await f.advanceSeconds(300);
    expect((await f.getQuote(res.json.id)).status).toBe("EXPIRED");
    expect((await f.getTransaction(res.json.transactionId)).status).toBe("EXPIRED");
    const late = await f.authorize(res.json.id);
    expect(late.status).toBe(409);
    expect(late.json.code).toBe("QUOTE_EXPIRED");
  });

  it("a realtime quote that expired never authorized (or half authorized) keeps its instructions withheld: quote, transaction and its EXPIRED event; an authorized one that expired still shows them", async () => {
    const f = await euFixture();
    const unanswered = (await f.realtimeQuote(await f.external(), 1_000)).json;
    const halfAnswered = (await f.realtimeQuote(await f.external({ currency: "EUR" }), 1_000)).json; // conversion, then payout
    expect((await f.authorize(halfAnswered.id)).json.scaChallenge.purpose).toBe("PAYOUT");
    const authorized = (await f.realtimeQuote(await f.external(), 1_000)).json;
    const shown = (await f.authorize(authorized.id)).json.paymentInstructions;
    expect(shown).toHaveLength(1);
    await f.advanceSeconds(300);

    for (const quote of [unanswered, halfAnswered]) {
      const expired = await f.getQuote(quote.id);
      expect(expired.status).toBe("EXPIRED");
      expect(expired.paymentInstructions).toBeUndefined();
      expect(expired.scaChallenge).toBeUndefined();
      const transaction = await f.getTransaction(quote.transactionId);
      expect(transaction.status).toBe("EXPIRED");
      expect(transaction.paymentInstructions).toBeUndefined();
      const events = await f.eventsFor(quote.transactionId);
      expect(events.map((e) => e.type)).toEqual(["OUTGOING_PAYMENT.EXPIRED"]);
      expect(events[0].data.paymentInstructions).toBeUndefined();
    }
    // Authorized, the payer was told where to send: the expired quote and its transaction still say so alike.
    expect(await f.getQuote(authorized.id)).toMatchObject({ status: "EXPIRED", paymentInstructions: shown });
    expect(await f.getTransaction(authorized.transactionId)).toMatchObject({ status: "EXPIRED", paymentInstructions: shown });
  });

  it("execute → 200 PENDING_AUTHORIZATION (nothing debited, re-execute 409) → authorize → debited, COMPLETED, events in order", async () => {
    const f = await euFixture({ fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    expect(quote.status).toBe("PENDING");
    expect(quote.scaChallenge).toBeUndefined();

    const executed = await f.execute(quote.id);
    expect(executed.status).toBe(200);
    expect(executed.json).toMatchObject({ id: quote.id, status: "PENDING_AUTHORIZATION", scaChallenge: { ...SCA_CHALLENGE, purpose: "PAYOUT" } });
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
    expect((await f.getTransaction(quote.transactionId)).status).toBe("PENDING_AUTHORIZATION");
    const [pendingAuthorization] = await f.eventsFor(quote.transactionId);
    expect(pendingAuthorization).toMatchObject({ type: "OUTGOING_PAYMENT.PENDING_AUTHORIZATION", data: { status: "PENDING_AUTHORIZATION", quoteId: quote.id } });
    expect(JSON.stringify(pendingAuthorization)).not.toContain("ScaChallenge:");

    const again = await f.execute(quote.id);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("PENDING_AUTHORIZATION") });

    const ok = await f.authorize(quote.id);
    expect(ok.status).toBe(200);
    expect(ok.json.status).toBe("COMPLETED");
    expect(ok.json.scaChallenge).toBeUndefined();
    expect(await f.balance()).toEqual({ available: 9_000, total: 9_000 });
    expect(await f.types(quote.transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING_AUTHORIZATION", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED"]);
    // Authorized once: a second answer has nothing to authorize.
    expect((await f.authorize(quote.id)).status).toBe(409);
    // The quote's own expiry no longer applies to it.
    await f.advanceSeconds(600);
    expect((await f.getQuote(quote.id)).status).toBe("COMPLETED");
  });

  it("a cross-currency payout needs two challenges: CURRENCY_CONVERSION, then PAYOUT", async () => {
    const f = await euFixture({ fund: 10_000 });
    const quote = await f.okQuote(await f.external({ currency: "EUR" }), 1_000);
    const executed = await f.execute(quote.id);
    expect(executed.json).toMatchObject({ status: "PENDING_AUTHORIZATION", scaChallenge: { purpose: "CURRENCY_CONVERSION" } });
    const first = await f.authorize(quote.id);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: "PENDING_AUTHORIZATION", scaChallenge: { ...SCA_CHALLENGE, purpose: "PAYOUT" } });
    expect(first.json.scaChallenge.id).not.toBe(executed.json.scaChallenge.id);
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
    const second = await f.authorize(quote.id);
    expect(second.status).toBe(200);
    expect(["PROCESSING", "COMPLETED"]).toContain(second.json.status);
    expect(await f.balance()).toEqual({ available: 9_000, total: 9_000 });
    const types = await f.types(quote.transactionId);
    expect(types.slice(0, 3)).toEqual(["OUTGOING_PAYMENT.PENDING_AUTHORIZATION", "OUTGOING_PAYMENT.PENDING_AUTHORIZATION", "OUTGOING_PAYMENT.PROCESSING"]);
  });

  it("immediatelyExecute → 202 PENDING_AUTHORIZATION; an internal transfer asks for TRANSFER", async () => {
    const f = await euFixture({ fund: 10_000 });
    const other = await f.activeAccount("USD");
    const res = await f.quote(other.accountId, 1_000, { immediatelyExecute: true });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: "PENDING_AUTHORIZATION", scaChallenge: { purpose: "TRANSFER" } });
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
    const ok = await f.authorize(res.json.id);
    expect(ok.json.status).toBe("COMPLETED");
    expect(await f.balance()).toEqual({ available: 9_000, total: 9_000 });
    expect(await f.balance(other.accountId)).toEqual({ available: 1_000, total: 1_000 });
  });

  it("scaFactor names the first challenge's factor (BEHAVIORS.md §2.6); one the customer lacks → 400 naming scaFactor, nothing made", async () => {
    const f = await euFixture({ fund: 10_000 });
    const other = await f.activeAccount("USD");
    const lacking = await f.quote(other.accountId, 1_000, { immediatelyExecute: true, scaFactor: "PASSKEY" });
    expect(lacking.status).toBe(400);
    expect(lacking.json.details.errors).toEqual([expect.objectContaining({ field: "scaFactor", message: expect.stringContaining("available: SMS_OTP") })]);
    const totp = await f.quote(other.accountId, 1_000, { immediatelyExecute: true, scaFactor: "TOTP" });
    expect(totp.json.details.errors).toEqual([expect.objectContaining({ field: "scaFactor", message: expect.stringContaining("TOTP cannot authorize a single action") })]);

    const at = new Date();
    await t.db.scaFactor.create({
      data: { id: crypto.randomUUID(), platformId: f.platformId, customerId: f.customerId.replace("Customer:", ""), factor: "PASSKEY", credentialId: "cred-1", status: "ACTIVE", createdAt: at, updatedAt: at },
    });
    const passkey = await f.quote(other.accountId, 1_000, { immediatelyExecute: true, scaFactor: "PASSKEY" });
    expect(passkey.status).toBe(202);
    expect(passkey.json.scaChallenge).toMatchObject({ factor: "PASSKEY", availableFactors: ["SMS_OTP", "PASSKEY"], purpose: "TRANSFER" });
    // Without it, SMS_OTP as before; a quote that needs no authorization ignores it.
    expect((await f.quote(other.accountId, 1_000, { immediatelyExecute: true })).json.scaChallenge.factor).toBe("SMS_OTP");
    expect((await f.quote(other.accountId, 1_000, { scaFactor: "PASSKEY" })).json).toMatchObject({ status: "PENDING" });
  });

  it("execute refuses a balance that cannot cover the quote: 400 INSUFFICIENT_BALANCE, stays PENDING, no challenge", async () => {
    const f = await euFixture({ fund: 500 });
    const quote = await f.okQuote(await f.external(), 1_000);
    const res = await f.execute(quote.id);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INSUFFICIENT_BALANCE");
    expect(await f.getQuote(quote.id)).toMatchObject({ status: "PENDING" });
    expect(await f.types(quote.transactionId)).toEqual([]);
  });

  it("authorize checks the daily volume again: payments made while it waited can use the room (429, nothing debited, stays PENDING_AUTHORIZATION)", async () => {
    const f = await euFixture({ fund: 4_000_000_000 });
    const usd = await f.external();
    const quote = await f.okQuote(usd, 1_000_000_000);
    expect((await f.execute(quote.id)).json.status).toBe("PENDING_AUTHORIZATION");
    // Meanwhile USD 20,000,000 leaves by transfer-out (no SCA step): USD 10,000,000 more would pass the limit.
    for (let i = 0; i < 2; i++) expect((await f.out(usd, 1_000_000_000)).status).toBe(200);
    const eventsBefore = await f.types(quote.transactionId);
    const balanceBefore = await f.balance();
    const refused = await f.authorize(quote.id);
    expect([refused.status, refused.json.code]).toEqual([429, "DAILY_VOLUME_LIMIT_EXCEEDED"]);
    expect(await f.getQuote(quote.id)).toMatchObject({ status: "PENDING_AUTHORIZATION" });
    expect(await f.types(quote.transactionId)).toEqual(eventsBefore);
    expect(await f.balance()).toEqual(balanceBefore);
  });

  it("wrong code → 401 and nothing moves; the right code then works; 5 wrong answers → 429", async () => {
    const f = await euFixture({ fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    await f.execute(quote.id);
    const wrong = await f.authorize(quote.id, { code: "000000" });
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe("UNAUTHORIZED");
    expect((await f.getQuote(quote.id)).status).toBe("PENDING_AUTHORIZATION");
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
    const missing = await f.authorize(quote.id, {});
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe("INVALID_INPUT");
    const unknownField = await f.authorize(quote.id, { code: "123456", pin: "1" });
    expect(unknownField.status).toBe(400);
    expect((await f.authorize(quote.id)).json.status).toBe("COMPLETED");

    const second = await f.okQuote(await f.external(), 1_000);
    await f.execute(second.id);
    for (let i = 0; i < 5; i++) expect((await f.authorize(second.id, { code: "999999" })).status).toBe(401);
    const limited = await f.authorize(second.id);
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("RATE_LIMITED");
    expect((await f.getQuote(second.id)).status).toBe("PENDING_AUTHORIZATION");
    expect(await f.balance()).toEqual({ available: 9_000, total: 9_000 });
  });

  it("resend → 204 with the same challenge and expiry; a passkey challenge → 409", async () => {
    const f = await euFixture({ fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    const executed = await f.execute(quote.id);
    await f.advanceSeconds(30); // a code goes out at most once per 30 s, the challenge's first sending included
    const resent = await f.resend(quote.id);
    expect(resent.status).toBe(204);
    expect(resent.text).toBe("");
    expect((await f.getQuote(quote.id)).scaChallenge).toEqual(executed.json.scaChallenge);
    const challengeId = executed.json.scaChallenge.id.replace("ScaChallenge:", "");
    expect((await t.db.scaChallenge.findUniqueOrThrow({ where: { id: challengeId } })).resentAt).not.toBeNull();
    // A passkey challenge has no code to resend.
    await t.db.scaChallenge.update({ where: { id: challengeId }, data: { factor: "PASSKEY" } });
    const passkey = await f.resend(quote.id);
    expect(passkey.status).toBe(409);
    expect(passkey.json.code).toBe("CONFLICT");
  });

  it("an executed quote still waiting on its challenge expires at the quote's expiresAt (BEHAVIORS.md §2.6): EXPIRED with OUTGOING_PAYMENT.EXPIRED, nothing debited; authorize and resend then 409 QUOTE_EXPIRED", async () => {
    const f = await euFixture({ fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    await f.advanceSeconds(290);
    const executed = await f.execute(quote.id);
    expect(executed.json.status).toBe("PENDING_AUTHORIZATION");
    // The challenge lives no longer than the quote's locked rate.
    expect(executed.json.scaChallenge.expiresAt).toBe(quote.expiresAt);
    await f.advanceSeconds(9);
    expect((await f.getQuote(quote.id)).status).toBe("PENDING_AUTHORIZATION");
    await f.advanceSeconds(1);
    const expired = await f.getQuote(quote.id);
    expect(expired.status).toBe("EXPIRED");
    expect(expired.scaChallenge).toBeUndefined();
    expect((await f.getTransaction(quote.transactionId)).status).toBe("EXPIRED");
    expect(await f.types(quote.transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING_AUTHORIZATION", "OUTGOING_PAYMENT.EXPIRED"]);
    expect((await t.db.scaChallenge.findUniqueOrThrow({ where: { id: executed.json.scaChallenge.id.replace("ScaChallenge:", "") } })).status).toBe("EXPIRED");
    await f.advanceSeconds(50);
    for (const late of [await f.authorize(quote.id), await f.resend(quote.id)]) expect([late.status, late.json.code]).toEqual([409, "QUOTE_EXPIRED"]);
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
    expect(await f.types(quote.transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING_AUTHORIZATION", "OUTGOING_PAYMENT.EXPIRED"]);
  });

  it("past expiresAt before its timed step ran, authorize answers 409 QUOTE_EXPIRED and runs nothing", async () => {
    const f = await euFixture({ fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    expect((await f.execute(quote.id)).json.status).toBe("PENDING_AUTHORIZATION");
    // Age the quote without running its timed step.
    await t.db.quote.update({ where: { id: quote.id.replace("Quote:", "") }, data: { expiresAt: new Date(Date.parse(quote.createdAt) - 1000) } });
    const late = await f.authorize(quote.id);
    expect([late.status, late.json.code]).toEqual([409, "QUOTE_EXPIRED"]);
    expect((await f.getQuote(quote.id)).status).toBe("PENDING_AUTHORIZATION");
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
    expect(await f.types(quote.transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING_AUTHORIZATION"]);
  });

  it("a challenge's timed step: FAILED SCA_NOT_COMPLETED while the quote is still valid, EXPIRED once the quote's expiresAt has come too", async () => {
    const f = await euFixture({ fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    const executed = await f.execute(quote.id);
    const challengeId = executed.json.scaChallenge.id;
    await t.db.scaChallenge.update({ where: { id: challengeId.replace("ScaChallenge:", "") }, data: { expiresAt: new Date(Date.parse(quote.createdAt) - 1000) } });
    await t.db.quote.update({ where: { id: quote.id.replace("Quote:", "") }, data: { scaChallenge: { ...executed.json.scaChallenge, expiresAt: new Date(Date.parse(quote.createdAt) - 1000).toISOString() } } });
    await expireQuoteSca(t.db, { platformId: f.platformId, quoteId: quote.id.replace("Quote:", ""), challengeId });
    expect(await f.getQuote(quote.id)).toMatchObject({ status: "FAILED" });
    expect(await f.getTransaction(quote.transactionId)).toMatchObject({ status: "FAILED", failureReason: "SCA_NOT_COMPLETED" });
    expect(await f.types(quote.transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING_AUTHORIZATION", "OUTGOING_PAYMENT.FAILED"]);

    const other = await f.okQuote(await f.external(), 1_000);
    const otherExecuted = (await f.execute(other.id)).json;
    const otherChallenge = otherExecuted.scaChallenge.id;
    const past = new Date(Date.parse(other.createdAt) - 1000);
    await t.db.quote.update({ where: { id: other.id.replace("Quote:", "") }, data: { expiresAt: past, scaChallenge: { ...otherExecuted.scaChallenge, expiresAt: past.toISOString() } } });
    await expireQuoteSca(t.db, { platformId: f.platformId, quoteId: other.id.replace("Quote:", ""), challengeId: otherChallenge });
    expect((await f.getQuote(other.id)).status).toBe("EXPIRED");
    expect(await f.types(other.transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING_AUTHORIZATION", "OUTGOING_PAYMENT.EXPIRED"]);
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
  });

  it("an expired challenge answered before its timed step ran → 400, nothing moves", async () => {
    const f = await euFixture({ fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    const executed = await f.execute(quote.id);
    // Age the challenge without running the timed step.
    await t.db.scaChallenge.update({ where: { id: executed.json.scaChallenge.id.replace("ScaChallenge:", "") }, data: { expiresAt: new Date(Date.parse(quote.createdAt) - 1000) } });
    const res = await f.authorize(quote.id);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
  });
});

describe("quote authorization under concurrency", () => {
  it("five right answers to an executed quote's challenge at once: one 200, the others 409; debited once, one PROCESSING event", async () => {
    const f = await euFixture({ fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    expect((await f.execute(quote.id)).json.status).toBe("PENDING_AUTHORIZATION");
    await t.warmPool();
    const results = await Promise.all(Array.from({ length: 5 }, () => f.authorize(quote.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await f.balance()).toEqual({ available: 9_000, total: 9_000 });
    const types = await f.types(quote.transactionId);
    expect(types.filter((type) => type === "OUTGOING_PAYMENT.PROCESSING")).toHaveLength(1);
    expect(types.filter((type) => type === "OUTGOING_PAYMENT.PENDING_AUTHORIZATION")).toHaveLength(1);
  });

  it("five right answers to the first of two challenges at once: one 200 moves it to the next challenge, the others 409; nothing debited, one next challenge", async () => {
    const f = await euFixture({ fund: 10_000 });
    const quote = await f.okQuote(await f.external({ currency: "EUR" }), 1_000);
    expect((await f.execute(quote.id)).json.scaChallenge.purpose).toBe("CURRENCY_CONVERSION");
    await t.warmPool();
    const results = await Promise.all(Array.from({ length: 5 }, () => f.authorize(quote.id)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json).toMatchObject({ status: "PENDING_AUTHORIZATION", scaChallenge: { purpose: "PAYOUT" } });
    for (const r of results.filter((r) => r.status !== 200)) expect([r.status, r.json.code]).toEqual([409, "CONFLICT"]);
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
    expect(await t.db.scaChallenge.count({ where: { subjectId: quote.id.replace("Quote:", ""), purpose: "PAYOUT" } })).toBe(1);
    expect((await f.types(quote.transactionId)).filter((type) => type === "OUTGOING_PAYMENT.PENDING_AUTHORIZATION")).toHaveLength(2);
  });
});

describe("quotes of customers outside SCA regions", () => {
  it("execute runs at once; authorize and resend → 409", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const quote = await f.okQuote(await f.external(), 1_000);
    for (const path of ["authorize", "authorize/resend"]) {
      const res = await t.call("POST", `/quotes/${quote.id}/${path}`, { auth: f.auth, body: { code: "123456" } });
      expect([path, res.status, res.json.code]).toEqual([path, 409, "CONFLICT"]);
    }
    expect((await f.execute(quote.id)).json.status).toBe("COMPLETED");
    expect((await t.call("POST", `/quotes/${quote.id}/authorize`, { auth: f.auth, body: { code: "123456" } })).status).toBe(409);
  });

  it("a realtime quote answers 200 PENDING with its instructions", async () => {
    const f = await quotesFixture(t);
    const res = await f.createQuote({
      source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: f.customerId },
      destination: { destinationType: "ACCOUNT", accountId: await f.external() },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000,
    });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("PENDING");
    expect(res.json.paymentInstructions).toBeDefined();
    expect(res.json.scaChallenge).toBeUndefined();
  });

  it("unknown quote → 404 QUOTE_NOT_FOUND", async () => {
    const f = await quotesFixture(t);
    const res = await t.call("POST", "/quotes/Quote:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10/authorize", { auth: f.auth, body: { code: "123456" } });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("QUOTE_NOT_FOUND");
  });
});

describe("pull-source quotes of customers in SCA regions", () => {
  it("execute waits in PENDING_AUTHORIZATION with no balance asked for; authorized, the pull runs and credits the account", async () => {
    const f = await euFixture();
    const bank = await f.external();
    const created = await f.createQuote({ source: { sourceType: "ACCOUNT", accountId: bank }, destination: { destinationType: "ACCOUNT", accountId: f.accountId }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_200 });
    expect(created.status, created.text).toBe(200);
    const executed = await f.execute(created.json.id);
    expect(executed.status, executed.text).toBe(200);
    expect(executed.json).toMatchObject({ status: "PENDING_AUTHORIZATION", scaChallenge: { ...SCA_CHALLENGE, purpose: "TRANSFER" } });
    expect(await f.balance()).toEqual({ available: 0, total: 0 });

    const ok = await f.authorize(created.json.id);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.status).toBe("COMPLETED");
    expect(await f.balance()).toEqual({ available: 1_200, total: 1_200 });
    expect(await f.types(created.json.transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING_AUTHORIZATION", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED"]);
    expect((await f.getTransaction(created.json.transactionId)).source.railDetails).toMatchObject({ paymentRail: "ACH", status: "COMPLETED" });
  });

  it("immediatelyExecute answers 202; a failing pull (003) authorized ends FAILED ACCOUNT_INVALID with nothing moved", async () => {
    const f = await euFixture();
    const bank = await f.external({ suffix: "003" });
    const created = await f.createQuote({ source: { sourceType: "ACCOUNT", accountId: bank }, destination: { destinationType: "ACCOUNT", accountId: f.accountId }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_200, immediatelyExecute: true });
    expect(created.status, created.text).toBe(202);
    const ok = await f.authorize(created.json.id);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.status).toBe("FAILED");
    expect(await f.getTransaction(created.json.transactionId)).toMatchObject({ status: "FAILED", failureReason: "ACCOUNT_INVALID" });
    expect(await f.types(created.json.transactionId)).toEqual(["OUTGOING_PAYMENT.PENDING_AUTHORIZATION", "OUTGOING_PAYMENT.FAILED"]);
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
  });
});
