import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { transientConflictError } from "@/lib/service/http/errors";
import { sqlTransaction } from "@/lib/service/sql-transaction";
import { injectedFaults } from "./fault-injection";
import { openDatabase, type Database } from "./open-database";

// The faults the reliability suite's fault test injects, here at 100 %: what a refused COMMIT or
// a failed statement leaves behind, and how each way of running a transaction reports it.
describe("fault injection (FAULT_COMMIT_FAILURE_PERCENT, FAULT_STATEMENT_FAILURE_PERCENT)", () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    await admin.query(`CREATE TABLE IF NOT EXISTS fault_probe (id text PRIMARY KEY)`);
  });
  afterAll(async () => {
    await admin.query(`DROP TABLE IF EXISTS fault_probe`);
    await admin.end();
  });
  afterEach(() => {
    delete process.env.FAULT_COMMIT_FAILURE_PERCENT;
    delete process.env.FAULT_STATEMENT_FAILURE_PERCENT;
    vi.restoreAllMocks();
  });

  const stored = async (id: string) => (await admin.query(`SELECT 1 FROM fault_probe WHERE id = $1`, [id])).rowCount;
  const injectedLines = (log: { mock: { calls: unknown[][] } }, msg: string) => log.mock.calls.filter(([line]) => String(line).includes(`"${msg}"`)).length;

  async function withFaults(env: Record<string, string>, fn: (db: Database) => Promise<void>) {
    Object.assign(process.env, env);
    const db = await openDatabase({ url: inject("databaseUrl") });
    try {
      await fn(db);
    } finally {
      await db.close();
    }
  }
  const insertInPrismaTransaction = (db: Database, id: string) =>
    db.prisma.$transaction((tx) => tx.$executeRaw`INSERT INTO fault_probe (id) VALUES (${id})`).then(
      () => null,
      (e: unknown) => e,
    );
  /** sqlTransaction (raw SQL on a pooled connection): each run inserts a new id. */
  const insertInSqlTransaction = async (db: Database) => {
    const ids: string[] = [];
    const failed = await sqlTransaction(
      db.prisma,
      async (tx) => {
        const id = randomUUID();
        ids.push(id);
        await tx.$executeRaw`INSERT INTO fault_probe (id) VALUES (${id})`;
      },
      { maxWait: 5_000, timeout: 5_000 },
    ).then(
      () => null,
      (e: unknown) => e,
    );
    return { ids, failed };
  };

  test("is off unless set to a positive number, and at most 100", () => {
    for (const [value, percent] of [[undefined, 0], ["", 0], ["abc", 0], ["-5", 0], ["0", 0], ["1", 1], ["0.5", 0.5], ["250", 100]] as const) {
      if (value === undefined) delete process.env.FAULT_COMMIT_FAILURE_PERCENT;
      else process.env.FAULT_COMMIT_FAILURE_PERCENT = value;
      expect(injectedFaults()?.commitPercent ?? 0, `FAULT_COMMIT_FAILURE_PERCENT=${value}`).toBe(percent);
    }
    process.env.FAULT_STATEMENT_FAILURE_PERCENT = "2";
    expect(injectedFaults()).toEqual({ commitPercent: 100, statementPercent: 2 });
  });

  test("a Prisma transaction whose COMMIT is refused keeps nothing and is reported as a retryable conflict, logged once", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await withFaults({ FAULT_COMMIT_FAILURE_PERCENT: "100" }, async (db) => {
      const id = randomUUID();
      const failed = await insertInPrismaTransaction(db, id);
      expect(transientConflictError(failed)?.details).toEqual({ retryable: true });
      expect(await stored(id)).toBe(0);
      expect(injectedLines(log, "injected COMMIT failure")).toBe(1);
    });
  });

  test("a raw-SQL transaction is run again after each refused COMMIT, then reported as a retryable conflict; nothing of any run stays", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    await withFaults({ FAULT_COMMIT_FAILURE_PERCENT: "100" }, async (db) => {
      const { ids, failed } = await insertInSqlTransaction(db);
      expect(ids.length).toBeGreaterThan(1);
      expect(transientConflictError(failed)?.details).toEqual({ retryable: true });
      for (const id of ids) expect(await stored(id)).toBe(0);
    });
  });

  test("a statement inside a transaction fails on the server as a deadlock, in either kind of transaction; statements outside transactions run", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await withFaults({ FAULT_STATEMENT_FAILURE_PERCENT: "100" }, async (db) => {
      const id = randomUUID();
      const failed = await insertInPrismaTransaction(db, id);
      expect(transientConflictError(failed)?.details).toEqual({ retryable: true });
      expect(await stored(id)).toBe(0);
      const raw = await insertInSqlTransaction(db);
      expect(raw.ids.length).toBeGreaterThan(1);
      expect((raw.failed as { code?: string }).code).toBe("40P01");
      for (const each of raw.ids) expect(await stored(each)).toBe(0);
      expect(injectedLines(log, "injected statement failure")).toBe(1 + raw.ids.length);
      // A lone statement is not inside a transaction: it runs.
      const lone = randomUUID();
      await db.prisma.$executeRaw`INSERT INTO fault_probe (id) VALUES (${lone})`;
      expect(await stored(lone)).toBe(1);
    });
  });

  test("set to 0, every statement and COMMIT goes through", async () => {
    await withFaults({ FAULT_COMMIT_FAILURE_PERCENT: "0", FAULT_STATEMENT_FAILURE_PERCENT: "0" }, async (db) => {
      const id = randomUUID();
      expect(await insertInPrismaTransaction(db, id)).toBeNull();
      expect(await stored(id)).toBe(1);
      const raw = await insertInSqlTransaction(db);
      expect(raw.failed).toBeNull();
      expect(await stored(raw.ids[0]!)).toBe(1);
    });
  });
});
