import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { cardsFixture, plainDescriptor, type CardTx } from "./cards-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Deterministic PRNG (mulberry32) so a failing sequence can be replayed from its seed. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe("ledger invariant after a random sequence of card simulations", () => {
  for (const seed of [7, 42]) {
    it(`seed ${seed}: entries sum to zero per currency, cached balances equal entries and holds, balances match the card rows`, async () => {
      const initial = 20_000;
      const f = await cardsFixture(t, { funding: initial });
      const random = prng(seed);
      const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
      const amount = (max: number) => 1 + Math.floor(random() * max);
      const suffixes = ["", "", "", "-002", "-003", "-005", "-006"];
      const statuses: number[] = [];

      for (let step = 0; step < 60; step++) {
        const rows = await f.cardTransactions();
        const open = rows.filter((r) => (r.status === "AUTHORIZED" || r.status === "PARTIALLY_SETTLED") && r.authorizedAmount.amount > 0);
        const returnable = rows.filter((r) => r.direction === "DEBIT" && (r.status === "SETTLED" || r.status === "PARTIALLY_SETTLED") && r.settledAmount.amount > r.refundedAmount.amount);
        const refunds = rows.filter((r) => r.originalTransactionId !== null && r.status === "SETTLED");
        const roll = random();
        const merchant = { descriptor: `${plainDescriptor()}${pick(suffixes)}` };
        let res;
        if (roll < 0.3) res = await f.simulate(pick(["authorization", "financial_authorization", "credit_authorization", "financial_credit_authorization"])!, { amount: amount(3000), currency: { code: "USD" }, merchant });
        else if (roll < 0.55 && open.length > 0) {
          const row = pick(open)!;
          const rest = row.authorizedAmount.amount - row.settledAmount.amount;
          res = await f.simulate("clearing", { cardTransactionId: row.id, amount: pick([0, Math.max(1, Math.floor(rest / 2)), rest, rest + amount(500)])! });
        } else if (roll < 0.7 && returnable.length > 0) {
          const row = pick(returnable)!;
          res = await f.simulate("return", { cardTransactionId: row.id, amount: amount(row.settledAmount.amount - row.refundedAmount.amount) });
        } else if (roll < 0.8 && refunds.length > 0) res = await f.simulate("return_reversal", { cardTransactionId: pick(refunds)!.id });
        else if (roll < 0.9 && open.length > 0) {
          const row = pick(open.filter((r) => r.direction === "DEBIT")) ?? open[0]!;
          res = await f.simulate("authorization_advice", { cardTransactionId: row.id, amount: row.settledAmount.amount + amount(2000) });
        } else if (roll < 0.95) res = await f.simulate("balance_inquiry", { merchant });
        else res = await f.patch({ state: (await f.getCard()).state === "ACTIVE" ? "FROZEN" : "ACTIVE" });
        statuses.push(res.status);
        expect(res.status, `step ${step}: ${res.text}`).toBeLessThan(500);
      }
      expect(statuses.filter((s) => s === 202).length).toBeGreaterThan(30);

      // 1. Every ledger transaction of the platform sums to zero per currency.
      const unbalanced = await t.db.$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM (
          SELECT e."ledgerTransactionId", e."currency" FROM "LedgerEntry" e WHERE e."platformId" = ${f.platformId}::uuid
          GROUP BY e."ledgerTransactionId", e."currency" HAVING sum(e."amount") <> 0
        ) x`;
      expect(Number(unbalanced[0]!.n)).toBe(0);
      // 2. Cached posted balances equal the sum of entries; held amounts equal the ACTIVE holds.
      const accounts = await t.db.ledgerAccount.findMany({ where: { platformId: f.platformId }, include: { entries: true, holds: true } });
      for (const account of accounts) {
        expect(account.postedBalance).toBe(account.entries.reduce((sum, e) => sum + e.amount, 0n));
        expect(account.heldAmount).toBe(account.holds.filter((h) => h.status === "ACTIVE").reduce((sum, h) => sum + h.amount, 0n));
      }
      // 3. The funding account agrees with the card rows.
      const rows: CardTx[] = await f.cardTransactions();
      const debited = rows.filter((r) => r.direction === "DEBIT").reduce((sum, r) => sum + r.settledAmount.amount, 0);
      const credited = rows.filter((r) => r.direction === "CREDIT" && r.status !== "VOIDED").reduce((sum, r) => sum + r.settledAmount.amount, 0);
      const held = rows
        .filter((r) => r.direction === "DEBIT" && (r.status === "AUTHORIZED" || r.status === "PARTIALLY_SETTLED"))
        .reduce((sum, r) => sum + r.authorizedAmount.amount - r.settledAmount.amount, 0);
      const balance = await f.balance();
      expect(balance.total).toBe(initial - debited + credited);
      expect(balance.total - balance.available).toBe(held);
      expect(balance.available).toBeGreaterThanOrEqual(0);
      // 4. Refunds never exceed what settled.
      for (const r of rows) expect(r.refundedAmount.amount).toBeLessThanOrEqual(r.settledAmount.amount);
    });
  }
});
