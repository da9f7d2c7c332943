import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { accountNumberEndingIn, transfersFixture } from "./transfer-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Deterministic PRNG (mulberry32) so a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Change = { amount: number; transactionId?: string };

describe("ledger invariants over a random sequence of money movements", () => {
  it.each([1, 2, 3])("seed %i: balance-changes reconcile with the balance, and every currency's entries sum to zero", async (seed) => {
    const rand = random(seed);
    const f = await transfersFixture(t);
    const externals = {
      plain: await f.externalAccount(),
      ...Object.fromEntries(await Promise.all(["002", "004", "005", "008"].map(async (s) => [s, await f.externalAccount({ accountNumber: accountNumberEndingIn(s) })]))),
    } as Record<string, string>;
    const kinds = Object.keys(externals);
    const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;

    for (let step = 0; step < 25; step++) {
      const amount = 1 + Math.floor(rand() * 500);
      const op = pick(["fund", "out", "out", "in", "advance"] as const);
      if (op === "fund") expect((await f.fund(f.accountId, amount)).status).toBe(200);
      else if (op === "out") expect([200, 400]).toContain((await f.out(externals[pick(kinds)]!, amount)).status);
      else if (op === "in") expect((await f.pull(externals[pick(kinds)]!, amount)).status).toBe(200);
      else await f.advance(1 + Math.floor(rand() * 40));
    }
    await f.advance(60); // let every pending step and refund finish

    const changes: Change[] = [];
    let opening: number | undefined;
    let closing: number | undefined;
    let cursor: string | undefined;
    do {
      const res = await t.call("GET", `/internal-accounts/${f.accountId}/balance-changes?limit=7${cursor ? `&cursor=${cursor}` : ""}`, { auth: f.auth });
      expect(res.status).toBe(200);
      opening ??= res.json.openingBalance.amount;
      closing = res.json.closingBalance.amount;
      changes.push(...res.json.changes);
      cursor = res.json.nextCursor;
    } while (cursor);
    const { available, total } = await f.balance();
    expect(available).toBe(total); // nothing left on hold
    expect(opening! + changes.reduce((sum, c) => sum + c.amount, 0)).toBe(closing);
    expect(closing).toBe(total);
    expect(changes.every((c) => c.transactionId?.startsWith("Transaction:"))).toBe(true);

    const sums = await t.db.ledgerEntry.groupBy({ by: ["currency"], where: { platformId: f.platformId }, _sum: { amount: true } });
    for (const sum of sums) expect(sum._sum.amount, sum.currency).toBe(0n);
    const holds = await t.db.hold.count({ where: { platformId: f.platformId, status: "ACTIVE" } });
    expect(holds).toBe(0);
  });
});
