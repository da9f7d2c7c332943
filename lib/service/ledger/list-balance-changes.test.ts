import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hold, LedgerAccount } from "@/lib/generated/prisma/client";
import { isServiceError } from "../http/errors";
import { createTestApp, type TestApp } from "../testing/test-app";
import { captureHold } from "./capture-hold";
import { createLedgerAccount } from "./create-ledger-account";
import { getBalance } from "./get-balance";
import { ledgerFixture } from "./ledger-fixtures";
import { listBalanceChanges, type BalanceChange } from "./list-balance-changes";
import { placeHold } from "./place-hold";
import { postLedgerTransaction, type LedgerEntryInput } from "./post-ledger-transaction";
import { releaseHold } from "./release-hold";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = Date.UTC(2026, 0, 1);
const at = (minutes: number) => new Date(BASE + minutes * 60_000);

/** Every page of one window, checking that each page repeats the same opening and closing. */
async function allPages(platformId: string, ledgerAccountId: string, window: { startDate?: Date; endDate?: Date }, limit: number) {
  const changes: BalanceChange[] = [];
  let cursor: string | undefined;
  let first: { openingBalance: bigint; closingBalance: bigint } | undefined;
  for (let pages = 0; ; pages++) {
    const page = await listBalanceChanges(t.db, { platformId, ledgerAccountId, ...window, limit, cursor });
    first ??= page;
    expect([page.openingBalance, page.closingBalance]).toEqual([first.openingBalance, first.closingBalance]);
    expect(page.changes.length).toBeLessThanOrEqual(limit);
    changes.push(...page.changes);
    if (!page.hasMore) {
      expect(page.nextCursor).toBeUndefined();
      return { openingBalance: first.openingBalance, closingBalance: first.closingBalance, changes };
    }
    expect(page.changes).toHaveLength(limit);
    cursor = page.nextCursor;
    if (pages > 10_000) throw new Error("paging does not end");
  }
}

/** Deterministic PRNG (mulberry32) so that a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T,>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}

describe("listBalanceChanges", () => {
  it("includes startDate, excludes endDate, and sums each ledger transaction's entries into one change", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account();
    const { clearing, fees } = await f.system("USD");
    await f.fund(a.id, 1_000n, "USD", at(0));
    await f.fund(a.id, 500n, "USD", at(10));
    const transactionId = a.internalAccountId!;
    // A payout with a fee: two entries on the account, one change of -110.
    await t.db.$transaction((tx) =>
      postLedgerTransaction(tx, {
        platformId: f.platformId,
        kind: "TRANSFER_OUT",
        transactionId,
        effectiveAt: at(20),
        entries: [
          { ledgerAccountId: a.id, amount: -100n },
          { ledgerAccountId: a.id, amount: -10n },
          { ledgerAccountId: clearing.id, amount: 100n },
          { ledgerAccountId: fees.id, amount: 10n },
        ],
      }),
    );
    await f.fund(a.id, 7n, "USD", at(30));

    const page = await listBalanceChanges(t.db, { platformId: f.platformId, ledgerAccountId: a.id, startDate: at(10), endDate: at(30), limit: 10 });
    expect(page).toMatchObject({ openingBalance: 1_000n, closingBalance: 1_390n, hasMore: false });
    expect(page.changes.map((c) => [c.amount, c.effectiveAt.toISOString(), c.transactionId])).toEqual([
      [500n, at(10).toISOString(), undefined],
      [-110n, at(20).toISOString(), transactionId],
    ]);
    expect(page.changes[0]).not.toHaveProperty("transactionId");

    const empty = await listBalanceChanges(t.db, { platformId: f.platformId, ledgerAccountId: a.id, startDate: at(11), endDate: at(19), limit: 10 });
    expect(empty).toEqual({ openingBalance: 1_500n, closingBalance: 1_500n, changes: [], hasMore: false });
    const everything = await listBalanceChanges(t.db, { platformId: f.platformId, ledgerAccountId: a.id, limit: 2 });
    expect(everything).toMatchObject({ openingBalance: 0n, closingBalance: 1_397n, hasMore: true });
    const rest = await listBalanceChanges(t.db, { platformId: f.platformId, ledgerAccountId: a.id, limit: 2, cursor: everything.nextCursor });
    expect(rest.changes.map((c) => c.amount)).toEqual([-110n, 7n]);
  });

  it("answers NOT_FOUND for another platform's account and INVALID_INPUT for a forged cursor or reversed window", async () => {
    const f = await ledgerFixture(t.db);
    const other = await ledgerFixture(t.db);
    const a = await f.account({ balance: 5n });
    await expect(listBalanceChanges(t.db, { platformId: other.platformId, ledgerAccountId: a.id, limit: 10 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(listBalanceChanges(t.db, { platformId: f.platformId, ledgerAccountId: a.id, limit: 10, cursor: "nope" })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    const forged = Buffer.from(JSON.stringify([at(0).toISOString(), "'; drop table x"])).toString("base64url");
    await expect(listBalanceChanges(t.db, { platformId: f.platformId, ledgerAccountId: a.id, limit: 10, cursor: forged })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(listBalanceChanges(t.db, { platformId: f.platformId, ledgerAccountId: a.id, limit: 10, startDate: at(5), endDate: at(4) })).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it("after random operations in parallel lanes: entries sum to 0 per currency, caches match entries, and every window reconciles", async () => {
    const seed = Number(process.env.LEDGER_SEED) || Math.floor(Math.random() * 2 ** 31);
    console.log(`ledger random operations seed ${seed} (LEDGER_SEED=${seed} replays the choices; the lanes may interleave differently)`);
    const r = random(seed);
    const f = await ledgerFixture(t.db);
    const { platformId } = f;
    const usd = await f.system("USD");
    const eur = await f.system("EUR");
    const customersUsd = await Promise.all([1, 2, 3, 4].map(() => f.account({ currency: "USD" })));
    const customersEur = await Promise.all([1, 2, 3].map(() => f.account({ currency: "EUR" })));
    const platformUsd = await createLedgerAccount(t.db, { platformId, currency: "USD", kind: "PLATFORM_INTERNAL", internalAccountId: customersUsd[0]!.id });
    const systemAccounts = [usd.clearing, usd.fees, usd.fx, eur.clearing, eur.fees, eur.fx].map((a) => ({ ...a, allowNegative: true }));
    const all: Pick<LedgerAccount, "id" | "currency" | "allowNegative">[] = [...customersUsd, ...customersEur, platformUsd, ...systemAccounts];

    const model = { entries: [] as { ledgerAccountId: string; amount: bigint; effectiveAt: Date; ledgerTransactionId: string }[], holds: new Map<string, Hold>() };
    // A few shared instants make ties on effectiveAt common, so the id tie-break is exercised.
    const when = () => (r.next() < 0.3 ? at(r.pick([100, 200, 300])) : at(r.int(0, 1_000)));
    const amount = (max: number) => BigInt(r.int(1, max));
    let refused = 0;

    const post = async (kind: string, entries: LedgerEntryInput[]) => {
      const effectiveAt = when();
      const posted = await t.db.$transaction((tx) => postLedgerTransaction(tx, { platformId, kind, effectiveAt, entries }));
      for (const e of posted.entries) model.entries.push({ ledgerAccountId: e.ledgerAccountId, amount: e.amount, effectiveAt, ledgerTransactionId: posted.id });
    };
    const operations = [
      async () => {
        const [account, system] = r.next() < 0.6 ? [r.pick(customersUsd), usd] : [r.pick(customersEur), eur];
        const value = amount(5_000);
        await post("SANDBOX_FUND", [{ ledgerAccountId: system.clearing.id, amount: -value }, { ledgerAccountId: account.id, amount: value }]);
      },
      async () => {
        const pool = r.next() < 0.6 ? customersUsd : customersEur;
        const [from, to] = [r.pick(pool), r.pick(pool)];
        if (from.id === to.id) return;
        const value = amount(3_000);
        await post("TRANSFER", [{ ledgerAccountId: from.id, amount: -value }, { ledgerAccountId: to.id, amount: value }]);
      },
      async () => {
        // Payout with a Service fee and a platform fee, fees inside the customer's change (§2.4).
        const value = amount(3_000);
        const [fee, platformFee] = [value / 100n, value / 50n];
        await post("TRANSFER_OUT", [
          { ledgerAccountId: r.pick(customersUsd).id, amount: -value },
          { ledgerAccountId: usd.clearing.id, amount: value - fee - platformFee },
          { ledgerAccountId: usd.fees.id, amount: fee },
          ...(platformFee > 0n ? [{ ledgerAccountId: platformUsd.id, amount: platformFee }] : []),
        ].filter((e) => e.amount !== 0n));
      },
      async () => {
        const [value, received] = [amount(2_000), amount(2_000)];
        await post("FX", [
          { ledgerAccountId: r.pick(customersUsd).id, amount: -value },
          { ledgerAccountId: usd.fx.id, amount: value },
          { ledgerAccountId: eur.fx.id, amount: -received },
          { ledgerAccountId: r.pick(customersEur).id, amount: received },
        ]);
      },
      async () => {
        const account = r.pick([...customersUsd, ...customersEur]);
        const hold = await t.db.$transaction((tx) => placeHold(tx, { platformId, ledgerAccountId: account.id, amount: amount(2_000) }));
        model.holds.set(hold.id, hold);
      },
      async () => {
        const active = [...model.holds.values()].filter((h) => h.status === "ACTIVE");
        if (active.length === 0) return;
        const hold = r.pick(active);
        model.holds.set(hold.id, await t.db.$transaction((tx) => releaseHold(tx, { platformId, holdId: hold.id })));
      },
      async () => {
        const active = [...model.holds.values()].filter((h) => h.status === "ACTIVE");
        if (active.length === 0) return;
        const hold = r.pick(active);
        const system = hold.currency === "USD" ? usd : eur;
        // Sometimes more than held: allowed when the rest of the balance covers it.
        const value = hold.amount - 1n > 0n && r.next() < 0.5 ? hold.amount - 1n : hold.amount + BigInt(r.int(0, 50));
        const effectiveAt = when();
        const result = await t.db.$transaction((tx) =>
          captureHold(tx, { platformId, holdId: hold.id, kind: "CARD_CAPTURE", effectiveAt, entries: [{ ledgerAccountId: hold.ledgerAccountId, amount: -value }, { ledgerAccountId: system.clearing.id, amount: value }] }),
        );
        model.holds.set(hold.id, result.hold);
        if (result.isReplay) return; // another lane captured it first
        model.entries.push(
          { ledgerAccountId: hold.ledgerAccountId, amount: -value, effectiveAt, ledgerTransactionId: result.ledgerTransactionId },
          { ledgerAccountId: system.clearing.id, amount: value, effectiveAt, ledgerTransactionId: result.ledgerTransactionId },
        );
      },
    ];
    // Four lanes run side by side over the same accounts and holds, so locks really contend.
    const lane = async () => {
      for (let i = 0; i < 80; i++) {
        try {
          await r.pick(operations)();
        } catch (e) {
          // A lane may reach a hold that another lane has just captured or released.
          if (!(isServiceError(e) && (e.code === "INSUFFICIENT_BALANCE" || e.code === "INVALID_STATE_TRANSITION"))) throw e;
          refused++;
        }
      }
    };
    await Promise.all([lane(), lane(), lane(), lane()]);
    expect(refused).toBeGreaterThan(0); // the sequence did push accounts to their limit

    expect(await f.entryTotals()).toEqual({ USD: 0n, EUR: 0n });
    const sum = (entries: { amount: bigint }[]) => entries.reduce((s, e) => s + e.amount, 0n);
    for (const account of all) {
      const mine = model.entries.filter((e) => e.ledgerAccountId === account.id);
      const held = sum([...model.holds.values()].filter((h) => h.ledgerAccountId === account.id && h.status === "ACTIVE"));
      const balance = await getBalance(t.db, { platformId, ledgerAccountId: account.id });
      expect(balance).toEqual({ currency: account.currency, posted: sum(mine), held, available: sum(mine) - held });
      if (!account.allowNegative) expect(balance.available).toBeGreaterThanOrEqual(0n);

      const windows: { startDate?: Date; endDate?: Date }[] = [{}, { startDate: at(300) }, { endDate: at(300) }, { startDate: at(200), endDate: at(200) }];
      for (let w = 0; w < 4; w++) {
        const [x, y] = [r.int(-10, 1_010), r.int(-10, 1_010)];
        windows.push({ startDate: at(Math.min(x, y)), endDate: at(Math.max(x, y)) });
      }
      for (const window of windows) {
        const listed = await allPages(platformId, account.id, window, r.pick([1, 2, 3, 7, 100]));
        const inWindow = mine.filter((e) => (!window.startDate || e.effectiveAt >= window.startDate) && (!window.endDate || e.effectiveAt < window.endDate));
        expect(listed.openingBalance).toBe(sum(mine.filter((e) => window.startDate && e.effectiveAt < window.startDate)));
        expect(listed.closingBalance).toBe(listed.openingBalance + sum(listed.changes));
        expect(listed.closingBalance).toBe(listed.openingBalance + sum(inWindow));
        if (!window.startDate && !window.endDate) expect(listed.closingBalance).toBe(balance.posted);
        // One change per ledger transaction, each equal to that transaction's entries here, in (effectiveAt, id) order.
        const perTransaction = new Map<string, bigint>();
        for (const e of inWindow) perTransaction.set(e.ledgerTransactionId, (perTransaction.get(e.ledgerTransactionId) ?? 0n) + e.amount);
        expect(new Map(listed.changes.map((c) => [c.id, c.amount]))).toEqual(perTransaction);
        const keys = listed.changes.map((c) => `${c.effectiveAt.toISOString()} ${c.id}`);
        expect(keys).toEqual([...keys].sort());
        expect(new Set(keys).size).toBe(keys.length);
      }
    }
  });
});
