import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES } from "../external-accounts/external-account-fixtures";
import { systemAccountBalance } from "../ledger/system-account-balance";
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

/**
 * A platform that approves every incoming payment (200), whose customer holds 500 USD cents and
 * has a default UMA deposit account whose number ends in `suffix` (BEHAVIORS.md §4.1).
 */
async function customerWithDepositAccount(suffix: string, currency = "USD", answer: PlatformAnswer = { status: 200 }) {
  const endpoint = await startPlatformEndpoint(() => answer);
  endpoints.push(endpoint);
  const f = await incomingFixture(t, { endpoint: endpoint.url });
  const example = currency === "USD" ? EXAMPLES.USD_ACCOUNT! : EXAMPLES.EUR_ACCOUNT!;
  const accountInfo = currency === "USD" ? { ...example.accountInfo, accountNumber: `000123456${suffix}` } : example.accountInfo;
  const created = await t.call("POST", "/customers/external-accounts", { auth: f.auth, body: { customerId: f.customerId, currency, accountInfo, defaultUmaDepositAccount: true } });
  if (created.status !== 201) throw new Error(`external account not created: ${created.text}`);
  const funded = await t.call("POST", `/sandbox/internal-accounts/${f.accountId}/fund`, { auth: f.auth, body: { amount: 500 } });
  if (funded.status !== 200) throw new Error(`funding failed: ${funded.text}`);
  const balances = async () => ({
    customer: await f.balance(),
    clearing: await systemAccountBalance(t.db, f.platformId, "SERVICE_CLEARING", "USD"),
    fees: await systemAccountBalance(t.db, f.platformId, "SERVICE_FEES", "USD"),
  });
  return { ...f, depositAccountId: created.json.id as string, before: await balances(), balances };
}

describe("incoming UMA payment to a customer with a default UMA deposit account (BEHAVIORS.md §1.4, §3.3)", () => {
  it("lands in the default deposit account: COMPLETED, destination the external account, the internal balance unchanged and no BALANCE_UPDATED", async () => {
    const f = await customerWithDepositAccount("055");
    const res = await f.receive({ receivingCurrencyAmount: 1_000 });
    expect(res.status).toBe(200);
    expect(IncomingTransactionSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({
      status: "COMPLETED",
      destination: { destinationType: "ACCOUNT", accountId: f.depositAccountId, currency: "USD" },
      receivedAmount: { amount: 1_000, currency: { code: "USD" } },
      settledAt: expect.any(String),
    });
    expect(await f.balances()).toEqual(f.before);
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.COMPLETED"]);
    // The only balance event is the funding's.
    expect((await f.allEvents()).filter((e) => e.type === "INTERNAL_ACCOUNT.BALANCE_UPDATED")).toHaveLength(1);
    // GET /transactions finds it by the account where the funds landed.
    const listed = await t.call("GET", `/transactions?accountIdentifier=${encodeURIComponent(f.depositAccountId)}`, { auth: f.auth });
    expect(listed.json.data.map((x: { id: string }) => x.id)).toEqual([res.json.id]);
  });

  it("002: the payout fails, so FAILED OFFRAMP_FAILED and refunded to the sender: FAILED, REFUND_PENDING, then REFUND_COMPLETED 2 s later; balances end where they began", async () => {
    const f = await customerWithDepositAccount("002");
    // A EUR sender pays a fee in USD (0.5 %), which the refund gives back too.
    const res = await f.receive({ senderUmaAddress: "$success.eur@sandbox.uma.money", receivingCurrencyAmount: 1_000 });
    expect(res.json).toMatchObject({
      status: "FAILED",
      failureReason: "OFFRAMP_FAILED",
      fees: 5,
      destination: { destinationType: "ACCOUNT", accountId: f.depositAccountId },
      refund: { status: "PENDING", reason: "TRANSACTION_FAILED", reference: `${res.json.reconciliationInstructions.reference}-REFUND` },
    });
    expect((await f.balances()).customer).toBe(500);
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED", "INCOMING_PAYMENT.REFUND_PENDING"]);

    await f.advance(2);
    const after = await f.getTransaction(res.json.id);
    expect(after).toMatchObject({ status: "FAILED", failureReason: "OFFRAMP_FAILED", refund: { status: "COMPLETED", settledAt: expect.any(String) } });
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED", "INCOMING_PAYMENT.REFUND_PENDING", "INCOMING_PAYMENT.REFUND_COMPLETED"]);
    expect(await f.balances()).toEqual(f.before);
  });

  it("007: the payout and its refund fail: REFUND_FAILED, the money waits in clearing, the customer keeps nothing", async () => {
    const f = await customerWithDepositAccount("007");
    const res = await f.receive({ receivingCurrencyAmount: 1_000 });
    expect(res.json).toMatchObject({ status: "FAILED", failureReason: "OFFRAMP_FAILED", refund: { status: "PENDING" } });
    await f.advance(2);
    expect(await f.getTransaction(res.json.id)).toMatchObject({ status: "FAILED", refund: { status: "FAILED" } });
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED", "INCOMING_PAYMENT.REFUND_PENDING", "INCOMING_PAYMENT.REFUND_FAILED"]);
    expect((await f.balances()).customer).toBe(500);
  });

  it("003: the payout stays PROCESSING for about 6 minutes, then COMPLETED", async () => {
    const f = await customerWithDepositAccount("003");
    const res = await f.receive({ receivingCurrencyAmount: 1_000 });
    expect(res.json.status).toBe("PROCESSING");
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING"]);
    await f.advance(360);
    expect(await f.getTransaction(res.json.id)).toMatchObject({ status: "COMPLETED", settledAt: expect.any(String) });
    expect(await f.eventTypesFor(res.json.id)).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.COMPLETED"]);
    expect(await f.balances()).toEqual(f.before);
  });

  it("005: the payout completes, then is returned: FAILED PAYOUT_RETURNED and refunded to the sender", async () => {
    const f = await customerWithDepositAccount("005");
    const res = await f.receive({ receivingCurrencyAmount: 1_000 });
    expect(res.json.status).toBe("COMPLETED");
    await f.advance(60);
    expect(await f.getTransaction(res.json.id)).toMatchObject({ status: "FAILED", failureReason: "PAYOUT_RETURNED", refund: { status: "PENDING" } });
    await f.advance(2);
    expect(await f.eventTypesFor(res.json.id)).toEqual([
      "INCOMING_PAYMENT.PENDING",
      "INCOMING_PAYMENT.COMPLETED",
      "INCOMING_PAYMENT.FAILED",
      "INCOMING_PAYMENT.REFUND_PENDING",
      "INCOMING_PAYMENT.REFUND_COMPLETED",
    ]);
    expect(await f.balances()).toEqual(f.before);
  });

  it("an approval after a 202 pays out the same way: POST /transactions/{id}/approve answers FAILED OFFRAMP_FAILED with the refund PENDING", async () => {
    const f = await customerWithDepositAccount("002", "USD", { status: 202 });
    const pending = await f.receive({ receivingCurrencyAmount: 1_000 });
    expect(pending.json.status).toBe("PENDING");
    const approved = await f.approve(pending.json.id);
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ status: "FAILED", failureReason: "OFFRAMP_FAILED", refund: { status: "PENDING" } });
    await f.advance(2);
    expect(await f.getTransaction(pending.json.id)).toMatchObject({ refund: { status: "COMPLETED" } });
    expect(await f.balances()).toEqual(f.before);
  });

  it("a default deposit account in another currency leaves the funds in the internal account (the sandbox converts no payout)", async () => {
    const f = await customerWithDepositAccount("", "EUR");
    const res = await f.receive({ receivingCurrencyAmount: 1_000 });
    expect(res.json).toMatchObject({ status: "COMPLETED", destination: { destinationType: "ACCOUNT", accountId: f.accountId } });
    expect((await f.balances()).customer).toBe(1_500);
  });
});
