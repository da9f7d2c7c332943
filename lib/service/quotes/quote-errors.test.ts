import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { internalAccountsFixture } from "../internal-accounts/internal-account-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { quotesFixture } from "./quote-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fieldsOf = (res: { json: { details?: { errors?: { field: string }[] } } }) => (res.json.details?.errors ?? []).map((e) => e.field);

describe("POST /quotes — refusals", () => {
  it("lockedCurrencyAmount outside 1…9×10^15, past 2^53 included, is one field error with the one limit; an amount that delivers nothing after fees is AMOUNT_OUT_OF_RANGE", async () => {
    const f = await quotesFixture(t);
    const usd = await f.external();
    for (const [amount, error] of [
      [0, { message: "must be at least 1", constraint: { minimum: 1 } }],
      [-5, { message: "must be at least 1", constraint: { minimum: 1 } }],
      [9_000_000_000_000_001, { message: "must be at most 9000000000000000", constraint: { maximum: 9_000_000_000_000_000 } }],
      [2 ** 53, { message: "must be at most 9000000000000000", constraint: { maximum: 9_000_000_000_000_000 } }],
    ] as const) {
      const res = await f.quote(usd, amount);
      expect([amount, res.status, res.json.code, res.json.details.errors]).toEqual([amount, 400, "INVALID_INPUT", [{ field: "lockedCurrencyAmount", ...error }]]);
    }
    const eur = await f.external({ currency: "EUR" });
    const tiny = await f.quote(eur, 1);
    expect([tiny.status, tiny.json.code]).toEqual([400, "AMOUNT_OUT_OF_RANGE"]);
  });

  it("SELF_PAYMENT when source and destination are the same account", async () => {
    const f = await quotesFixture(t);
    const res = await f.quote(f.accountId, 100);
    expect([res.status, res.json.code]).toEqual([400, "SELF_PAYMENT"]);
  });

  it("END_USER_TERMS_NOT_ACCEPTED for a customer of an unregulated platform without the terms on file", async () => {
    const f = await internalAccountsFixture(t);
    const { customerId, accountId } = await f.activeAccount("USD");
    await t.db.customerAgreementConsent.deleteMany({ where: { platformId: f.platformId } });
    const res = await t.call("POST", "/quotes", {
      auth: f.auth,
      body: { source: { sourceType: "ACCOUNT", accountId }, destination: { destinationType: "UMA_ADDRESS", umaAddress: "$success.usd@sandbox.uma.money", currency: "USD" }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 100 },
    });
    expect([res.status, res.json.code]).toEqual([403, "END_USER_TERMS_NOT_ACCEPTED"]);
    expect(res.json.message).toContain(customerId.replace("Customer:", ""));
  });

  it("a FROZEN source is refused like transfers (409 CONFLICT)", async () => {
    const f = await quotesFixture(t, { fund: 1_000 });
    const usd = await f.external();
    await t.db.internalAccount.update({ where: { id: f.accountId.replace("InternalAccount:", "") }, data: { status: "FROZEN" } });
    const res = await f.quote(usd, 100);
    expect([res.status, res.json.code]).toEqual([409, "CONFLICT"]);
    expect(res.json.details.accountStatus).toBe("FROZEN");
  });

  it("statementDescriptor: only on ACH (400 elsewhere), at most 10 characters; shown in the ACH railDetails", async () => {
    const f = await quotesFixture(t);
    const eur = await f.external({ currency: "EUR" });
    const sepa = await f.quote(eur, 1_000, { statementDescriptor: "ACME" });
    expect([sepa.status, sepa.json.code, fieldsOf(sepa)]).toEqual([400, "INVALID_INPUT", ["statementDescriptor"]]);
    const usd = await f.external();
    const long = await f.quote(usd, 1_000, { statementDescriptor: "ACME PAYROLL" });
    expect([long.status, fieldsOf(long)]).toEqual([400, ["statementDescriptor"]]);
    const ok = await f.quote(usd, 1_000, { statementDescriptor: "ACME" });
    expect(ok.status).toBe(200);
    expect((await f.getTransaction(ok.json.transactionId)).destination.railDetails).toMatchObject({ paymentRail: "ACH", statementDescriptor: "ACME" });
  });

  it("ACH_SAME_DAY only when named, capped at USD 1,000,000 per entry (10,000,000 from 2027-09-17 by the sandbox clock)", async () => {
    const f = await quotesFixture(t);
    const usd = await f.external();
    const sameDay = (amount: number) => f.createQuote({ source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "ACCOUNT", accountId: usd, paymentRail: "ACH_SAME_DAY" }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: amount });
    const atCap = await sameDay(100_000_000);
    expect(atCap.status).toBe(200);
    expect(atCap.json.destination).toMatchObject({ paymentRail: "ACH_SAME_DAY" });
    expect((await f.getTransaction(atCap.json.transactionId)).railSelectionMode).toBe("MANUAL");
    const over = await sameDay(100_000_001);
    expect([over.status, over.json.code]).toEqual([400, "TRANSACTION_SIZE_LIMIT_EXCEEDED"]);
    expect(over.json.message).toContain("ACH");
    // Automatic selection never picks ACH_SAME_DAY.
    expect((await f.quote(usd, 100_000_001)).json.destination.paymentRail).toBe("ACH");
    const clock = await t.call("GET", "/sandbox/clock", { auth: f.auth });
    const seconds = Math.ceil((Date.parse("2027-09-17T00:00:01Z") - Date.parse(clock.json.now)) / 1000);
    if (seconds > 0) await f.advanceSeconds(seconds);
    expect((await sameDay(100_000_001)).status).toBe(200);
    expect((await sameDay(1_000_000_001)).json.code).toBe("TRANSACTION_SIZE_LIMIT_EXCEEDED");
  });

  it("TRANSACTION_SIZE_LIMIT_EXCEEDED above USD 10,000,000 in value", async () => {
    const f = await quotesFixture(t);
    const eur = await f.external({ currency: "EUR" });
    expect((await f.quote(eur, 1_000_000_000)).status).toBe(200);
    const res = await f.quote(eur, 1_000_000_001);
    expect([res.status, res.json.code]).toEqual([400, "TRANSACTION_SIZE_LIMIT_EXCEEDED"]);
  });

  it("DAILY_VOLUME_LIMIT_EXCEEDED (429, Retry-After until the next UTC day) on quotes and on transfer-out, counting what was sent today", async () => {
    const f = await quotesFixture(t, { fund: 3_000_000_000 });
    const usd = await f.external();
    for (let i = 0; i < 2; i++) expect((await f.quote(usd, 1_000_000_000, { immediatelyExecute: true })).json.status).toBe("COMPLETED");
    const res = await f.quote(usd, 1_000_000_000);
    expect([res.status, res.json.code]).toEqual([429, "DAILY_VOLUME_LIMIT_EXCEEDED"]);
    // Over the size limit too: the size is what it is refused for (checked before the day's volume).
    expect((await f.quote(usd, 1_000_000_001, { immediatelyExecute: true })).json.code).toBe("TRANSACTION_SIZE_LIMIT_EXCEEDED");
    const clock = new Date((await t.call("GET", "/sandbox/clock", { auth: f.auth })).json.now);
    const untilMidnight = (Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate() + 1) - clock.getTime()) / 1000;
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(Math.abs(retryAfter - untilMidnight)).toBeLessThanOrEqual(2);
    const transfer = await f.out(usd, 600_000_000);
    expect([transfer.status, transfer.json.code]).toEqual([429, "DAILY_VOLUME_LIMIT_EXCEEDED"]);
    expect(transfer.headers.get("retry-after")).toEqual(expect.any(String));
    // Under the limit still passes, and the next UTC day starts afresh.
    expect((await f.out(usd, 400_000_000)).status).toBe(200);
    await f.advanceSeconds(retryAfter + 1);
    expect((await f.quote(usd, 1_000_000_000)).status).toBe(200);
  });

  it("DAILY_VOLUME_LIMIT_EXCEEDED holds under concurrency: of payments racing for the last room of the day, only those that fit go through", async () => {
    const f = await quotesFixture(t, { fund: 5_000_000_000 });
    const usd = await f.external();
    for (let i = 0; i < 2; i++) expect((await f.quote(usd, 1_000_000_000, { immediatelyExecute: true })).json.status).toBe("COMPLETED");
    // USD 5,000,000 of room left: one USD 4,000,000 payment fits, a second would exceed the limit.
    const raced = await Promise.all([
      f.out(usd, 400_000_000),
      f.out(usd, 400_000_000),
      f.quote(usd, 400_000_000, { immediatelyExecute: true }),
      f.quote(usd, 400_000_000, { immediatelyExecute: true }),
    ]);
    expect(raced.map((r) => r.status).sort(), raced.map((r) => r.text).join("\n")).toEqual([200, 429, 429, 429]);
    const sent = await t.db.transaction.aggregate({ where: { platformId: f.platformId, type: "OUTGOING", status: { in: ["PROCESSING", "COMPLETED"] } }, _sum: { sentAmount: true } });
    expect(sent._sum.sentAmount).toBe(2_400_000_000n);
    // The running totals agree, and each payment folded the earlier changes in: at most the last payment's change is left over.
    const totals = await t.db.dailyVolume.aggregate({ where: { platformId: f.platformId }, _sum: { amount: true } });
    const changes = await t.db.dailyVolumeChange.findMany({ where: { platformId: f.platformId } });
    expect(totals._sum.amount! + changes.reduce((sum, c) => sum + c.amount, 0n)).toBe(2_400_000_000n);
    expect(changes.length).toBeLessThanOrEqual(1);
  });

  it("counts a quote on the UTC day it is executed, not the day it was created: quotes made before midnight and run after share the new day's USD 25,000,000, and a failed one frees that day's room", async () => {
    const f = await quotesFixture(t, { fund: 6_000_000_000 });
    const usd = await f.external();
    const clock = new Date((await t.call("GET", "/sandbox/clock", { auth: f.auth })).json.now);
    await f.advanceSeconds(Math.ceil((Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate() + 1) - clock.getTime()) / 1000) - 240); // 23:56
    const failing = await f.okQuote(await f.external({ suffix: "004" }), 1_000_000_000);
    const quotes = [await f.okQuote(usd, 1_000_000_000), await f.okQuote(usd, 1_000_000_000), await f.okQuote(usd, 1_000_000_000)];
    await f.advanceSeconds(270); // 00:00:30, the quotes still valid
    expect((await f.execute(failing.id)).status).toBe(200);
    await f.advanceSeconds(2);
    expect((await f.getTransaction(failing.transactionId)).status).toBe("FAILED");
    const executed = [];
    for (const quote of quotes) executed.push(await f.execute(quote.id));
    expect(executed.map((r) => [r.status, r.json.code ?? r.json.status])).toEqual([[200, "COMPLETED"], [200, "COMPLETED"], [429, "DAILY_VOLUME_LIMIT_EXCEEDED"]]);
    expect(executed[2]!.json.message).toContain("has sent about USD 20000000 today");
    expect((await f.out(usd, 500_000_000)).status).toBe(200);
    const over = await f.out(usd, 1);
    expect([over.status, over.json.code]).toEqual([429, "DAILY_VOLUME_LIMIT_EXCEEDED"]);
  });

  it("platformFeeOverride: USD sources only, fixed fee in the sending currency, bps 0…10000, both fields required (400 INVALID_INPUT)", async () => {
    const f = await quotesFixture(t);
    const usd = await f.external();
    const body = (o: unknown) => ({ platformFeeOverride: o });
    const eurFee = await f.quote(usd, 1_000, body({ platformFixedFee: { amount: 10, currency: "EUR" }, platformVariableFeeBps: 10 }));
    expect([eurFee.status, eurFee.json.code, fieldsOf(eurFee)]).toEqual([400, "INVALID_INPUT", ["platformFeeOverride.platformFixedFee.currency"]]);
    const tooHigh = await f.quote(usd, 1_000, body({ platformFixedFee: { amount: 10, currency: "USD" }, platformVariableFeeBps: 10_001 }));
    expect([tooHigh.status, fieldsOf(tooHigh)]).toEqual([400, ["platformFeeOverride.platformVariableFeeBps"]]);
    const negative = await f.quote(usd, 1_000, body({ platformFixedFee: { amount: -1, currency: "USD" }, platformVariableFeeBps: 10 }));
    expect([negative.status, fieldsOf(negative)]).toEqual([400, ["platformFeeOverride.platformFixedFee.amount"]]);
    const partial = await f.quote(usd, 1_000, body({ platformVariableFeeBps: 10 }));
    expect([partial.status, fieldsOf(partial)]).toEqual([400, ["platformFeeOverride.platformFixedFee"]]);
    const wallet = (await f.accountsOf(f.customerId)).find((a) => a.type === "EMBEDDED_WALLET")!;
    const usdb = await f.createQuote({
      source: { sourceType: "ACCOUNT", accountId: wallet.id },
      destination: { destinationType: "ACCOUNT", accountId: usd },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000_000,
      platformFeeOverride: { platformFixedFee: { amount: 10, currency: "USDB" }, platformVariableFeeBps: 10 },
    });
    expect([usdb.status, fieldsOf(usdb)]).toEqual([400, ["platformFeeOverride"]]);
    // Same-currency with an override: the platform's fee comes off the amount.
    const ok = await f.quote(usd, 10_000, body({ platformFixedFee: { amount: 25, currency: "USD" }, platformVariableFeeBps: 100 }));
    expect(ok.json).toMatchObject({ feesIncluded: 125, platformFeesIncluded: 125, totalReceivingAmount: 9_875 });
  });

  it("UMA destinations: currency required and must be the counterparty's; unknown domain → USER_NOT_FOUND, unknown user → UMA_NOT_FOUND", async () => {
    const f = await quotesFixture(t);
    const uma = (destination: Record<string, unknown>) => f.createQuote({ source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "UMA_ADDRESS", ...destination }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_000 });
    const missing = await uma({ umaAddress: "$success.eur@sandbox.uma.money" });
    expect([missing.status, fieldsOf(missing)]).toEqual([400, ["destination.currency"]]);
    const wrong = await uma({ umaAddress: "$success.eur@sandbox.uma.money", currency: "USD" });
    expect([wrong.status, wrong.json.code]).toEqual([400, "INVALID_CURRENCY"]);
    expect((await uma({ umaAddress: "$alice@nowhere.example", currency: "USD" })).json.code).toBe("USER_NOT_FOUND");
    expect((await uma({ umaAddress: "$nobody@sandbox.uma.money", currency: "USD" })).json.code).toBe("UMA_NOT_FOUND");
  });

  it("destination rules: another customer's external account (400), unknown accounts (404), a paymentRail on an internal account (400)", async () => {
    const f = await quotesFixture(t);
    const other = await f.customer();
    const theirs = await f.external({ owner: other.id });
    expect(fieldsOf(await f.quote(theirs, 100))).toEqual(["destination.accountId"]);
    expect((await f.quote("ExternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", 100)).status).toBe(404);
    const usdc = (await f.accountsOf(f.customerId)).find((a) => a.balance.currency.code === "USDC")!;
    const railed = await f.createQuote({ source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "ACCOUNT", accountId: usdc.id, paymentRail: "ACH" }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 100 });
    expect(fieldsOf(railed)).toEqual(["destination.paymentRail"]);
  });

  it("a UMA destination needs a lookupId first (400 naming it and the lookup to call)", async () => {
    const f = await quotesFixture(t);
    const res = await t.call("POST", "/quotes", {
      auth: f.auth,
      body: { source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "UMA_ADDRESS", umaAddress: "$success.usd@sandbox.uma.money", currency: "USD" }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 100 },
    });
    expect([res.status, fieldsOf(res)]).toEqual([400, ["lookupId"]]);
    expect(res.json.message).toContain("GET /receiver/uma/");
  });

  it("counterparty failures: 502 COUNTERPARTY_SERVER_ERROR and 504 LOOKUP_REQUEST_FAILED at lookup, 504 QUOTE_REQUEST_FAILED and 502 INVALID_PAYREQ_RESPONSE at quote; nothing is created", async () => {
    const f = await quotesFixture(t);
    const lookup = (address: string) => t.call("GET", `/receiver/uma/${encodeURIComponent(address)}`, { auth: f.auth });
    const server = await lookup("$fail.server.usd@sandbox.uma.money");
    expect([server.status, server.json.code]).toEqual([502, "COUNTERPARTY_SERVER_ERROR"]);
    const timeout = await lookup("$fail.lookup.timeout.usd@sandbox.uma.money");
    expect([timeout.status, timeout.json.code]).toEqual([504, "LOOKUP_REQUEST_FAILED"]);
    expect(timeout.json.message).toContain("retry");
    const before = await t.db.quote.count({ where: { platformId: f.platformId } });
    for (const [address, status, code] of [["$fail.quote.timeout.usd@sandbox.uma.money", 504, "QUOTE_REQUEST_FAILED"], ["$fail.payreq.usd@sandbox.uma.money", 502, "INVALID_PAYREQ_RESPONSE"]] as const) {
      const found = await lookup(address);
      expect(found.status).toBe(200);
      const res = await f.createQuote({ lookupId: found.json.lookupId, source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "UMA_ADDRESS", umaAddress: address, currency: "USD" }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 100 });
      expect([res.status, res.json.code]).toEqual([status, code]);
    }
    expect(await t.db.quote.count({ where: { platformId: f.platformId } })).toBe(before);
  });

  it("lookupId: unknown → 404 LOOKUP_REQUEST_NOT_FOUND; one made for this receiver is accepted", async () => {
    const f = await quotesFixture(t);
    const body = (lookupId: string) => ({ lookupId, source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "UMA_ADDRESS", umaAddress: "$success.usd@sandbox.uma.money", currency: "USD" }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 100 });
    const unknown = await f.createQuote(body("Lookup:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10"));
    expect([unknown.status, unknown.json.code]).toEqual([404, "LOOKUP_REQUEST_NOT_FOUND"]);
    const lookup = await t.call("GET", `/receiver/uma/${encodeURIComponent("$success.usd@sandbox.uma.money")}?customerId=${f.customerId}`, { auth: f.auth });
    expect((await f.createQuote(body(lookup.json.lookupId))).status).toBe(200);
  });
});
