import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { transientConflictError } from "@/lib/service/http/errors";
import { sqlTransaction } from "@/lib/service/sql-transaction";
import { commitFailurePercent } from "./commit-faults";
import { openDatabase, type Database } from "./open-database";

// The fault the reliability suite's fault test injects (FAULT_COMMIT_FAILURE_PERCENT), here at 100 %:
// what a refused COMMIT leaves behind and how each way of running a transaction reports it.
describe("FAULT_COMMIT_FAILURE_PERCENT", () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    await admin.query(`CREATE TABLE IF NOT EXISTS commit_fault_probe (id text PRIMARY KEY)`);
  });
  afterAll(async () => {
    await admin.query(`DROP TABLE IF EXISTS commit_fault_probe`);
    await admin.end();
  });
  afterEach(() => {
    delete process.env.FAULT_COMMIT_FAILURE_PERCENT;
    vi.restoreAllMocks();
  });

  const stored = async (id: string) => (await admin.query(`SELECT 1 FROM commit_fault_probe WHERE id = $1`, [id])).rowCount;

  async function withFailingCommits(percent: string, fn: (db: Database) => Promise<void>) {
    process.env.FAULT_COMMIT_FAILURE_PERCENT = percent;
    const db = await openDatabase({ url: inject("databaseUrl") });
    try {
      await fn(db);
    } finally {
      await db.close();
    }
  }

  test("is off unless set to a positive number, and at most 100", () => {
    for (const [value, percent] of [[undefined, 0], ["", 0], ["abc", 0], ["-5", 0], ["0", 0], ["1", 1], ["0.5", 0.5], ["250", 100]] as const) {
      if (value === undefined) delete process.env.FAULT_COMMIT_FAILURE_PERCENT;
      else process.env.FAULT_COMMIT_FAILURE_PERCENT = value;
      expect(commitFailurePercent(), `FAULT_COMMIT_FAILURE_PERCENT=${value}`).toBe(percent);
    }
  });

  test("a Prisma transaction whose COMMIT is refused keeps nothing and is reported as a retryable conflict, logged once", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await withFailingCommits("100", async (db) => {
      const id = randomUUID();
      const failed = await db.prisma.$transaction((tx) => tx.$executeRaw`INSERT INTO commit_fault_probe (id) VALUES (${id})`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(failed).not.toBeNull();
      expect(transientConflictError(failed)?.details).toEqual({ retryable: true });
      expect(await stored(id)).toBe(0);
      expect(log.mock.calls.filter(([line]) => String(line).includes('"injected COMMIT failure"'))).toHaveLength(1);
    });
  });

  test("a raw-SQL transaction is run again after each refused COMMIT, then reported as a retryable conflict; nothing of any run stays", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    await withFailingCommits("100", async (db) => {
      const ids: string[] = [];
      const failed = await sqlTransaction(
        db.prisma,
        async (tx) => {
          const id = randomUUID();
          ids.push(id);
          await tx.$executeRaw`INSERT INTO commit_fault_probe (id) VALUES (${id})`;
        },
        { maxWait: 5_000, timeout: 5_000 },
      ).then(
        () => null,
        (e: unknown) => e,
      );
      expect(ids.length).toBeGreaterThan(1);
      expect(transientConflictError(failed)?.details).toEqual({ retryable: true });
      for (const id of ids) expect(await stored(id)).toBe(0);
    });
  });

  test("set to 0, every COMMIT goes through", async () => {
    await withFailingCommits("0", async (db) => {
      const id = randomUUID();
      await db.prisma.$transaction((tx) => tx.$executeRaw`INSERT INTO commit_fault_probe (id) VALUES (${id})`);
      expect(await stored(id)).toBe(1);
    });
  });
});
