import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { transfersFixture } from "../transfers/transfer-fixtures";
import { AgentActionSchema } from "./schemas";

let t: TestApp;
let f: Awaited<ReturnType<typeof transfersFixture>>;
let payee: string;

const BASE_POLICY = {
  permissions: ["VIEW_TRANSACTIONS", "CREATE_TRANSFERS"],
  defaultExecutionMode: "AUTO",
  spendingLimits: { currency: "USD", perTransactionLimit: 10_000, dailyLimit: 25_000, dailyTransactionLimit: 5, monthlyLimit: 100_000 },
};

beforeAll(async () => {
  t = await createTestApp();
  f = await transfersFixture(t);
  payee = await f.externalAccount();
  expect((await f.fund(f.accountId, 1_000_000)).status).toBe(200);
});
afterAll(() => t.close());

/** A connected agent for the fixture's customer and its `Bearer …` header. */
async function installAgent(policy: Record<string, unknown> = BASE_POLICY, customerId = f.customerId) {
  const created = await t.call("POST", "/agents", { auth: f.auth, body: { name: "Payer", customerId, policy } });
  expect(created.status, created.text).toBe(201);
  const redeemed = await t.call("POST", `/agents/device-codes/${created.json.deviceCode.code}/redeem`);
  return { agentId: created.json.agent.id as string, bearer: `Bearer ${redeemed.json.accessToken as string}` };
}

const transferOut = (bearer: string, amount: number, destination = payee, source = f.accountId) =>
  t.call("POST", "/agents/me/transfer-out", { auth: bearer, body: { source: { accountId: source }, destination: { accountId: destination }, amount } });

describe("agent transfers in AUTO mode", () => {
  it("a transfer within the policy runs at once: APPROVED with its COMPLETED transaction carrying agentId, and usage counts it", async () => {
    const { agentId, bearer } = await installAgent();
    const before = await f.balance();
    const res = await transferOut(bearer, 2_500);
    expect(res.status, res.text).toBe(201);
    expect(AgentActionSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({
      agentId,
      customerId: f.customerId,
      type: "TRANSFER_OUT",
      status: "APPROVED",
      transferDetails: { amount: 2_500, currency: "USD", sourceAccountId: f.accountId, destinationAccountId: payee },
      transaction: { status: "COMPLETED", agentId },
    });
    expect(res.json.id).toMatch(/^AgentAction:/);
    expect((await f.balance()).available).toBe(before.available - 2_500);
    const transaction = await f.getTransaction(res.json.transaction.id);
    expect(transaction.agentId).toBe(agentId);

    const me = await t.call("GET", "/agents/me", { auth: bearer });
    expect(me.json.usage).toMatchObject({ dailyTransactionCount: 1, dailySpend: 2_500, monthlySpend: 2_500 });
    const mine = await t.call("GET", "/agents/me/actions", { auth: bearer });
    expect(mine.json.data.map((a: { id: string }) => a.id)).toEqual([res.json.id]);
    const one = await t.call("GET", `/agents/me/actions/${res.json.id}`, { auth: bearer });
    expect(one.json).toEqual(res.json);
  });

  it("transfer-in needs no spending room but counts as an action", async () => {
    const { bearer } = await installAgent({ ...BASE_POLICY, spendingLimits: { currency: "USD", perTransactionLimit: 1, dailyTransactionLimit: 1 } });
    const pull = await t.call("POST", "/agents/me/transfer-in", { auth: bearer, body: { source: { accountId: payee }, destination: { accountId: f.accountId }, amount: 700 } });
    expect(pull.status, pull.text).toBe(201);
    expect(pull.json).toMatchObject({ type: "TRANSFER_IN", status: "APPROVED", transaction: { type: "INCOMING", status: "COMPLETED" } });
    const second = await t.call("POST", "/agents/me/transfer-in", { auth: bearer, body: { source: { accountId: payee }, destination: { accountId: f.accountId }, amount: 700 } });
    expect(second.status).toBe(403);
    expect(second.json.details.policyRule).toBe("DAILY_TRANSACTION_LIMIT");
  });

  it("transfer-in is not spend: usage shows no spend and later transfer-outs keep the whole daily limit", async () => {
    const { bearer } = await installAgent({ ...BASE_POLICY, spendingLimits: { currency: "USD", perTransactionLimit: 10_000, dailyLimit: 1_000 } });
    const pull = await t.call("POST", "/agents/me/transfer-in", { auth: bearer, body: { source: { accountId: payee }, destination: { accountId: f.accountId }, amount: 800 } });
    expect([pull.status, pull.json.status]).toEqual([201, "APPROVED"]);
    expect((await t.call("GET", "/agents/me", { auth: bearer })).json.usage).toMatchObject({ dailyTransactionCount: 1, dailySpend: 0, monthlySpend: 0 });

    expect((await transferOut(bearer, 300)).status).toBe(201);
    expect((await t.call("GET", "/agents/me", { auth: bearer })).json.usage).toMatchObject({ dailyTransactionCount: 2, dailySpend: 300, monthlySpend: 300 });
    const over = await transferOut(bearer, 701);
    expect(over.status).toBe(403);
    expect(over.json.details).toMatchObject({ policyRule: "DAILY_LIMIT", used: 300, amount: 701 });
    expect((await transferOut(bearer, 700)).status).toBe(201);
  });

  it("a transfer-in recorded with a spend amount (before transfer-ins stopped counting) still counts as no spend", async () => {
    const { bearer } = await installAgent({ ...BASE_POLICY, spendingLimits: { currency: "USD", perTransactionLimit: 10_000, dailyLimit: 1_000 } });
    const pull = await t.call("POST", "/agents/me/transfer-in", { auth: bearer, body: { source: { accountId: payee }, destination: { accountId: f.accountId }, amount: 800 } });
    await t.db.agentAction.update({ where: { id: pull.json.id.replace("AgentAction:", "") }, data: { spendAmount: 800n } });
    expect((await t.call("GET", "/agents/me", { auth: bearer })).json.usage).toMatchObject({ dailySpend: 0, monthlySpend: 0 });
    expect((await transferOut(bearer, 1_000)).status).toBe(201);
  });
});

describe("policy rules", () => {
  it("per-transaction limit: at the limit passes, one above is refused with 403 and nothing moves", async () => {
    const { bearer } = await installAgent();
    expect((await transferOut(bearer, 10_000)).status).toBe(201);
    const before = await f.balance();
    const over = await transferOut(bearer, 10_001);
    expect(over.status).toBe(403);
    expect(over.json).toMatchObject({ code: "FORBIDDEN", details: { policyRule: "PER_TRANSACTION_LIMIT", limit: 10_000 } });
    expect(over.json.message).toContain("10000");
    expect((await f.balance()).available).toBe(before.available);
  });

  it("an account rule's per-transaction limit overrides the policy's", async () => {
    const policy = { ...BASE_POLICY, accountRestrictions: { accountRules: [{ accountId: f.accountId, perTransactionLimit: 500 }] } };
    const { bearer } = await installAgent(policy);
    expect((await transferOut(bearer, 500)).status).toBe(201);
    const over = await transferOut(bearer, 501);
    expect(over.status).toBe(403);
    expect(over.json.details).toMatchObject({ policyRule: "PER_TRANSACTION_LIMIT", limit: 500 });
  });

  it("daily limit: spending up to it passes, across it is refused naming what is left; the next UTC day starts afresh", async () => {
    const { bearer } = await installAgent({ ...BASE_POLICY, spendingLimits: { currency: "USD", perTransactionLimit: 10_000, dailyLimit: 15_000 } });
    expect((await transferOut(bearer, 10_000)).status).toBe(201);
    expect((await transferOut(bearer, 5_000)).status).toBe(201);
    const over = await transferOut(bearer, 1);
    expect(over.status).toBe(403);
    expect(over.json.details).toMatchObject({ policyRule: "DAILY_LIMIT", limit: 15_000, used: 15_000 });
    expect(over.json.message).toContain("0 is left");
    await f.advance(24 * 3600);
    expect((await transferOut(bearer, 1)).status).toBe(201);
  });

  it("monthly limit and daily action count are enforced", async () => {
    const monthly = await installAgent({ ...BASE_POLICY, spendingLimits: { currency: "USD", perTransactionLimit: 10_000, monthlyLimit: 3_000 } });
    expect((await transferOut(monthly.bearer, 3_000)).status).toBe(201);
    const overMonth = await transferOut(monthly.bearer, 1);
    expect(overMonth.json.details.policyRule).toBe("MONTHLY_LIMIT");
    expect(overMonth.json.message).toContain("this month (UTC)");
    const counted = await installAgent({ ...BASE_POLICY, spendingLimits: { currency: "USD", perTransactionLimit: 10_000, dailyTransactionLimit: 2 } });
    expect((await transferOut(counted.bearer, 1)).status).toBe(201);
    expect((await transferOut(counted.bearer, 1)).status).toBe(201);
    const third = await transferOut(counted.bearer, 1);
    expect(third.status).toBe(403);
    expect(third.json.details).toMatchObject({ policyRule: "DAILY_TRANSACTION_LIMIT", limit: 2, used: 2 });
  });

  it("limits in another currency convert at the sandbox rate", async () => {
    // 1 EUR is worth more than 1 USD in the sandbox table: a 100.00 USD transfer is under 100.00 EUR.
    const { bearer } = await installAgent({ ...BASE_POLICY, spendingLimits: { currency: "EUR", perTransactionLimit: 10_000 } });
    expect((await transferOut(bearer, 10_000)).status).toBe(201);
    const me = await t.call("GET", "/agents/me", { auth: bearer });
    expect(me.json.usage.dailySpend).toBeGreaterThan(0);
    expect(me.json.usage.dailySpend).toBeLessThan(10_000);
  });

  it("a missing permission and an account outside allowedAccountIds → 403; another customer's account → 404", async () => {
    const noTransfers = await installAgent({ ...BASE_POLICY, permissions: ["VIEW_TRANSACTIONS"] });
    const denied = await transferOut(noTransfers.bearer, 100);
    expect(denied.status).toBe(403);
    expect(denied.json.details.policyRule).toBe("PERMISSION");
    expect(denied.json.message).toContain("CREATE_TRANSFERS");

    const restricted = await installAgent({ ...BASE_POLICY, accountRestrictions: { allowedAccountIds: [f.accountId] } });
    const outside = await transferOut(restricted.bearer, 100);
    expect(outside.status).toBe(403);
    expect(outside.json.details.policyRule).toBe("ACCOUNT");
    expect(outside.json.message).toContain(payee);

    const strangersAccount = await f.externalAccount({ owner: null }); // the platform's own account
    const { bearer } = await installAgent();
    const notMine = await transferOut(bearer, 100, strangersAccount);
    expect(notMine.status).toBe(404);
    const otherCustomer = await f.activeAccount("USD");
    const foreignSource = await transferOut(bearer, 100, payee, otherCustomer.accountId);
    expect(foreignSource.status).toBe(404);
  });

  it("a paused agent is refused (403) and a deleted agent's token is dead (401)", async () => {
    const { agentId, bearer } = await installAgent();
    await t.call("PATCH", `/agents/${agentId}`, { auth: f.auth, body: { isPaused: true } });
    expect((await transferOut(bearer, 100)).status).toBe(403);
    await t.call("PATCH", `/agents/${agentId}`, { auth: f.auth, body: { isPaused: false } });
    expect((await transferOut(bearer, 100)).status).toBe(201);
    expect((await t.call("DELETE", `/agents/${agentId}`, { auth: f.auth })).status).toBe(204);
    expect((await transferOut(bearer, 100)).status).toBe(401);
  });
});

describe("approvals", () => {
  const APPROVAL_POLICY = { ...BASE_POLICY, approvalThresholds: { currency: "USD", amount: 1_000 } };

  it("above the threshold the action waits, the platform is told by webhook and sees it in the queue; approving runs it", async () => {
    const { agentId, bearer } = await installAgent(APPROVAL_POLICY);
    expect((await transferOut(bearer, 1_000)).json.status).toBe("APPROVED"); // at the threshold: AUTO
    const before = await f.balance();
    const res = await transferOut(bearer, 1_001);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "PENDING_APPROVAL", type: "TRANSFER_OUT" });
    expect(res.json.transaction).toBeUndefined();
    expect((await f.balance()).available).toBe(before.available);

    const events = await t.db.webhookEvent.findMany({ where: { platformId: f.platformId, type: "AGENT_ACTION.PENDING_APPROVAL" } });
    const event = events.map((e) => JSON.parse(e.body)).find((e) => e.data.id === res.json.id);
    expect(event.data).toEqual(res.json);

    const queue = await t.call("GET", `/agents/approvals?agentId=${agentId}`, { auth: f.auth });
    expect(queue.status).toBe(200);
    expect(queue.json.data.map((a: { id: string }) => a.id)).toEqual([res.json.id]);
    const pending = await t.call("GET", "/agents/me/actions?status=PENDING_APPROVAL", { auth: bearer });
    expect(pending.json.data).toHaveLength(1);

    const approved = await t.call("POST", `/agents/${agentId}/actions/${res.json.id}/approve`, { auth: f.auth });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ status: "APPROVED", transaction: { status: "COMPLETED", agentId } });
    expect((await f.balance()).available).toBe(before.available - 1_001);
    const again = await t.call("POST", `/agents/${agentId}/actions/${res.json.id}/approve`, { auth: f.auth });
    expect(again.status).toBe(409);
    expect((await t.call("GET", `/agents/approvals?agentId=${agentId}`, { auth: f.auth })).json.data).toHaveLength(0);
  });

  it("concurrent approvals and rejections of one action: exactly one wins, the payment runs at most once", async () => {
    const { agentId, bearer } = await installAgent(APPROVAL_POLICY);
    const before = await f.balance();
    const action = (await transferOut(bearer, 1_001)).json;
    const decide = (verb: "approve" | "reject") => t.call("POST", `/agents/${agentId}/actions/${action.id}/${verb}`, { auth: f.auth, body: verb === "reject" ? { reason: "no" } : undefined });
    const answers = await Promise.all(["approve", "approve", "reject", "approve", "reject"].map((verb) => decide(verb as "approve" | "reject")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    const winner = answers.find((a) => a.status === 200)!.json;
    const payments = await t.db.transaction.count({ where: { platformId: f.platformId, agentId: agentId.replace("Agent:", "") } });
    if (winner.status === "APPROVED") {
      expect(winner.transaction).toMatchObject({ status: "COMPLETED" });
      expect((await f.balance()).available).toBe(before.available - 1_001);
    } else {
      expect(winner.status).toBe("REJECTED");
      expect((await f.balance()).available).toBe(before.available);
    }
    expect(payments).toBe(winner.status === "APPROVED" ? 1 : 0);
  });

  it("an account rule can require approval even below the threshold", async () => {
    const { bearer } = await installAgent({ ...BASE_POLICY, accountRestrictions: { accountRules: [{ accountId: f.accountId, executionMode: "APPROVAL_REQUIRED" }] } });
    expect((await transferOut(bearer, 1)).json.status).toBe("PENDING_APPROVAL");
  });

  it("rejecting records the reason and moves nothing; approval re-checks the policy and ends FAILED when it no longer allows it", async () => {
    const { agentId, bearer } = await installAgent({ ...APPROVAL_POLICY, defaultExecutionMode: "APPROVAL_REQUIRED" });
    const first = await transferOut(bearer, 2_000);
    const rejected = await t.call("POST", `/agents/${agentId}/actions/${first.json.id}/reject`, { auth: f.auth, body: { reason: "Not this vendor" } });
    expect(rejected.json).toMatchObject({ status: "REJECTED", rejectionReason: "Not this vendor" });
    expect((await t.call("POST", `/agents/${agentId}/actions/${first.json.id}/reject`, { auth: f.auth })).status).toBe(409);

    const second = await transferOut(bearer, 2_000);
    await t.call("PATCH", `/agents/${agentId}/policy`, { auth: f.auth, body: { spendingLimits: { perTransactionLimit: 1_500 } } });
    const before = await f.balance();
    const failed = await t.call("POST", `/agents/${agentId}/actions/${second.json.id}/approve`, { auth: f.auth });
    expect(failed.status).toBe(200);
    expect(failed.json.status).toBe("FAILED");
    expect(failed.json.rejectionReason).toContain("per-transaction limit");
    expect((await f.balance()).available).toBe(before.available);
  });

  it("an approved transfer-in counts as an action but not as spend", async () => {
    const { agentId, bearer } = await installAgent({ ...BASE_POLICY, defaultExecutionMode: "APPROVAL_REQUIRED", spendingLimits: { currency: "USD", perTransactionLimit: 10_000, dailyLimit: 1_000 } });
    const pull = await t.call("POST", "/agents/me/transfer-in", { auth: bearer, body: { source: { accountId: payee }, destination: { accountId: f.accountId }, amount: 800 } });
    expect(pull.json.status).toBe("PENDING_APPROVAL");
    const approved = await t.call("POST", `/agents/${agentId}/actions/${pull.json.id}/approve`, { auth: f.auth });
    expect(approved.json).toMatchObject({ status: "APPROVED", transaction: { type: "INCOMING", status: "COMPLETED" } });
    expect((await t.call("GET", "/agents/me", { auth: bearer })).json.usage).toMatchObject({ dailyTransactionCount: 1, dailySpend: 0, monthlySpend: 0 });
    const spend = await transferOut(bearer, 1_000);
    expect([spend.status, spend.json.status]).toEqual([201, "PENDING_APPROVAL"]);
    expect((await t.call("POST", `/agents/${agentId}/actions/${spend.json.id}/approve`, { auth: f.auth })).json.status).toBe("APPROVED");
  });

  it("an approval the balance cannot cover ends FAILED with the reason", async () => {
    const { agentId, bearer } = await installAgent({ ...BASE_POLICY, defaultExecutionMode: "APPROVAL_REQUIRED", spendingLimits: { currency: "USD", perTransactionLimit: 1_000_000_000 } });
    const huge = await transferOut(bearer, 900_000_000);
    expect(huge.json.status).toBe("PENDING_APPROVAL");
    const failed = await t.call("POST", `/agents/${agentId}/actions/${huge.json.id}/approve`, { auth: f.auth });
    expect(failed.json.status).toBe("FAILED");
    expect(failed.json.rejectionReason).toMatch(/insufficient/i);
  });

  it("approving needs TRANSACT, another agent's action is 404, and the queue needs platform credentials", async () => {
    const { agentId, bearer } = await installAgent({ ...BASE_POLICY, defaultExecutionMode: "APPROVAL_REQUIRED" });
    const action = await transferOut(bearer, 10);
    const other = await installAgent();
    expect((await t.call("POST", `/agents/${other.agentId}/actions/${action.json.id}/approve`, { auth: f.auth })).status).toBe(404);
    expect((await t.call("GET", "/agents/approvals", { auth: bearer })).status).toBe(403);
    const badFilters = await t.call("GET", "/agents/approvals?agentId=nonsense&customerId=nope&sortOrder=sideways", { auth: f.auth });
    expect(badFilters.status).toBe(400);
    expect(badFilters.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["query.sortOrder"]);
    const badId = await t.call("GET", "/agents/approvals?agentId=nonsense", { auth: f.auth });
    expect([badId.status, badId.json.details.errors[0].field]).toEqual([400, "query.agentId"]);
    expect((await t.call("POST", `/agents/${agentId}/actions/AgentAction:nonsense/approve`, { auth: f.auth })).status).toBe(404);
    const viewer = await f.tokenWith(["VIEW"]);
    expect((await t.call("POST", `/agents/${agentId}/actions/${action.json.id}/approve`, { auth: viewer })).status).toBe(403);
    expect((await t.call("GET", `/agents/me/actions/${action.json.id}`, { auth: other.bearer })).status).toBe(404);
  });
});
