import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databasePoolSize } from "@/lib/db/open-database";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createLedgerAccount } from "./create-ledger-account";
import { SYSTEM_ACCOUNT_SHARDS, ensureSystemAccounts } from "./ensure-system-accounts";
import { findLedgerAccount } from "./find-ledger-account";
import { ledgerFixture } from "./ledger-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("ensureSystemAccounts", () => {
  it("creates clearing, fee and FX accounts in shards once per platform and currency, even when racing; one shard per transaction", async () => {
    const f = await ledgerFixture(t.db);
    const runs = await Promise.all(Array.from({ length: 5 }, () => t.db.$transaction((tx) => ensureSystemAccounts(tx, f.platformId, "EUR"))));
    expect(runs[0]).toMatchObject({
      clearing: { kind: "SERVICE_CLEARING", currency: "EUR" },
      fees: { kind: "SERVICE_FEES", currency: "EUR" },
      fx: { kind: "SERVICE_FX", currency: "EUR" },
    });
    const eur = await t.db.ledgerAccount.findMany({ where: { platformId: f.platformId, currency: "EUR" } });
    expect(eur).toHaveLength(3 * SYSTEM_ACCOUNT_SHARDS);
    expect(eur.every((a) => a.allowNegative)).toBe(true);
    const stored = new Map(eur.map((a) => [a.id, a]));
    const shardOf = (id: string) => stored.get(id)!.systemKey!.split("#")[1] ?? "0";
    for (const run of runs) expect(new Set([run.clearing, run.fees, run.fx].map((a) => shardOf(a.id))).size).toBe(1);

    // Payments spread over the shards (40 transactions land on more than one); within one
    // transaction every call answers the same shard.
    const picks = new Set<string>();
    for (let i = 0; i < 40; i++)
      picks.add(
        await t.db.$transaction(async (tx) => {
          const first = await ensureSystemAccounts(tx, f.platformId, "EUR");
          expect((await ensureSystemAccounts(tx, f.platformId, "EUR")).fx.id).toBe(first.fx.id);
          return first.clearing.id;
        }),
      );
    expect(picks.size).toBeGreaterThan(1);
    for (const id of picks) expect(eur.map((a) => a.id)).toContain(id);

    const usd = await ensureSystemAccounts(t.db, f.platformId, "USD");
    expect(eur.map((a) => a.id)).not.toContain(usd.clearing.id);
    const otherPlatform = await ledgerFixture(t.db);
    expect(eur.map((a) => a.id)).not.toContain((await otherPlatform.system("EUR")).clearing.id);
    expect(await t.db.ledgerAccount.count({ where: { platformId: f.platformId } })).toBe(2 * 3 * SYSTEM_ACCOUNT_SHARDS);
  });

  it("payments running at the same time get different shards, so none waits for another's lock", async () => {
    const f = await ledgerFixture(t.db);
    await ensureSystemAccounts(t.db, f.platformId, "EUR"); // the shards exist
    const concurrent = databasePoolSize();
    const picks = await Promise.all(Array.from({ length: concurrent }, () => t.db.$transaction(async (tx) => (await ensureSystemAccounts(tx, f.platformId, "EUR")).clearing.id)));
    expect(new Set(picks).size).toBe(concurrent);
  });

  it("never answers accounts that a rolled-back transaction created (they are remembered only once seen committed)", async () => {
    const f = await ledgerFixture(t.db);
    let rolledBack: string[] = [];
    await expect(
      t.db.$transaction(async (tx) => {
        const made = await ensureSystemAccounts(tx, f.platformId, "GBP");
        rolledBack = [made.clearing.id, made.fees.id, made.fx.id];
        // Asked again in the same transaction (a quote's debit and settlement), they are found, yet still not committed.
        expect((await ensureSystemAccounts(tx, f.platformId, "GBP")).clearing.id).toBe(made.clearing.id);
        throw new Error("the payment failed");
      }),
    ).rejects.toThrow("the payment failed");
    expect(await t.db.ledgerAccount.count({ where: { platformId: f.platformId } })).toBe(0);

    for (let i = 0; i < 20; i++) {
      const accounts = await t.db.$transaction((tx) => ensureSystemAccounts(tx, f.platformId, "GBP"));
      const ids = [accounts.clearing.id, accounts.fees.id, accounts.fx.id];
      expect(ids.filter((id) => rolledBack.includes(id))).toEqual([]);
      expect(await t.db.ledgerAccount.count({ where: { id: { in: ids } } })).toBe(3);
    }
  });
});

describe("createLedgerAccount", () => {
  it("keeps customer and platform money non-negative by default, and one ledger account per internal account", async () => {
    const f = await ledgerFixture(t.db);
    const customer = await f.account();
    expect(customer).toMatchObject({ kind: "CUSTOMER_INTERNAL", allowNegative: false, postedBalance: 0n, heldAmount: 0n });
    const counterparty = await createLedgerAccount(t.db, { platformId: f.platformId, currency: "USD", kind: "EXTERNAL_COUNTERPARTY", externalAccountId: customer.id });
    expect(counterparty.allowNegative).toBe(true);
    await expect(createLedgerAccount(t.db, { platformId: f.platformId, currency: "USD", kind: "CUSTOMER_INTERNAL", internalAccountId: customer.internalAccountId! })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect((await findLedgerAccount(t.db, { platformId: f.platformId, internalAccountId: customer.internalAccountId! }))?.id).toBe(customer.id);
    const other = await ledgerFixture(t.db);
    expect(await findLedgerAccount(t.db, { platformId: other.platformId, internalAccountId: customer.internalAccountId! })).toBeNull();
  });
});
