import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { sqlTransaction } from "@/lib/service/sql-transaction";
import { openDatabase, type Database } from "./open-database";

// Every pooled connection of openDatabase answers a follow-on 25P02 with the failure that aborted
// the transaction (abort-cause.ts).
let db: Database;
beforeAll(async () => {
  db = await openDatabase({ url: inject("databaseUrl") });
});
afterAll(async () => {
  await db.close();
});

test("in a transaction, statements pipelined after a failed one answer with its failure, not with 'current transaction is aborted'", async () => {
  const answers = await sqlTransaction(
    db.prisma,
    async (tx) => {
      // All three go out in one write (the first with the BEGIN); PostgreSQL refuses the last two with 25P02.
      const settled = await Promise.allSettled([tx.$queryRawUnsafe(`SELECT 1/0`), tx.$queryRawUnsafe(`SELECT 1 AS one`), tx.$executeRawUnsafe(`SELECT 2`)]);
      throw settled;
    },
    { maxWait: 5_000, timeout: 5_000 },
  ).catch((settled: PromiseSettledResult<unknown>[]) => settled);
  const reasons = answers.map((a) => (a as PromiseRejectedResult).reason as { code?: string; message?: string });
  expect(reasons.map((r) => r.code)).toEqual(["22012", "22012", "22012"]);
  expect(reasons[1]!.message).toMatch(/division by zero/);
  // Rolled back to a savepoint, the transaction runs again, and a later refusal is its own.
  const after = await sqlTransaction(
    db.prisma,
    async (tx) => {
      await tx.$executeRawUnsafe(`SAVEPOINT s`);
      await tx.$queryRawUnsafe(`SELECT 1/0`).catch(() => tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT s`));
      expect(await tx.$queryRawUnsafe(`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
      throw await Promise.allSettled([tx.$queryRawUnsafe(`SELECT 'x'::int`), tx.$queryRawUnsafe(`SELECT 1`)]);
    },
    { maxWait: 5_000, timeout: 5_000 },
  ).catch((settled: PromiseRejectedResult[]) => settled);
  expect((after as PromiseRejectedResult[]).map((a) => (a.reason as { code?: string }).code)).toEqual(["22P02", "22P02"]);
});

