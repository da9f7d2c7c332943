import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createLedgerAccount } from "./create-ledger-account";
import { CLEARING_SHARDS, ensureSystemAccounts } from "./ensure-system-accounts";
import { findLedgerAccount } from "./find-ledger-account";
import { ledgerFixture } from "./ledger-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("ensureSystemAccounts", () => {
  it("creates clearing (in shards), fee and FX accounts once per platform and currency, even when racing", async () => {
    const f = await ledgerFixture(t.db);
    const runs = await Promise.all(Array.from({ length: 5 }, () => t.db.$transaction((tx) => ensureSystemAccounts(tx, f.platformId, "EUR"))));
    expect(new Set(runs.map((r) => `${r.fees.id} ${r.fx.id}`)).size).toBe(1);
    expect(runs[0]).toMatchObject({
      clearing: { kind: "SERVICE_CLEARING", currency: "EUR", allowNegative: true },
      fees: { kind: "SERVICE_FEES", currency: "EUR", allowNegative: true },
      fx: { kind: "SERVICE_FX", currency: "EUR", allowNegative: true },
    });
    const shards = await t.db.ledgerAccount.findMany({ where: { platformId: f.platformId, kind: "SERVICE_CLEARING", currency: "EUR" } });
    expect(shards).toHaveLength(CLEARING_SHARDS);
    // Payments spread over the shards (40 transactions land on more than one); within one
    // transaction every call answers the same shard.
    const picks = new Set<string>();
    for (let i = 0; i < 40; i++)
      picks.add(
        await t.db.$transaction(async (tx) => {
          const first = await ensureSystemAccounts(tx, f.platformId, "EUR");
          expect((await ensureSystemAccounts(tx, f.platformId, "EUR")).clearing.id).toBe(first.clearing.id);
          return first.clearing.id;
        }),
      );
    expect(picks.size).toBeGreaterThan(1);
    for (const id of picks) expect(shards.map((s) => s.id)).toContain(id);

    const usd = await ensureSystemAccounts(t.db, f.platformId, "USD");
    expect(shards.map((s) => s.id)).not.toContain(usd.clearing.id);
    const otherPlatform = await ledgerFixture(t.db);
    expect(shards.map((s) => s.id)).not.toContain((await otherPlatform.system("EUR")).clearing.id);
    expect(await t.db.ledgerAccount.count({ where: { platformId: f.platformId } })).toBe(2 * (CLEARING_SHARDS + 2));
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
