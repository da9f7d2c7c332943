import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { advanceClock } from "../sandbox/advance-clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { internalAccountsFixture } from "./internal-account-fixtures";
import { lockInternalAccountForPayment } from "./lock-internal-account-for-payment";
import { BalanceChangesResponseSchema } from "./schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Change = { id: string; amount: number; effectiveAt: string; transactionId?: string };

/**
 * An account with a history: deposits through the fund endpoint and payouts (with a fee) posted
 * through the ledger, one second apart on the sandbox clock.
 */
async function accountWithHistory(amounts: number[]) {
  const f = await internalAccountsFixture(t, { isRegulated: true });
  const { accountId } = await f.activeAccount("USD");
  for (const amount of amounts) {
    if (amount > 0) expect((await f.fund(accountId, amount)).status).toBe(200);
    else
      await t.db.$transaction(async (tx) => {
        const { ledgerAccount } = await lockInternalAccountForPayment(tx, { platformId: f.platformId, accountId, direction: "SEND" });
        const { clearing, fees } = await ensureSystemAccounts(tx, f.platformId, "USD");
        await postLedgerTransaction(tx, {
          platformId: f.platformId,
          kind: "TRANSFER_OUT",
          transactionId: "019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10",
          entries: [
            { ledgerAccountId: ledgerAccount.id, amount: BigInt(amount + 1) },
            { ledgerAccountId: ledgerAccount.id, amount: -1n },
            { ledgerAccountId: clearing.id, amount: BigInt(-amount - 1) },
            { ledgerAccountId: fees.id, amount: 1n },
          ],
        });
      });
    await advanceClock(t.db, f.platformId, 1);
  }
  const changes = (query = "") => t.call("GET", `/internal-accounts/${accountId}/balance-changes?${query}`, { auth: f.auth });
  return { f, accountId, changes };
}

async function allPages(get: (query: string) => ReturnType<Awaited<ReturnType<typeof accountWithHistory>>["changes"]>, window: string, limit: number) {
  const changes: Change[] = [];
  let cursor: string | undefined;
  let first: { openingBalance: { amount: number }; closingBalance: { amount: number } } | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const res = await get(`${window}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    expect(BalanceChangesResponseSchema.safeParse(res.json).success).toBe(true);
    first ??= res.json;
    expect(res.json.openingBalance).toEqual(first!.openingBalance);
    expect(res.json.closingBalance).toEqual(first!.closingBalance);
    changes.push(...res.json.changes);
    if (!res.json.hasMore) return { opening: first!.openingBalance.amount, closing: first!.closingBalance.amount, changes };
    cursor = res.json.nextCursor;
  }
  throw new Error("paging does not end");
}

describe("GET /internal-accounts/{id}/balance-changes", () => {
  it("reconciles over pages: openingBalance + every change of every page = closingBalance = the balance", async () => {
    const { f, accountId, changes } = await accountWithHistory([1_000, 250, -300, 75, -25, 5_000, -1_000]);
    const all = await allPages(changes, "", 3);
    expect(all.opening).toBe(0);
    expect(all.changes.map((c) => c.amount)).toEqual([1_000, 250, -300, 75, -25, 5_000, -1_000]);
    expect(all.opening + all.changes.reduce((sum, c) => sum + c.amount, 0)).toBe(all.closing);
    const account = (await t.call("GET", `/internal-accounts/${accountId}`, { auth: f.auth })).json;
    expect(all.closing).toBe(account.totalBalance.amount);
    expect(new Set(all.changes.map((c) => c.id)).size).toBe(7);
    const times = all.changes.map((c) => c.effectiveAt);
    expect(times).toEqual([...times].sort());
  });

  it("includes startDate and excludes endDate, with opening and closing at the window's edges", async () => {
    const { changes } = await accountWithHistory([100, 200, 400, 800, 1_600]);
    const all = (await changes()).json.changes as Change[];
    const window = `startDate=${all[1]!.effectiveAt}&endDate=${all[3]!.effectiveAt}`;
    const page = await allPages(changes, window, 1);
    expect(page.changes.map((c) => c.amount)).toEqual([200, 400]);
    expect(page.opening).toBe(100);
    expect(page.closing).toBe(700);
    const adjacent = await allPages(changes, `startDate=${all[3]!.effectiveAt}`, 10);
    expect(adjacent.changes.map((c) => c.amount)).toEqual([800, 1_600]);
    expect(adjacent.opening).toBe(page.closing);
  });

  it("counts a payout's fee inside its amount and links the change to its transaction", async () => {
    const { changes } = await accountWithHistory([1_000, -300]);
    const [deposit, payout] = (await changes()).json.changes as Change[];
    expect(payout).toMatchObject({ amount: -300, transactionId: "Transaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" });
    // A sandbox deposit is its own INCOMING transaction (BEHAVIORS.md 10.15).
    expect(deposit!.transactionId).toMatch(/^Transaction:/);
  });

  it("carries the currency in openingBalance and closingBalance and answers an empty window with both equal", async () => {
    const { changes } = await accountWithHistory([500]);
    const res = await changes("startDate=2099-01-01T00:00:00Z&endDate=2099-01-02T00:00:00Z");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      openingBalance: { amount: 500, currency: { code: "USD", name: "United States Dollar", symbol: "$", decimals: 2 } },
      closingBalance: { amount: 500, currency: { code: "USD", name: "United States Dollar", symbol: "$", decimals: 2 } },
      changes: [],
      hasMore: false,
    });
  });

  it("answers 400 listing every malformed date, and endDate when the window does not end after it starts", async () => {
    const { changes } = await accountWithHistory([]);
    const malformed = await changes("startDate=yesterday&endDate=2026-13-01&limit=500");
    expect(malformed.status).toBe(400);
    expect(malformed.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["query.endDate", "query.limit", "query.startDate"]);
    const dateOnly = await changes("startDate=2026-01-01");
    expect(dateOnly.status).toBe(400);
    for (const window of ["startDate=2026-01-02T00:00:00Z&endDate=2026-01-01T00:00:00Z", "startDate=2026-01-01T00:00:00Z&endDate=2026-01-01T00:00:00Z"]) {
      const res = await changes(window);
      expect(res.status).toBe(400);
      expect(res.json.details.errors).toEqual([expect.objectContaining({ field: "query.endDate" })]);
    }
    expect((await changes("cursor=bogus")).status).toBe(400);
  });

  it("answers 404 for another platform's account and for unknown or malformed ids", async () => {
    const { accountId } = await accountWithHistory([100]);
    const other = await internalAccountsFixture(t);
    for (const id of [accountId, "InternalAccount:x", "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10"]) {
      const res = await t.call("GET", `/internal-accounts/${id}/balance-changes`, { auth: other.auth });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("NOT_FOUND");
    }
  });
});
