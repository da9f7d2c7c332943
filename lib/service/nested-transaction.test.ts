import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/open-database";
import type { SqlTx, Tx } from "./db";
import { databaseUnavailableError, transientConflictError } from "./http/errors";
import { poolOf } from "@/lib/db/sql";
import { conflictRetryingDb, tellingConnectionLoss, transactionScopedDb } from "./nested-transaction";
import { sqlTransaction } from "./sql-transaction";
import { cutAtCommit } from "./testing/cut-at-commit";

// Two steps that take the same two row locks in opposite orders, each waiting for the other to hold
// its first lock: PostgreSQL must abort one of them for the deadlock (after deadlock_timeout, 1 s).
let database: Database;
const table = `deadlock_probe_${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  database = await openDatabase({ url: inject("databaseUrl") });
  await database.prisma.$executeRawUnsafe(`CREATE TABLE "${table}" (id int PRIMARY KEY, n int NOT NULL)`);
});
afterAll(async () => {
  await database.prisma.$executeRawUnsafe(`DROP TABLE "${table}"`);
  await database.close();
});

async function reset() {
  await database.prisma.$executeRawUnsafe(`TRUNCATE "${table}"`);
  await database.prisma.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (1, 0), (2, 0)`);
}

/** Both steps' first attempts meet here holding their first lock; later attempts pass straight on. */
function crossingSteps() {
  const attempts = { first: 0, second: 0 };
  let arrived = 0;
  let release!: () => void;
  const bothHoldTheirFirstLock = new Promise<void>((r) => (release = r));
  const step = (which: "first" | "second", order: [number, number]) => async (db: Runner) => {
    attempts[which]++;
    await db.$executeRawUnsafe(`UPDATE "${table}" SET n = n + 1 WHERE id = ${order[0]}`);
    if (attempts[which] === 1) {
      if (++arrived === 2) release();
      await bothHoldTheirFirstLock;
    }
    await db.$executeRawUnsafe(`UPDATE "${table}" SET n = n + 1 WHERE id = ${order[1]}`);
    return which;
  };
  return { attempts, first: step("first", [1, 2]), second: step("second", [2, 1]) };
}

type Runner = Pick<SqlTx, "$executeRawUnsafe">;
const counts = async () => (await database.prisma.$queryRawUnsafe<{ id: number; n: number }[]>(`SELECT id, n FROM "${table}" ORDER BY id`)).map((r) => r.n);

describe("a request step that loses a deadlock runs again", () => {
  it("inside a request's transaction (Idempotency-Key): rolled back to its savepoint and run again; both requests succeed once", async () => {
    await reset();
    const { attempts, first, second } = crossingSteps();
    const inRequest = (step: (db: Runner) => Promise<string>) => database.prisma.$transaction((tx) => transactionScopedDb(tx as Tx).$transaction(step));
    await expect(Promise.all([inRequest(first), inRequest(second)])).resolves.toEqual(["first", "second"]);
    expect(attempts.first + attempts.second).toBe(3); // exactly one was the deadlock's victim
    expect(await counts()).toEqual([2, 2]); // the victim's first attempt left nothing behind
  });

  it("a nested step passes the deadlock up to the outermost step, which runs again whole", async () => {
    await reset();
    const { attempts, first, second } = crossingSteps();
    const nested = (step: (db: Runner) => Promise<string>) =>
      database.prisma.$transaction((tx) => transactionScopedDb(tx as Tx).$transaction((outer) => outer.$transaction(step)));
    await expect(Promise.all([nested(first), nested(second)])).resolves.toEqual(["first", "second"]);
    expect(attempts.first + attempts.second).toBe(3);
    expect(await counts()).toEqual([2, 2]);
  });

  it("without Idempotency-Key: the transaction runs again as a new one; both succeed once", async () => {
    await reset();
    const { attempts, first, second } = crossingSteps();
    const db = conflictRetryingDb(database.prisma);
    await expect(Promise.all([db.$transaction((tx) => first(tx)), db.$transaction((tx) => second(tx))])).resolves.toEqual(["first", "second"]);
    expect(attempts.first + attempts.second).toBe(3);
    expect(await counts()).toEqual([2, 2]);
  });

  it("sqlTransaction on a bare pg connection: the transaction runs again as a new one; both succeed once", async () => {
    await reset();
    const { attempts, first, second } = crossingSteps();
    const options = { maxWait: 5_000, timeout: 10_000 };
    await expect(Promise.all([sqlTransaction(database.prisma, first, options), sqlTransaction(database.prisma, second, options)])).resolves.toEqual(["first", "second"]);
    // At least the deadlock's victim ran again. On a starved machine a lock wait can also outlast the
    // silence check (lib/db/silent-connection.ts), whose ended connection is one more retry; what
    // must hold is that each step took effect exactly once.
    expect(attempts.first + attempts.second).toBeGreaterThanOrEqual(3);
    expect(await counts()).toEqual([2, 2]);
  });

  it("the plain client does not run it again: the deadlock is reported as a transient conflict", async () => {
    await reset();
    const { first, second } = crossingSteps();
    const results = await Promise.allSettled([database.prisma.$transaction((tx) => first(tx)), database.prisma.$transaction((tx) => second(tx))]);
    const rejected = results.filter((r) => r.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect(transientConflictError(rejected[0]!.reason)?.code).toBe("CONFLICT");
  });

  it("without Idempotency-Key, a transaction whose connection breaks before it is done runs again as a new one; the plain client answers 503", async () => {
    await reset();
    let attempts = 0;
    const breakOnce = async (tx: Tx) => {
      attempts++;
      await tx.$executeRawUnsafe(`UPDATE "${table}" SET n = n + 1 WHERE id = 1`);
      if (attempts === 1) {
        const pid = (await tx.$queryRawUnsafe<{ pid: number }[]>(`SELECT pg_backend_pid() AS pid`))[0]!.pid;
        await database.prisma.$queryRawUnsafe(`SELECT pg_terminate_backend(${pid})`);
        while ((await database.prisma.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM pg_stat_activity WHERE pid = ${pid}`)).length > 0) await new Promise((r) => setTimeout(r, 10));
        await tx.$executeRawUnsafe(`UPDATE "${table}" SET n = n + 1 WHERE id = 2`);
      }
      return attempts;
    };
    await expect(conflictRetryingDb(database.prisma).$transaction((tx) => breakOnce(tx as Tx))).resolves.toBe(2);
    expect(await database.prisma.$queryRawUnsafe(`SELECT id, n FROM "${table}" ORDER BY id`)).toEqual([
      { id: 1, n: 1 },
      { id: 2, n: 0 },
    ]);
    attempts = 0;
    const error = await database.prisma.$transaction((tx) => breakOnce(tx as Tx)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(databaseUnavailableError(error)).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503, details: { retryable: true } });
  });

  it("a Prisma transaction whose connection is cut after the server ran its COMMIT answers as done, once: the database was asked", async () => {
    await reset();
    const pool = poolOf(database.prisma)!;
    let attempts = 0;
    const add = async (tx: Tx) => {
      attempts++;
      await tx.$executeRawUnsafe(`UPDATE "${table}" SET n = n + 1 WHERE id = 1`);
      return "kept";
    };
    cutAtCommit(pool, "after the server ran it");
    await expect(conflictRetryingDb(database.prisma).$transaction((tx) => add(tx as Tx))).resolves.toBe("kept");
    // The plain client, as an Idempotency-Key request's transaction runs on a route that needs Prisma's models.
    cutAtCommit(pool, "after the server ran it");
    await expect(tellingConnectionLoss((body) => database.prisma.$transaction(body), add)).resolves.toBe("kept");
    expect(attempts).toBe(2);
    expect(await database.prisma.$queryRawUnsafe(`SELECT n FROM "${table}" WHERE id = 1`)).toEqual([{ n: 2 }]);
    expect(pool.idleCount).toBe(pool.totalCount);

    // Cut before even the transaction id came back, it cannot be known: not run again, 503 says so.
    cutAtCommit(pool, "before any answer to it arrived");
    const error = await conflictRetryingDb(database.prisma)
      .$transaction((tx) => add(tx as Tx))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(attempts).toBe(3);
    expect(databaseUnavailableError(error)).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503, details: { retryable: true, outcomeUnknown: true } });
  });

  it("a Prisma transaction whose server process ended after its last statement, before its COMMIT, runs again without Idempotency-Key: the server said so first", async () => {
    await reset();
    let attempts = 0;
    const result = await conflictRetryingDb(database.prisma).$transaction(async (tx) => {
      attempts++;
      await (tx as Tx).$executeRawUnsafe(`UPDATE "${table}" SET n = n + 1 WHERE id = 1`);
      if (attempts === 1) {
        const pid = (await (tx as Tx).$queryRawUnsafe<{ pid: number }[]>(`SELECT pg_backend_pid() AS pid`))[0]!.pid;
        await database.prisma.$queryRawUnsafe(`SELECT pg_terminate_backend(${pid})`);
        while ((await database.prisma.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM pg_stat_activity WHERE pid = ${pid}`)).length > 0) await new Promise((r) => setTimeout(r, 10));
      }
      return attempts;
    });
    expect(result).toBe(2);
    expect(await database.prisma.$queryRawUnsafe(`SELECT n FROM "${table}" WHERE id = 1`)).toEqual([{ n: 1 }]);
  });
});
