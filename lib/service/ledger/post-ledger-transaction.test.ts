import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { isServiceError } from "../http/errors";
import { createTestApp, type TestApp } from "../testing/test-app";
import { getBalance } from "./get-balance";
import { LedgerInvariantError } from "./ledger-invariant-error";
import { ledgerFixture } from "./ledger-fixtures";
import type { LedgerTx } from "./ledger-tx";
import { postLedgerTransaction, postLedgerTransactions } from "./post-ledger-transaction";
import { sqlTransaction } from "../sql-transaction";

let t: TestApp;
// The concurrency tests get their own, larger pool so that many transactions really wait on the
// same row lock at once (the app pool has 10 connections).
let pool: pg.Pool;
let wide: PrismaClient;

beforeAll(async () => {
  t = await createTestApp();
  pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 25 });
  wide = new PrismaClient({ adapter: new PrismaPg(pool) });
});
afterAll(async () => {
  await wide.$disconnect();
  await pool.end();
  await t.close();
});

const counts = async (platformId: string) => ({
  transactions: await t.db.ledgerTransaction.count({ where: { platformId } }),
  entries: await t.db.ledgerEntry.count({ where: { platformId } }),
});

describe("postLedgerTransaction", () => {
  it("moves money between accounts and returns each account's new balances", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account({ balance: 100n });
    const b = await f.account();
    const posted = await t.db.$transaction((tx) =>
      postLedgerTransaction(tx, { platformId: f.platformId, kind: "TRANSFER", transactionId: a.internalAccountId!, entries: [{ ledgerAccountId: a.id, amount: -30n }, { ledgerAccountId: b.id, amount: 30n }] }),
    );
    expect(posted.entries.map((e) => [e.ledgerAccountId, e.amount, e.currency])).toEqual([[a.id, -30n, "USD"], [b.id, 30n, "USD"]]);
    expect(posted.balances.find((x) => x.ledgerAccountId === b.id)).toMatchObject({ posted: 30n, held: 0n, available: 30n, internalAccountId: b.internalAccountId });
    expect(await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: a.id })).toEqual({ currency: "USD", posted: 70n, held: 0n, available: 70n });
    expect(await f.entryTotals()).toEqual({ USD: 0n });
  });

  it("on a pg connection the write goes out with the COMMIT; the balances it answers are the ones committed, holds included", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account({ balance: 100n });
    const b = await f.account();
    await t.db.ledgerAccount.update({ where: { id: a.id }, data: { heldAmount: 20n } });
    const posted = await sqlTransaction(
      t.db,
      (tx) => postLedgerTransaction(tx, { platformId: f.platformId, kind: "TRANSFER", entries: [{ ledgerAccountId: a.id, amount: -30n }, { ledgerAccountId: b.id, amount: 30n }] }),
      { maxWait: 2_000, timeout: 5_000 },
    );
    const committed = async (id: string) => ({ ledgerAccountId: id, ...(await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: id })) });
    const answered = posted.balances.map(({ ledgerAccountId, currency, posted, held, available }) => ({ ledgerAccountId, currency, posted, held, available }));
    expect(answered).toEqual(expect.arrayContaining([await committed(a.id), await committed(b.id)]));
    expect(answered.find((x) => x.ledgerAccountId === a.id)).toMatchObject({ posted: 70n, held: 20n, available: 50n });
    expect(await f.entryTotals()).toEqual({ USD: 0n });
  });

  it("refuses a posting that does not sum to zero and writes nothing", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account({ balance: 100n });
    const b = await f.account();
    const before = await counts(f.platformId);
    const attempt = t.db.$transaction((tx) =>
      postLedgerTransaction(tx, { platformId: f.platformId, kind: "TRANSFER", entries: [{ ledgerAccountId: a.id, amount: -30n }, { ledgerAccountId: b.id, amount: 31n }] }),
    );
    await expect(attempt).rejects.toThrow(LedgerInvariantError);
    await expect(attempt).rejects.toThrow(/sum to zero per currency; they sum to 1 USD/);
    expect(await counts(f.platformId)).toEqual(before);
    expect((await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: b.id })).posted).toBe(0n);
  });

  it("writes nothing even when the caller catches the refusal and commits", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account({ balance: 100n });
    const b = await f.account();
    const before = await counts(f.platformId);
    await t.db.$transaction(async (tx) => {
      await expect(postLedgerTransaction(tx, { platformId: f.platformId, kind: "X", entries: [{ ledgerAccountId: a.id, amount: -500n }, { ledgerAccountId: b.id, amount: 500n }] })).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    });
    expect(await counts(f.platformId)).toEqual(before);
  });

  it("refuses entries that balance overall but not per currency", async () => {
    const f = await ledgerFixture(t.db);
    const usd = await f.account({ balance: 100n });
    const eur = await f.account({ currency: "EUR" });
    await expect(
      t.db.$transaction((tx) => postLedgerTransaction(tx, { platformId: f.platformId, kind: "FX", entries: [{ ledgerAccountId: usd.id, amount: -50n }, { ledgerAccountId: eur.id, amount: 50n }] })),
    ).rejects.toThrow(/-50 USD, 50 EUR/);
  });

  it("refuses empty postings, zero amounts, numbers and accounts of another platform", async () => {
    const f = await ledgerFixture(t.db);
    const other = await ledgerFixture(t.db);
    const a = await f.account({ balance: 10n });
    const foreign = await other.account();
    const post = (entries: { ledgerAccountId: string; amount: bigint }[]) =>
      t.db.$transaction((tx) => postLedgerTransaction(tx, { platformId: f.platformId, kind: "X", entries }));
    await expect(post([])).rejects.toThrow(/at least one entry/);
    await expect(post([{ ledgerAccountId: a.id, amount: 0n }])).rejects.toThrow(/is zero/);
    await expect(post([{ ledgerAccountId: a.id, amount: 5 as unknown as bigint }, { ledgerAccountId: a.id, amount: -5n }])).rejects.toThrow(/not a bigint/);
    await expect(post([{ ledgerAccountId: a.id, amount: -5n }, { ledgerAccountId: foreign.id, amount: 5n }])).rejects.toThrow(/do not exist on platform/);
  });

  it("refuses to run on the bare client, where row locks would not last", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account({ balance: 10n });
    const b = await f.account();
    const before = await counts(f.platformId);
    const entries = [{ ledgerAccountId: a.id, amount: -5n }, { ledgerAccountId: b.id, amount: 5n }];
    // @ts-expect-error -- the type already refuses the bare client; the cast below gets past it
    await expect(postLedgerTransaction(t.db, { platformId: f.platformId, kind: "X", entries })).rejects.toThrow(/inside an interactive transaction/);
    const bare = t.db as unknown as LedgerTx;
    await expect(postLedgerTransaction(bare, { platformId: f.platformId, kind: "X", entries: [{ ledgerAccountId: a.id, amount: -5n }, { ledgerAccountId: b.id, amount: 5n }] })).rejects.toThrow(/inside an interactive transaction/);
    expect(await counts(f.platformId)).toEqual(before);
  });

  it("answers INSUFFICIENT_BALANCE naming the account and the shortfall, and lets system accounts go negative", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account({ balance: 25n });
    const { clearing } = await f.system("USD");
    const error = await t.db
      .$transaction((tx) => postLedgerTransaction(tx, { platformId: f.platformId, kind: "PAYOUT", entries: [{ ledgerAccountId: a.id, amount: -40n }, { ledgerAccountId: clearing.id, amount: 40n }] }))
      .catch((e: unknown) => e);
    expect(isServiceError(error) && error.code).toBe("INSUFFICIENT_BALANCE");
    expect((error as Error).message).toBe(
      `Insufficient balance on InternalAccount:${a.internalAccountId}: 25 USD available, 40 required, short by 15 (amounts in the currency's smallest unit)`,
    );
    expect(await f.clearingBalance("USD")).toBe(-25n);
  });

  it("lets exactly 10 of 50 parallel transfer-outs of 10 spend a balance of 100, never below 0", async () => {
    const f = await ledgerFixture(t.db);
    const source = await f.account({ balance: 100n });
    const { clearing } = await f.system("USD");
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        wide.$transaction(
          (tx) =>
            postLedgerTransaction(tx, {
              platformId: f.platformId,
              kind: "TRANSFER_OUT",
              entries: [{ ledgerAccountId: source.id, amount: -10n }, { ledgerAccountId: clearing.id, amount: 10n }],
            }),
          { maxWait: 20_000, timeout: 20_000 },
        ),
      ),
    );
    const ms = performance.now() - started;
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    expect(await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: source.id })).toEqual({ currency: "USD", posted: 0n, held: 0n, available: 0n });
    expect(await t.db.ledgerEntry.aggregate({ where: { ledgerAccountId: source.id }, _sum: { amount: true } })).toEqual({ _sum: { amount: 0n } });
    expect(await t.db.ledgerTransaction.count({ where: { platformId: f.platformId, kind: "TRANSFER_OUT" } })).toBe(10);
    expect(await f.entryTotals()).toEqual({ USD: 0n });
    console.log(`50 parallel transfer-outs on one account: ${ms.toFixed(0)} ms`);
  });

  it("completes A→B and B→A transfers running in parallel without deadlocking", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account({ balance: 1_000n });
    const b = await f.account({ balance: 1_000n });
    const transfer = (from: string, to: string, amount: bigint) =>
      wide.$transaction(
        (tx) => postLedgerTransaction(tx, { platformId: f.platformId, kind: "TRANSFER", entries: [{ ledgerAccountId: from, amount: -amount }, { ledgerAccountId: to, amount }] }),
        { maxWait: 20_000, timeout: 20_000 },
      );
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? transfer(a.id, b.id, 7n) : transfer(b.id, a.id, 3n))));
    const ms = performance.now() - started;
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect((await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: a.id })).posted).toBe(1_000n - 50n * 7n + 50n * 3n);
    expect((await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: b.id })).posted).toBe(1_000n + 50n * 7n - 50n * 3n);
    console.log(`100 crossing transfers A↔B: ${ms.toFixed(0)} ms`);
  });

  describe("postLedgerTransactions (several postings of one payment)", () => {
    it("checks each posting against the balances the ones before it leave, writes one ledger transaction each, and answers each one's balances", async () => {
      const f = await ledgerFixture(t.db);
      const a = await f.account({ balance: 100n });
      const b = await f.account();
      const c = await f.account();
      const before = await counts(f.platformId);
      // b is empty when the call starts: only the first posting's credit lets the second debit it.
      const [first, second] = await sqlTransaction(
        t.db,
        (tx) =>
          postLedgerTransactions(tx, [
            { platformId: f.platformId, kind: "FIRST", entries: [{ ledgerAccountId: a.id, amount: -60n }, { ledgerAccountId: b.id, amount: 60n }] },
            { platformId: f.platformId, kind: "SECOND", entries: [{ ledgerAccountId: b.id, amount: -50n }, { ledgerAccountId: c.id, amount: 50n }] },
          ]),
        { maxWait: 2_000, timeout: 5_000 },
      );
      expect(first!.balances.find((x) => x.ledgerAccountId === b.id)).toMatchObject({ posted: 60n, available: 60n });
      expect(second!.balances.find((x) => x.ledgerAccountId === b.id)).toMatchObject({ posted: 10n, available: 10n });
      expect(second!.balances.find((x) => x.ledgerAccountId === c.id)).toMatchObject({ posted: 50n });
      expect(first!.id).not.toBe(second!.id);
      expect(await counts(f.platformId)).toEqual({ transactions: before.transactions + 2, entries: before.entries + 4 });
      const kinds = await t.db.ledgerTransaction.findMany({ where: { id: { in: [first!.id, second!.id] } }, select: { kind: true }, orderBy: { id: "asc" } });
      expect(kinds.map((k) => k.kind)).toEqual(["FIRST", "SECOND"]);
      for (const [account, posted] of [[a, 40n], [b, 10n], [c, 50n]] as const) expect((await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: account.id })).posted).toBe(posted);
      expect(await f.entryTotals()).toEqual({ USD: 0n });
    });

    it("refuses them all, writing nothing, when a later one cannot be covered", async () => {
      const f = await ledgerFixture(t.db);
      const a = await f.account({ balance: 100n });
      const b = await f.account();
      const c = await f.account();
      const before = await counts(f.platformId);
      await t.db.$transaction(async (tx) => {
        await expect(
          postLedgerTransactions(tx, [
            { platformId: f.platformId, kind: "FIRST", entries: [{ ledgerAccountId: a.id, amount: -60n }, { ledgerAccountId: b.id, amount: 60n }] },
            { platformId: f.platformId, kind: "SECOND", entries: [{ ledgerAccountId: b.id, amount: -61n }, { ledgerAccountId: c.id, amount: 61n }] },
          ]),
        ).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE", message: expect.stringContaining("60 USD available, 61 required") });
      });
      expect(await counts(f.platformId)).toEqual(before);
      expect((await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: a.id })).posted).toBe(100n);
    });
  });

  it("sustains a measurable posting rate (sequential, and parallel on disjoint accounts)", async () => {
    const f = await ledgerFixture(t.db);
    const { clearing } = await f.system("USD");
    const accounts = await Promise.all(Array.from({ length: 20 }, () => f.account()));
    // Warm-up so connection setup and query planning are not measured.
    await f.fund(accounts[0]!.id, 1n);

    const sequential = 200;
    let started = performance.now();
    for (let i = 0; i < sequential; i++) await f.fund(accounts[i % accounts.length]!.id, 1n);
    const sequentialRate = sequential / ((performance.now() - started) / 1000);

    // Each posting touches its own customer account but all share the clearing account's lock,
    // which is what every funding or payout of one currency looks like.
    const parallel = 400;
    started = performance.now();
    const queue = Array.from({ length: parallel }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          const accountId = accounts[i % accounts.length]!.id;
          await wide.$transaction((tx) =>
            postLedgerTransaction(tx, { platformId: f.platformId, kind: "SANDBOX_FUND", entries: [{ ledgerAccountId: clearing.id, amount: -1n }, { ledgerAccountId: accountId, amount: 1n }] }),
          );
        }
      }),
    );
    const parallelRate = parallel / ((performance.now() - started) / 1000);
    expect(await f.entryTotals()).toEqual({ USD: 0n });
    expect(await f.clearingBalance("USD")).toBe(-BigInt(1 + sequential + parallel));
    console.log(`postings/s: ${sequentialRate.toFixed(0)} sequential, ${parallelRate.toFixed(0)} with 20 workers sharing the clearing account`);
  });
});
