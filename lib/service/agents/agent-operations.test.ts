import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES, PERSON_WITH_ADDRESS } from "../external-accounts/external-account-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { plainAccountNumber, transfersFixture } from "../transfers/transfer-fixtures";

let t: TestApp;
let f: Awaited<ReturnType<typeof transfersFixture>>;
let payee: string;
let stranger: { customerId: string; accountId: string };

const POLICY = {
  permissions: ["VIEW_TRANSACTIONS", "CREATE_QUOTES", "EXECUTE_QUOTES", "MANAGE_EXTERNAL_ACCOUNTS"],
  defaultExecutionMode: "AUTO",
  spendingLimits: { currency: "USD", perTransactionLimit: 50_000 },
  approvalThresholds: { currency: "USD", amount: 20_000 },
};

beforeAll(async () => {
  t = await createTestApp();
  f = await transfersFixture(t);
  payee = await f.externalAccount();
  stranger = await f.activeAccount("USD");
  expect((await f.fund(f.accountId, 1_000_000)).status).toBe(200);
});
afterAll(() => t.close());

async function installAgent(policy: Record<string, unknown> = POLICY) {
  const created = await t.call("POST", "/agents", { auth: f.auth, body: { name: "Quoter", customerId: f.customerId, policy } });
  const redeemed = await t.call("POST", `/agents/device-codes/${created.json.deviceCode.code}/redeem`);
  return { agentId: created.json.agent.id as string, bearer: `Bearer ${redeemed.json.accessToken as string}` };
}

const quoteBody = (amount: number, source = f.accountId, destination = payee) => ({
  source: { sourceType: "ACCOUNT", accountId: source },
  destination: { destinationType: "ACCOUNT", accountId: destination },
  lockedCurrencySide: "SENDING",
  lockedCurrencyAmount: amount,
});

describe("agent quotes", () => {
  it("creates (200) and executes its own quote within the policy: APPROVED, the transaction carries agentId", async () => {
    const { agentId, bearer } = await installAgent();
    const quote = await t.call("POST", "/agents/me/quotes", { auth: bearer, body: quoteBody(5_000) });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.json.status).toBe("PENDING");
    const read = await t.call("GET", `/agents/me/quotes/${quote.json.id}`, { auth: bearer });
    expect(read.json.id).toBe(quote.json.id);

    const executed = await t.call("POST", `/agents/me/quotes/${quote.json.id}/execute`, { auth: bearer });
    expect(executed.status, executed.text).toBe(200);
    expect(executed.json).toMatchObject({ type: "EXECUTE_QUOTE", status: "APPROVED", quote: { id: quote.json.id }, transaction: { id: quote.json.transactionId, agentId } });
    const me = await t.call("GET", "/agents/me", { auth: bearer });
    expect(me.json.usage).toMatchObject({ dailyTransactionCount: 1, dailySpend: quote.json.totalSendingAmount });
  });

  it("another agent's quote is 404; another customer's account is 404; immediatelyExecute is refused", async () => {
    const mine = await installAgent();
    const theirs = await installAgent();
    const quote = await t.call("POST", "/agents/me/quotes", { auth: mine.bearer, body: quoteBody(1_000) });
    expect((await t.call("GET", `/agents/me/quotes/${quote.json.id}`, { auth: theirs.bearer })).status).toBe(404);
    expect((await t.call("POST", `/agents/me/quotes/${quote.json.id}/execute`, { auth: theirs.bearer })).status).toBe(404);
    const platformQuote = await t.call("POST", "/quotes", { auth: f.auth, body: quoteBody(1_000) });
    expect((await t.call("GET", `/agents/me/quotes/${platformQuote.json.id}`, { auth: mine.bearer })).status).toBe(404);

    const foreign = await t.call("POST", "/agents/me/quotes", { auth: mine.bearer, body: quoteBody(1_000, stranger.accountId) });
    expect(foreign.status).toBe(404);
    const immediate = await t.call("POST", "/agents/me/quotes", { auth: mine.bearer, body: { ...quoteBody(1_000), immediatelyExecute: true } });
    expect(immediate.status).toBe(400);
    expect(immediate.json.message).toContain("/agents/me/quotes/{quoteId}/execute");
  });

  it("without CREATE_QUOTES or EXECUTE_QUOTES the agent is refused with 403", async () => {
    const viewer = await installAgent({ ...POLICY, permissions: ["VIEW_TRANSACTIONS"] });
    const denied = await t.call("POST", "/agents/me/quotes", { auth: viewer.bearer, body: quoteBody(1_000) });
    expect(denied.status).toBe(403);
    expect(denied.json.details.policyRule).toBe("PERMISSION");
    const quoter = await installAgent({ ...POLICY, permissions: ["CREATE_QUOTES"] });
    const quote = await t.call("POST", "/agents/me/quotes", { auth: quoter.bearer, body: quoteBody(1_000) });
    expect((await t.call("POST", `/agents/me/quotes/${quote.json.id}/execute`, { auth: quoter.bearer })).json.details.policyRule).toBe("PERMISSION");
  });

  it("above the threshold execution waits for approval; when the quote expires first the action ends FAILED at once, leaves the queue, and nothing moves", async () => {
    const { agentId, bearer } = await installAgent();
    const quote = await t.call("POST", "/agents/me/quotes", { auth: bearer, body: quoteBody(25_000) });
    const pending = await t.call("POST", `/agents/me/quotes/${quote.json.id}/execute`, { auth: bearer });
    expect(pending.json).toMatchObject({ status: "PENDING_APPROVAL", type: "EXECUTE_QUOTE", quote: { id: quote.json.id } });
    const events = await t.db.webhookEvent.findMany({ where: { platformId: f.platformId, type: "AGENT_ACTION.PENDING_APPROVAL" } });
    expect(events.some((e) => JSON.parse(e.body).data.id === pending.json.id)).toBe(true);
    const queued = async () => (await t.call("GET", `/agents/approvals?agentId=${agentId}`, { auth: f.auth })).json.data.map((a: { id: string }) => a.id);
    expect(await queued()).toContain(pending.json.id);

    const before = await f.balance();
    await f.advance(10 * 60); // past the quote's 5 minutes: its expiry runs
    expect((await t.call("GET", `/quotes/${quote.json.id}`, { auth: f.auth })).json.status).toBe("EXPIRED");
    const lapsed = await t.call("GET", `/agents/me/actions/${pending.json.id}`, { auth: bearer });
    expect(lapsed.json.status).toBe("FAILED");
    expect(lapsed.json.rejectionReason).toMatch(new RegExp(`Quote ${quote.json.id} expired at ${quote.json.expiresAt}`));
    expect(await queued()).not.toContain(pending.json.id);
    const approved = await t.call("POST", `/agents/${agentId}/actions/${pending.json.id}/approve`, { auth: f.auth });
    expect([approved.status, approved.json.code]).toEqual([409, "CONFLICT"]);
    expect((await f.balance()).available).toBe(before.available);

    // An already expired quote is refused at once, as in AUTO, instead of waiting for an approval that cannot run.
    const late = await t.call("POST", `/agents/me/quotes/${quote.json.id}/execute`, { auth: bearer });
    expect([late.status, late.json.code]).toEqual([409, "QUOTE_EXPIRED"]);
  });

  it("an action being decided when its quote expires is left to that decision: the expiry does not wait for it, and the approval ends FAILED", async () => {
    const { agentId, bearer } = await installAgent();
    const quote = await t.call("POST", "/agents/me/quotes", { auth: bearer, body: quoteBody(25_000) });
    const pending = await t.call("POST", `/agents/me/quotes/${quote.json.id}/execute`, { auth: bearer });
    const actionId = (pending.json.id as string).replace("AgentAction:", "");
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // An approval in progress holds the action's row.
    const deciding = t.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM "AgentAction" WHERE "id" = ${actionId}::uuid FOR UPDATE`;
        locked();
        await released;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const before = await f.balance();
    await f.advance(10 * 60);
    expect((await t.call("GET", `/quotes/${quote.json.id}`, { auth: f.auth })).json.status).toBe("EXPIRED");
    release();
    await deciding;
    expect((await t.call("GET", `/agents/me/actions/${pending.json.id}`, { auth: bearer })).json.status).toBe("PENDING_APPROVAL");
    const approved = await t.call("POST", `/agents/${agentId}/actions/${pending.json.id}/approve`, { auth: f.auth });
    expect([approved.status, approved.json.status]).toEqual([200, "FAILED"]);
    expect(approved.json.rejectionReason).toMatch(/expired/);
    expect((await f.balance()).available).toBe(before.available);
  });

  it("approving in time executes the quote", async () => {
    const { agentId, bearer } = await installAgent();
    const quote = await t.call("POST", "/agents/me/quotes", { auth: bearer, body: quoteBody(25_000) });
    const pending = await t.call("POST", `/agents/me/quotes/${quote.json.id}/execute`, { auth: bearer });
    const approved = await t.call("POST", `/agents/${agentId}/actions/${pending.json.id}/approve`, { auth: f.auth });
    expect(approved.json).toMatchObject({ status: "APPROVED", transaction: { id: quote.json.transactionId, agentId } });
  });

  it("the platform cannot execute an agent's quote around its pending approval: 409 naming the AgentAction to approve; approving runs it and counts usage", async () => {
    const { agentId, bearer } = await installAgent();
    const quote = await t.call("POST", "/agents/me/quotes", { auth: bearer, body: quoteBody(25_000) });
    const pending = await t.call("POST", `/agents/me/quotes/${quote.json.id}/execute`, { auth: bearer });
    expect(pending.json.status).toBe("PENDING_APPROVAL");
    const before = await f.balance();

    const direct = await t.call("POST", `/quotes/${quote.json.id}/execute`, { auth: f.auth });
    expect(direct.status, direct.text).toBe(409);
    expect(direct.json).toMatchObject({ code: "CONFLICT", details: { quoteId: quote.json.id, agentId, agentActionId: pending.json.id, approvePath: `/agents/${agentId}/actions/${pending.json.id}/approve` } });
    expect(direct.json.message).toContain(`POST /agents/${agentId}/actions/${pending.json.id}/approve`);
    expect((await t.call("GET", `/quotes/${quote.json.id}`, { auth: f.auth })).json.status).toBe("PENDING");
    expect((await f.balance()).available).toBe(before.available);
    expect((await t.call("GET", "/agents/me", { auth: bearer })).json.usage).toMatchObject({ dailyTransactionCount: 0, dailySpend: 0 });

    const approved = await t.call("POST", `/agents/${agentId}/actions/${pending.json.id}/approve`, { auth: f.auth });
    expect(approved.json).toMatchObject({ status: "APPROVED", transaction: { id: quote.json.transactionId, agentId } });
    expect((await t.call("GET", "/agents/me", { auth: bearer })).json.usage).toMatchObject({ dailyTransactionCount: 1, dailySpend: quote.json.totalSendingAmount });
  });

  it("an agent's quote the agent has not asked to execute is refused to the platform too (409): the agent executes it under its policy", async () => {
    const { agentId, bearer } = await installAgent();
    const quote = await t.call("POST", "/agents/me/quotes", { auth: bearer, body: quoteBody(1_000) });
    const before = await f.balance();
    const direct = await t.call("POST", `/quotes/${quote.json.id}/execute`, { auth: f.auth });
    expect(direct.status, direct.text).toBe(409);
    expect(direct.json).toMatchObject({ code: "CONFLICT", details: { quoteId: quote.json.id, agentId } });
    expect(direct.json.message).toContain("/agents/me/quotes/{quoteId}/execute");
    expect((await f.balance()).available).toBe(before.available);

    const executed = await t.call("POST", `/agents/me/quotes/${quote.json.id}/execute`, { auth: bearer });
    expect(executed.json).toMatchObject({ status: "APPROVED", transaction: { id: quote.json.transactionId } });
  });
});

describe("agent reads and external accounts", () => {
  it("lists only the customer's transactions and internal accounts; another customer's transaction is 404", async () => {
    const { bearer } = await installAgent({ ...POLICY, permissions: ["VIEW_TRANSACTIONS", "CREATE_QUOTES", "EXECUTE_QUOTES"] });
    const strangerFunding = await f.fund(stranger.accountId, 100);
    expect(strangerFunding.status).toBe(200);
    const list = await t.call("GET", "/agents/me/transactions?limit=100", { auth: bearer });
    expect(list.status).toBe(200);
    expect(list.json.data.length).toBeGreaterThan(0);
    expect(list.json.data.every((tx: { customerId: string }) => tx.customerId === f.customerId)).toBe(true);
    const strangers = await t.call("GET", `/transactions?customerId=${stranger.customerId}`, { auth: f.auth });
    const foreignId = strangers.json.data[0].id;
    expect((await t.call("GET", `/agents/me/transactions/${foreignId}`, { auth: bearer })).status).toBe(404);
    const own = list.json.data[0].id;
    expect((await t.call("GET", `/agents/me/transactions/${own}`, { auth: bearer })).json.id).toBe(own);

    const accounts = await t.call("GET", "/agents/me/internal-accounts", { auth: bearer });
    expect(accounts.status).toBe(200);
    expect(accounts.json.data.map((a: { id: string }) => a.id)).toContain(f.accountId);
    expect(accounts.json.data.map((a: { id: string }) => a.id)).not.toContain(stranger.accountId);

    const blind = await installAgent({ ...POLICY, permissions: ["CREATE_QUOTES"] });
    expect((await t.call("GET", "/agents/me/transactions", { auth: blind.bearer })).status).toBe(403);
  });

  it("manages the customer's external accounts with MANAGE_EXTERNAL_ACCOUNTS only", async () => {
    const { bearer } = await installAgent();
    const accountInfo = { ...EXAMPLES.USD_ACCOUNT!.accountInfo, accountNumber: plainAccountNumber(), beneficiary: PERSON_WITH_ADDRESS };
    const created = await t.call("POST", "/agents/me/external-accounts", { auth: bearer, body: { currency: "USD", accountInfo } });
    expect(created.status, created.text).toBe(201);
    expect(created.json.customerId).toBe(f.customerId);
    const listed = await t.call("GET", "/agents/me/external-accounts", { auth: bearer });
    expect(listed.json.data.map((a: { id: string }) => a.id)).toContain(created.json.id);
    expect((await t.call("GET", `/agents/me/external-accounts/${created.json.id}`, { auth: bearer })).status).toBe(200);
    const forOther = await t.call("POST", "/agents/me/external-accounts", { auth: bearer, body: { customerId: stranger.customerId, currency: "USD", accountInfo: { ...accountInfo, accountNumber: plainAccountNumber() } } });
    expect(forOther.status).toBe(404);
    const platformAccount = await f.externalAccount({ owner: null });
    expect((await t.call("GET", `/agents/me/external-accounts/${platformAccount}`, { auth: bearer })).status).toBe(404);
    expect((await t.call("DELETE", `/agents/me/external-accounts/${platformAccount}`, { auth: bearer })).status).toBe(404);

    const viewer = await installAgent({ ...POLICY, permissions: ["VIEW_TRANSACTIONS"] });
    expect((await t.call("DELETE", `/agents/me/external-accounts/${created.json.id}`, { auth: viewer.bearer })).status).toBe(403);
    expect((await t.call("DELETE", `/agents/me/external-accounts/${created.json.id}`, { auth: bearer })).status).toBe(204);
    expect((await t.call("GET", `/agents/me/external-accounts/${created.json.id}`, { auth: bearer })).status).toBe(404);
  });
});
