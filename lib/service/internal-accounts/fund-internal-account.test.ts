import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemAccountBalance } from "../ledger/system-account-balance";
import { createTestApp, type TestApp } from "../testing/test-app";
import { internalAccountsFixture } from "./internal-account-fixtures";
import { setInternalAccountStatus } from "./set-internal-account-status";
import { InternalAccountSchema } from "./schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /sandbox/internal-accounts/{accountId}/fund", () => {
  it("credits the account at once: balance and totalBalance move, and the answer is the updated account", async () => {
    const f = await internalAccountsFixture(t);
    const { accountId } = await f.activeAccount("USD");
    const first = await f.fund(accountId, 10_000);
    expect(first.status).toBe(200);
    expect(InternalAccountSchema.safeParse(first.json).success).toBe(true);
    expect(first.json).toMatchObject({ id: accountId, status: "ACTIVE", balance: { amount: 10_000, currency: { code: "USD", decimals: 2 } }, totalBalance: { amount: 10_000 } });
    const second = await f.fund(accountId, 2_500);
    expect(second.json).toMatchObject({ balance: { amount: 12_500 }, totalBalance: { amount: 12_500 } });
    expect((await t.call("GET", `/internal-accounts/${accountId}`, { auth: f.auth })).json).toEqual(second.json);
  });

  it("debits the platform's clearing account in the same ledger transaction, so entries still sum to zero", async () => {
    const f = await internalAccountsFixture(t);
    const { accountId } = await f.activeAccount("USDC");
    await f.fund(accountId, 777);
    expect(await systemAccountBalance(t.db, f.platformId, "SERVICE_CLEARING", "USDC")).toBe(-777n);
    const ledgerTransaction = await t.db.ledgerTransaction.findFirstOrThrow({ where: { platformId: f.platformId, kind: "SANDBOX_FUNDING" }, include: { entries: true } });
    expect(ledgerTransaction.entries.map((e) => e.amount).sort()).toEqual([-777n, 777n]);
  });

  it("writes INTERNAL_ACCOUNT.BALANCE_UPDATED with the whole account after the change", async () => {
    const f = await internalAccountsFixture(t);
    const { accountId } = await f.activeAccount("USD");
    const res = await f.fund(accountId, 4_200);
    const events = await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "INTERNAL_ACCOUNT.BALANCE_UPDATED", id: expect.stringMatching(/^Webhook:/) });
    expect(events[0].data).toEqual(res.json);
    expect(events[0].data.balance.amount).toBe(4_200);
  });

  it("funds the platform's own accounts too", async () => {
    const f = await internalAccountsFixture(t);
    const account = (await t.call("GET", "/platform/internal-accounts?currency=USD", { auth: f.auth })).json.data[0];
    const res = await f.fund(account.id, 50);
    expect(res.status).toBe(200);
    expect(res.json.balance.amount).toBe(50);
  });

  it("accepts the bounds 1 and 10^11", async () => {
    const f = await internalAccountsFixture(t);
    const { accountId } = await f.activeAccount("USD");
    expect((await f.fund(accountId, 1)).status).toBe(200);
    const max = await f.fund(accountId, 100_000_000_000);
    expect(max.status).toBe(200);
    expect(max.json.balance.amount).toBe(100_000_000_001);
  });

  it.each([
    ["0", 0, "must be at least 1"],
    ["10^11 + 1", 100_000_000_001, "must be at most 100000000000"],
    ["a fraction", 1.5, undefined],
    ["a string", "100", undefined],
    ["missing", undefined, "is required"],
  ])("answers 400 INVALID_INPUT naming `amount` for an amount that is %s", async (_name, amount, message) => {
    const f = await internalAccountsFixture(t);
    const { accountId } = await f.activeAccount("USD");
    const res = await t.call("POST", `/sandbox/internal-accounts/${accountId}/fund`, { auth: f.auth, body: amount === undefined ? {} : { amount } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, code: "INVALID_INPUT" });
    expect(res.json.details.errors.map((e: { field: string }) => e.field)).toEqual(["amount"]);
    if (message) expect(res.json.details.errors[0].message).toBe(message);
    expect((await t.call("GET", `/internal-accounts/${accountId}`, { auth: f.auth })).json.balance.amount).toBe(0);
  });

  it("lists every bad field at once", async () => {
    const f = await internalAccountsFixture(t);
    const { accountId } = await f.activeAccount("USD");
    const res = await t.call("POST", `/sandbox/internal-accounts/${accountId}/fund`, { auth: f.auth, body: { amount: -5, currency: "USD" } });
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["amount", "currency"]);
  });

  it("answers 403 to a production platform's credentials", async () => {
    const f = await internalAccountsFixture(t);
    const { accountId } = await f.activeAccount("USD");
    await t.makeProduction(f.platformId);
    const res = await f.fund(accountId, 100);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("FORBIDDEN");
    expect(res.json.message).toMatch(/sandbox/i);
  });

  it("answers 403 to a token without TRANSACT", async () => {
    const f = await internalAccountsFixture(t);
    const { accountId } = await f.activeAccount("USD");
    const res = await f.fund(accountId, 100, await f.tokenWith(["VIEW"]));
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: "FORBIDDEN", details: { requiredPermission: "TRANSACT" } });
  });

  it("answers 404 for another platform's account, a malformed id and an unknown id", async () => {
    const f = await internalAccountsFixture(t);
    const { accountId } = await f.activeAccount("USD");
    const other = await internalAccountsFixture(t);
    for (const id of [accountId, "InternalAccount:nope", "019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10"]) {
      const res = await other.fund(id, 100);
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("NOT_FOUND");
    }
    expect((await t.call("GET", `/internal-accounts/${accountId}`, { auth: f.auth })).json.balance.amount).toBe(0);
  });

  it("refuses a PENDING account with 409 saying why, and moves nothing", async () => {
    const f = await internalAccountsFixture(t);
    const [pending] = await f.accountsOf((await f.customer()).id);
    const res = await f.fund(pending!.id, 100);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "CONFLICT", details: { accountId: pending!.id, accountStatus: "PENDING" } });
    expect(res.json.message).toMatch(/cannot receive funds: it is PENDING/);
    expect(await t.db.ledgerTransaction.count({ where: { platformId: f.platformId } })).toBe(0);
    expect(await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED")).toEqual([]);
  });

  it.each(["FROZEN", "CLOSED"] as const)("refuses a %s account with 409 saying why", async (status) => {
    const f = await internalAccountsFixture(t);
    const { accountId, uuid } = await f.activeAccount("USD");
    await t.db.$transaction((tx) => setInternalAccountStatus(tx, { platformId: f.platformId, internalAccountId: uuid, status }));
    const res = await f.fund(accountId, 100);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "CONFLICT", details: { accountStatus: status } });
    expect(res.json.message).toContain(`it is ${status}`);
    expect((await t.call("GET", `/internal-accounts/${accountId}`, { auth: f.auth })).json.balance.amount).toBe(0);
  });

  it("credits every one of concurrent deposits exactly once", async () => {
    const f = await internalAccountsFixture(t);
    const { accountId } = await f.activeAccount("USD");
    const results = await Promise.all(Array.from({ length: 10 }, () => f.fund(accountId, 10)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await t.call("GET", `/internal-accounts/${accountId}`, { auth: f.auth })).json.balance.amount).toBe(100);
    expect(await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED")).toHaveLength(10);
  });
});
