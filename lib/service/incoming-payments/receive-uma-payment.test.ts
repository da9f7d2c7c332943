import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "../jobs/run-jobs";
import { systemAccountBalance } from "../ledger/system-account-balance";
import { verifyWebhookSignature } from "../crypto/webhook-signature";
import { createTestApp, type TestApp } from "../testing/test-app";
import { IncomingTransactionSchema } from "../transactions/schemas";
import { incomingFixture, startPlatformEndpoint, type PlatformAnswer } from "./incoming-fixtures";

let t: TestApp;
const endpoints: Awaited<ReturnType<typeof startPlatformEndpoint>>[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const e of endpoints.splice(0)) await e.close();
});
afterAll(() => t.close());

/** A platform whose endpoint answers approval requests with `answer`. */
async function platformAnswering(answer: PlatformAnswer | ((n: number) => PlatformAnswer), options: { isMissingBirthDate?: boolean } = {}) {
  let n = 0;
  const endpoint = await startPlatformEndpoint(() => (typeof answer === "function" ? answer(++n) : answer));
  endpoints.push(endpoint);
  const f = await incomingFixture(t, { endpoint: endpoint.url, ...options });
  return { ...f, endpoint };
}

describe("POST /sandbox/uma/receive: the platform answers 200", () => {
  it("completes and credits the payment: the INCOMING transaction with counterparty, reference, fees and rateDetails", async () => {
    const f = await platformAnswering({ status: 200 });
    const res = await f.receive({ receivingCurrencyAmount: 12_345 });
    expect(res.status).toBe(200);
    expect(IncomingTransactionSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({
      status: "COMPLETED",
      type: "INCOMING",
      direction: "CREDIT",
      customerId: f.customerId,
      source: { sourceType: "UMA_ADDRESS", umaAddress: "$success.usd@sandbox.uma.money", currency: "USD" },
      destination: { destinationType: "ACCOUNT", accountId: f.accountId, currency: "USD" },
      receivedAmount: { amount: 12_345, currency: { code: "USD" } },
      sentAmount: { amount: 12_345, currency: { code: "USD" } },
      fees: 0,
      counterpartyInformation: { FULL_NAME: "Sandbox Sender USD", NATIONALITY: "US" },
      reconciliationInstructions: { reference: expect.stringMatching(/^TX/) },
      rateDetails: { serviceApiMultiplier: 1, serviceApiFixedFee: 0, serviceApiVariableFeeRate: 0, serviceApiVariableFeeAmount: 0 },
      settledAt: expect.any(String),
    });
    expect(res.json).not.toHaveProperty("failureReason");
    expect(await f.balance()).toBe(12_345);
  });

  it("sends one signed INCOMING_PAYMENT.PENDING approval request carrying the PENDING transaction and requestedReceiverCustomerInfoFields", async () => {
    const f = await platformAnswering({ status: 200 });
    const res = await f.receive();
    const requests = f.endpoint.approvalRequests();
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.json).toMatchObject({ id: expect.stringMatching(/^Webhook:/), type: "INCOMING_PAYMENT.PENDING", timestamp: expect.any(String) });
    expect(request.json.data).toMatchObject({ id: res.json.id, status: "PENDING", type: "INCOMING", receivedAmount: { amount: 10_000 }, requestedReceiverCustomerInfoFields: [] });
    expect(request.json.data).not.toHaveProperty("settledAt");
    const platform = await t.db.platform.findUniqueOrThrow({ where: { id: f.platformId } });
    expect(verifyWebhookSignature(request.body, request.signature!, platform.webhookPublicKeyPem)).toBe(true);
    const event = await t.db.webhookEvent.findFirstOrThrow({ where: { platformId: f.platformId, type: "INCOMING_PAYMENT.PENDING" }, include: { attempts: true } });
    expect(event).toMatchObject({ deliveryStatus: "DELIVERED", attemptCount: 1 });
    expect(event.attempts).toHaveLength(1);
    expect(event.attempts[0]).toMatchObject({ responseStatus: 200 });
  });

  it("writes INCOMING_PAYMENT.PENDING, INCOMING_PAYMENT.COMPLETED, then INTERNAL_ACCOUNT.BALANCE_UPDATED, and never redelivers the approval request", async () => {
    const f = await platformAnswering({ status: 200 });
    const res = await f.receive();
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.COMPLETED"]);
    const events = await f.allEvents();
    expect(events.map((e) => e.type)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.COMPLETED", "INTERNAL_ACCOUNT.BALANCE_UPDATED"]);
    expect(events[1]!.json.data).toEqual(res.json);
    expect(events[2]!.json.data).toMatchObject({ id: f.accountId, balance: { amount: 10_000 } });
    await runDueJobs(t.db, { platformId: f.platformId }); // the worker delivers the outbox events; the approval request is not among them
    expect(f.endpoint.approvalRequests()).toHaveLength(1);
    expect(f.endpoint.received.map((r) => r.type).sort()).toEqual(["INCOMING_PAYMENT.COMPLETED", "INCOMING_PAYMENT.PENDING", "INTERNAL_ACCOUNT.BALANCE_UPDATED"]);
  });

  it("converts a EUR sender's payment: 0.5 % fee in receiving units, the sender pays received + fee at the corridor rate, rounded up", async () => {
    const f = await platformAnswering({ status: 200 });
    const res = await f.receive({ senderUmaAddress: "$success.eur@sandbox.uma.money", receivingCurrencyAmount: 10_000 });
    // fee = 10000 × 0.005 = 50 USD cents; EUR per USD = 1/1.08 = 0.925925926 (9 digits, rounded up); S = ceil(10050 × 0.925925926) = 9306
    expect(res.json).toMatchObject({
      status: "COMPLETED",
      receivedAmount: { amount: 10_000 },
      fees: 50,
      sentAmount: { amount: 9_306, currency: { code: "EUR" } },
      exchangeRate: 0.925925926,
      rateDetails: { serviceApiFixedFee: 0, serviceApiVariableFeeRate: 0.005, serviceApiVariableFeeAmount: 50 },
    });
    expect(res.json.rateDetails.serviceApiMultiplier).toBeCloseTo(0.995 * 1.08, 6);
    expect(await f.balance()).toBe(10_000);
    expect(await systemAccountBalance(t.db, f.platformId, "SERVICE_FEES", "USD")).toBe(50n);
    expect(await systemAccountBalance(t.db, f.platformId, "SERVICE_CLEARING", "USD")).toBe(-10_050n);
  });

  it("asks for the receiver's missing BIRTH_DATE (mandatory) and fails MISSING_MANDATORY_PAYEE_DATA when the 200 lacks it", async () => {
    const f = await platformAnswering({ status: 200, body: {} }, { isMissingBirthDate: true });
    const res = await f.receive();
    expect(f.endpoint.approvalRequests()[0]!.json.data.requestedReceiverCustomerInfoFields).toEqual([{ name: "BIRTH_DATE", mandatory: true }]);
    expect(res.json).toMatchObject({ status: "FAILED", failureReason: "MISSING_MANDATORY_PAYEE_DATA" });
    expect(await f.balance()).toBe(0);
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED"]);
  });

  it("completes when the 200 carries the mandatory receiverCustomerInfo", async () => {
    const f = await platformAnswering({ status: 200, body: { receiverCustomerInfo: { BIRTH_DATE: "1980-12-09" } } }, { isMissingBirthDate: true });
    const res = await f.receive();
    expect(res.json.status).toBe("COMPLETED");
    expect(await f.balance()).toBe(10_000);
  });
});

describe("POST /sandbox/uma/receive: other answers", () => {
  it("403 rejects: REJECTED with INCOMING_PAYMENT.FAILED, nothing credited", async () => {
    const f = await platformAnswering({ status: 403, body: { status: 403, code: "FORBIDDEN", message: "no", reason: "sanctions" } });
    const res = await f.receive();
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("REJECTED");
    expect(res.json).not.toHaveProperty("failureReason");
    expect(await f.balance()).toBe(0);
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED"]);
    // the answer's reason is kept where the reject operation's description says (walk-money M13)
    const history = await t.call("GET", `/transactions/${res.json.id}/status-history`, { auth: f.auth });
    expect(history.json.data.at(-1)).toMatchObject({ status: "REJECTED", note: expect.stringContaining("sanctions") });
  });

  it("422 fails with MISSING_MANDATORY_PAYEE_DATA", async () => {
    const f = await platformAnswering({ status: 422, body: { status: 422, code: "MORE_INFO", message: "more", requiredFields: ["BIRTH_DATE"] } });
    const res = await f.receive();
    expect(res.json).toMatchObject({ status: "FAILED", failureReason: "MISSING_MANDATORY_PAYEE_DATA" });
    expect(await f.balance()).toBe(0);
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED"]);
  });

  it.each([500, 503, 400])("HTTP %i fails with PAYMENT_APPROVAL_WEBHOOK_ERROR and is not retried", async (status) => {
    const f = await platformAnswering({ status });
    const res = await f.receive();
    expect(res.json).toMatchObject({ status: "FAILED", failureReason: "PAYMENT_APPROVAL_WEBHOOK_ERROR" });
    expect(await f.balance()).toBe(0);
    await f.advance(3600);
    expect(f.endpoint.approvalRequests()).toHaveLength(1);
    const event = await t.db.webhookEvent.findFirstOrThrow({ where: { platformId: f.platformId, type: "INCOMING_PAYMENT.PENDING" } });
    expect(event).toMatchObject({ deliveryStatus: "FAILED", attemptCount: 1 });
  });

  it("no webhook endpoint fails with PAYMENT_APPROVAL_WEBHOOK_ERROR", async () => {
    const f = await incomingFixture(t, { endpoint: null });
    const res = await f.receive();
    expect(res.json).toMatchObject({ status: "FAILED", failureReason: "PAYMENT_APPROVAL_WEBHOOK_ERROR" });
    expect(await f.balance()).toBe(0);
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED"]);
  });

  it("an endpoint that does not answer in time fails the payment with PAYMENT_APPROVAL_WEBHOOK_ERROR", async () => {
    const previous = process.env.WEBHOOK_TIMEOUT_MS;
    process.env.WEBHOOK_TIMEOUT_MS = "300";
    try {
      const f = await platformAnswering("hang");
      const res = await f.receive();
      expect(res.json).toMatchObject({ status: "FAILED", failureReason: "PAYMENT_APPROVAL_WEBHOOK_ERROR" });
      expect(await f.balance()).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.WEBHOOK_TIMEOUT_MS;
      else process.env.WEBHOOK_TIMEOUT_MS = previous;
    }
  });
});

describe("POST /sandbox/uma/receive: 202, then decide within 5 s", () => {
  it("stays PENDING; approve then completes and credits it (events PENDING, COMPLETED, BALANCE_UPDATED)", async () => {
    const f = await platformAnswering({ status: 202 });
    const res = await f.receive();
    expect(res.json).toMatchObject({ status: "PENDING" });
    expect(await f.balance()).toBe(0);
    await f.advance(4);
    const approved = await f.approve(res.json.id);
    expect(approved.status).toBe(200);
    expect(IncomingTransactionSchema.safeParse(approved.json).success).toBe(true);
    expect(approved.json).toMatchObject({ id: res.json.id, status: "COMPLETED", settledAt: expect.any(String) });
    expect(await f.balance()).toBe(10_000);
    expect((await f.allEvents()).map((e) => e.type)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.COMPLETED", "INTERNAL_ACCOUNT.BALANCE_UPDATED"]);
    await f.advance(60); // the timeout job finds nothing to do
    expect((await f.getTransaction(res.json.id)).status).toBe("COMPLETED");
    expect((await f.approve(res.json.id)).json.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");
  });

  it("reject makes it REJECTED with INCOMING_PAYMENT.FAILED", async () => {
    const f = await platformAnswering({ status: 202 });
    const res = await f.receive();
    const rejected = await f.reject(res.json.id, { reason: "customer unknown" });
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({ id: res.json.id, status: "REJECTED" });
    expect(await f.balance()).toBe(0);
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED"]);
    const history = await t.call("GET", `/transactions/${res.json.id}/status-history`, { auth: f.auth });
    expect(history.json.data.at(-1)).toMatchObject({ status: "REJECTED", note: expect.stringContaining("customer unknown") });
  });

  it("silence past 5 s fails it with PAYMENT_APPROVAL_TIMED_OUT; a late approve answers 409", async () => {
    const f = await platformAnswering({ status: 202 });
    const res = await f.receive();
    await f.advance(4);
    expect((await f.getTransaction(res.json.id)).status).toBe("PENDING");
    await f.advance(1);
    expect(await f.getTransaction(res.json.id)).toMatchObject({ status: "FAILED", failureReason: "PAYMENT_APPROVAL_TIMED_OUT" });
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED"]);
    const late = await f.approve(res.json.id);
    expect(late.status).toBe(409);
    expect(late.json.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");
    expect(await f.balance()).toBe(0);
  });

  it("approve after the account was frozen fails the payment with ACCOUNT_CANNOT_RECEIVE and credits nothing", async () => {
    const f = await platformAnswering({ status: 202 });
    const res = await f.receive();
    await t.db.internalAccount.update({ where: { id: f.accountId.replace("InternalAccount:", "") }, data: { status: "FROZEN" } });
    const approved = await f.approve(res.json.id);
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ status: "FAILED", failureReason: "ACCOUNT_CANNOT_RECEIVE" });
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED"]);
    const ledger = await t.db.ledgerAccount.findFirstOrThrow({ where: { platformId: f.platformId, internalAccountId: f.accountId.replace("InternalAccount:", "") } });
    expect(ledger.postedBalance).toBe(0n);
  });

  it("approve without a mandatory receiver field answers 400 MISSING_MANDATORY_USER_INFO and changes nothing; with it, completes", async () => {
    const f = await platformAnswering({ status: 202 }, { isMissingBirthDate: true });
    const res = await f.receive();
    const bare = await f.approve(res.json.id);
    expect(bare.status).toBe(400);
    expect(bare.json).toMatchObject({ code: "MISSING_MANDATORY_USER_INFO", details: { missingFields: ["BIRTH_DATE"] } });
    expect((await f.getTransaction(res.json.id)).status).toBe("PENDING");
    const ok = await f.approve(res.json.id, { receiverCustomerInfo: { BIRTH_DATE: "1980-12-09" } });
    expect(ok.status).toBe(200);
    expect(ok.json.status).toBe("COMPLETED");
  });
});

describe("POST /sandbox/uma/receive: a decision made while the request is in flight", () => {
  it("a reject made before the endpoint answers wins: the later 200 is ignored and nothing is credited", async () => {
    const platform: { f?: Awaited<ReturnType<typeof incomingFixture>> } = {};
    const endpoint = await startPlatformEndpoint(async (request) => {
      const rejected = await platform.f!.reject(request.data.id as string, { reason: "decided in-flight" });
      expect(rejected.json.status).toBe("REJECTED");
      return { status: 200 };
    });
    endpoints.push(endpoint);
    const f = (platform.f = await incomingFixture(t, { endpoint: endpoint.url }));
    const res = await f.receive();
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("REJECTED");
    expect(await f.balance()).toBe(0);
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED"]);
  });
});

describe("POST /sandbox/uma/receive: sandbox counterparties that do not ask the platform", () => {
  it("$fail.compliance.usd fails with COMPLIANCE_REJECTED and INCOMING_PAYMENT.FAILED", async () => {
    const f = await platformAnswering({ status: 200 });
    const res = await f.receive({ senderUmaAddress: "$fail.compliance.usd@sandbox.uma.money" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "FAILED", failureReason: "COMPLIANCE_REJECTED" });
    expect(f.endpoint.received).toHaveLength(0);
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.FAILED"]);
    expect(await f.balance()).toBe(0);
  });

  it("$pending.long.usd stays PENDING under COMPLIANCE_REVIEW; approve and reject answer 409", async () => {
    const f = await platformAnswering({ status: 200 });
    const res = await f.receive({ senderUmaAddress: "$pending.long.usd@sandbox.uma.money" });
    expect(res.json).toMatchObject({ status: "PENDING", pendingReason: "COMPLIANCE_REVIEW" });
    expect(f.endpoint.received).toHaveLength(0);
    await f.advance(3600);
    expect((await f.getTransaction(res.json.id)).status).toBe("PENDING");
    for (const call of [f.approve, f.reject]) {
      const refused = await call(res.json.id);
      expect(refused.status).toBe(409);
      expect(refused.json.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");
    }
  });
});

describe("POST /sandbox/uma/receive refusals", () => {
  it("answers 400 INVALID_INPUT listing every invalid field", async () => {
    const f = await incomingFixture(t, { endpoint: null });
    const res = await t.call("POST", "/sandbox/uma/receive", { auth: f.auth, body: { receivingCurrencyAmount: 0, receivingCurrencyCode: 7 } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["receivingCurrencyAmount", "receivingCurrencyCode", "senderUmaAddress"]);
  });

  it("answers 400 INVALID_INPUT when no receiver is named, or two different ones", async () => {
    const f = await incomingFixture(t, { endpoint: null });
    const none = await f.receive({ customerId: undefined });
    expect(none.status).toBe(400);
    expect(none.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["customerId", "receiverUmaAddress"]);
    const other = await f.customer();
    const mismatch = await f.receive({ customerId: other.id, receiverUmaAddress: f.umaAddress });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.code).toBe("INVALID_INPUT");
  });

  it("finds the receiver by UMA address, case-insensitively", async () => {
    const f = await platformAnswering({ status: 200 });
    const res = await f.receive({ customerId: undefined, receiverUmaAddress: f.umaAddress.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "COMPLETED", customerId: f.customerId });
  });

  it.each([
    ["$nobody@elsewhere.example", 404, "USER_NOT_FOUND"],
    ["$nobody@sandbox.uma.money", 404, "UMA_NOT_FOUND"],
    ["not-an-address", 400, "INVALID_UMA_ADDRESS"],
  ])("sender %s answers %i %s", async (senderUmaAddress, status, code) => {
    const f = await incomingFixture(t, { endpoint: null });
    const res = await f.receive({ senderUmaAddress });
    expect(res.status).toBe(status);
    expect(res.json.code).toBe(code);
  });

  it("answers 404 UMA_NOT_FOUND for a receiver address no customer has, 404 USER_NOT_FOUND for an unknown customerId", async () => {
    const f = await incomingFixture(t, { endpoint: null });
    const byAddress = await f.receive({ customerId: undefined, receiverUmaAddress: "$nobody@customers.sandbox.uma.example" });
    expect([byAddress.status, byAddress.json.code]).toEqual([404, "UMA_NOT_FOUND"]);
    const byId = await f.receive({ customerId: "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" });
    expect([byId.status, byId.json.code]).toEqual([404, "USER_NOT_FOUND"]);
    const other = await incomingFixture(t, { endpoint: null });
    const foreign = await f.receive({ customerId: other.customerId });
    expect([foreign.status, foreign.json.code]).toEqual([404, "USER_NOT_FOUND"]);
  });

  it("answers 400 INVALID_CURRENCY when the customer holds no account in the currency, or the currency is unknown", async () => {
    const f = await incomingFixture(t, { endpoint: null });
    for (const receivingCurrencyCode of ["EUR", "XYZ"]) {
      const res = await f.receive({ receivingCurrencyCode });
      expect([res.status, res.json.code]).toEqual([400, "INVALID_CURRENCY"]);
    }
  });

  it("answers 400 AMOUNT_OUT_OF_RANGE above the platform's maxAmount for the currency", async () => {
    const f = await incomingFixture(t, { endpoint: null });
    const res = await f.receive({ receivingCurrencyAmount: 1_000_000_001 });
    expect([res.status, res.json.code]).toEqual([400, "AMOUNT_OUT_OF_RANGE"]);
  });

  it("answers 400 INVALID_CURRENCY for a currency the platform enables without INCOMING (enabledTransactionTypes), and writes nothing", async () => {
    const f = await incomingFixture(t, { endpoint: null });
    const usd = { currencyCode: "USD", minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [] };
    const config = (enabledTransactionTypes: string[]) => t.call("PATCH", "/config", { auth: f.auth, body: { supportedCurrencies: [{ ...usd, enabledTransactionTypes }] } });
    expect((await config(["OUTGOING"])).status).toBe(200);
    const res = await f.receive();
    expect([res.status, res.json.code, res.json.details]).toEqual([400, "INVALID_CURRENCY", { currency: "USD", enabledTransactionTypes: ["OUTGOING"] }]);
    expect(res.json.message).toContain("add INCOMING to supportedCurrencies[].enabledTransactionTypes with PATCH /config");
    expect(await t.db.transaction.count({ where: { platformId: f.platformId } })).toBe(0);
    expect((await config(["INCOMING"])).status).toBe(200);
    expect((await f.receive()).status).toBe(200);
  });

  it("answers 409 CONFLICT when the receiving account cannot receive (FROZEN), and writes nothing", async () => {
    const f = await incomingFixture(t, { endpoint: null });
    await t.db.internalAccount.update({ where: { id: f.accountId.replace("InternalAccount:", "") }, data: { status: "FROZEN" } });
    const res = await f.receive();
    expect([res.status, res.json.code]).toEqual([409, "CONFLICT"]);
    expect(await t.db.transaction.count({ where: { platformId: f.platformId } })).toBe(0);
  });

  it("answers 403 for a production platform and for a token without TRANSACT", async () => {
    const f = await incomingFixture(t, { endpoint: null });
    const viewer = await f.tokenWith(["VIEW"]);
    const res = await t.call("POST", "/sandbox/uma/receive", { auth: viewer, body: { senderUmaAddress: "$success.usd@sandbox.uma.money", customerId: f.customerId, receivingCurrencyCode: "USD", receivingCurrencyAmount: 1 } });
    expect(res.status).toBe(403);
    await t.makeProduction(f.platformId);
    const production = await f.receive();
    expect(production.status).toBe(403);
  });
});
