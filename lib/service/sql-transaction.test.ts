import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type pg from "pg";
import { openDatabase, type Database } from "@/lib/db/open-database";
import { ConnectionLostError } from "@/lib/db/connection-loss";
import { poolOf, readOf, runOrDefer, sqlOf } from "@/lib/db/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { databaseBusyError, databaseUnavailableError, transactionExpiredError } from "./http/errors";
import { transactionScopedDb } from "./nested-transaction";
import { onPooledConnection, sqlTransaction } from "./sql-transaction";
import { cutAtCommit } from "./testing/cut-at-commit";
import { holdEveryPooledConnection } from "./testing/hold-pool";
import { waitUntil } from "./testing/wait-until";

let database: Database;
const table = `sql_tx_probe_${Math.random().toString(36).slice(2, 8)}`;
const rows = async () => (await database.prisma.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM "${table}" ORDER BY id`)).map((r) => r.id);
const options = { maxWait: 2_000, timeout: 5_000 };

beforeAll(async () => {
  database = await openDatabase({ url: inject("databaseUrl") });
  await database.prisma.$executeRawUnsafe(`CREATE TABLE "${table}" (id int PRIMARY KEY)`);
});
afterAll(async () => {
  await database.prisma.$executeRawUnsafe(`DROP TABLE "${table}"`);
  await database.close();
});

describe("sqlTransaction on a bare pg connection", () => {
  it("commits what fn wrote and answers fn's result; a throw rolls all of it back and frees the connection", async () => {
    await expect(sqlTransaction(database.prisma, async (tx) => tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (1), (2)`), options)).resolves.toBe(2);
    const failing = sqlTransaction(
      database.prisma,
      async (tx) => {
        await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (3)`);
        throw new Error("refused after writing");
      },
      options,
    );
    await expect(failing).rejects.toThrow("refused after writing");
    expect(await rows()).toEqual([1, 2]);
    expect(poolOf(database.prisma)!.idleCount).toBe(poolOf(database.prisma)!.totalCount);
  });

  it("BEGIN travels with the first statement: that statement already runs in the transaction, and its failure rolls the transaction back", async () => {
    const ids = await sqlTransaction(
      database.prisma,
      async (tx) => {
        const [first] = await tx.$queryRawUnsafe<{ id: string }[]>(`SELECT txid_current()::text AS id`);
        const [second] = await tx.$queryRawUnsafe<{ id: string }[]>(`SELECT txid_current()::text AS id`);
        return [first!.id, second!.id];
      },
      options,
    );
    // Outside a transaction each statement would get its own id.
    expect(ids[0]).toBe(ids[1]);
    await expect(sqlTransaction(database.prisma, async (tx) => tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (20), (20)`), options)).rejects.toThrow(/duplicate key/);
    await expect(sqlTransaction(database.prisma, async () => "no statement", options)).resolves.toBe("no statement");
    await expect(sqlTransaction(database.prisma, async (tx) => tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (21)`), options)).resolves.toBe(1);
    expect(await rows()).toContain(21);
    expect(await rows()).not.toContain(20);
    const pool = poolOf(database.prisma)!;
    expect(pool.idleCount).toBe(pool.totalCount);
    await database.prisma.$executeRawUnsafe(`DELETE FROM "${table}" WHERE id >= 20`);
  });

  it("a deferred write goes out with the next statement or the COMMIT, in order; its failure fails the transaction and nothing of it stays", async () => {
    const seen = await sqlTransaction(
      database.prisma,
      async (tx) => {
        await runOrDefer(tx, Prisma.sql`INSERT INTO ${Prisma.raw(`"${table}"`)} VALUES (${30}::int)`);
        const [row] = await tx.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${table}" WHERE id = 30`);
        await runOrDefer(tx, Prisma.sql`INSERT INTO ${Prisma.raw(`"${table}"`)} VALUES (${31}::int)`); // the last: goes with the COMMIT
        return row!.n;
      },
      options,
    );
    expect(seen).toBe(1);
    expect(await rows()).toEqual(expect.arrayContaining([30, 31]));
    const failing = sqlTransaction(
      database.prisma,
      async (tx) => {
        await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (32)`);
        await runOrDefer(tx, Prisma.sql`INSERT INTO ${Prisma.raw(`"${table}"`)} VALUES (${30}::int)`); // duplicate, found at COMMIT
        return "answered";
      },
      options,
    );
    await expect(failing).rejects.toThrow(/duplicate key/);
    expect(await rows()).not.toContain(32);
    // Deferred alone, with BEGIN still waiting: all three go out together.
    await sqlTransaction(database.prisma, async (tx) => runOrDefer(tx, Prisma.sql`INSERT INTO ${Prisma.raw(`"${table}"`)} VALUES (${33}::int)`), options);
    expect(await rows()).toContain(33);
    const pool = poolOf(database.prisma)!;
    expect(pool.idleCount).toBe(pool.totalCount);
    await database.prisma.$executeRawUnsafe(`DELETE FROM "${table}" WHERE id >= 30`);
  });


  it("statements started before any is awaited go out in one write and are answered in order; a failed one fails those after it", async () => {
    const pool = poolOf(database.prisma)!;
    // Counts the writes the transaction's connection makes to its socket.
    let writes = 0;
    let watched: { _write?: unknown; _writev?: unknown } | undefined;
    const watch = (client: pg.PoolClient) => {
      const stream = (client as unknown as { connection: { stream: Record<string, (...args: unknown[]) => unknown> } }).connection.stream;
      for (const method of ["_write", "_writev"]) {
        const original = stream[method]!;
        stream[method] = function (this: unknown, ...args: unknown[]) {
          writes++;
          return original.apply(this, args);
        };
      }
      watched = stream;
    };
    pool.once("acquire", watch);
    try {
      const answers = await sqlTransaction(
        database.prisma,
        async (tx) => {
          await tx.$queryRawUnsafe(`SELECT 1`);
          writes = 0;
          const together = await Promise.all([1, 2, 3].map((n) => tx.$queryRawUnsafe<{ n: number }[]>(`SELECT ${n}::int AS n`)));
          expect(writes).toBe(1);
          return together.map(([row]) => row!.n);
        },
        options,
      );
      expect(answers).toEqual([1, 2, 3]);
    } finally {
      // The wrappers are own properties over the socket's prototype methods.
      delete watched?._write;
      delete watched?._writev;
    }
    const settled = sqlTransaction(
      database.prisma,
      async (tx) => {
        const [division, after] = await Promise.allSettled([tx.$queryRawUnsafe(`SELECT 1/0`), tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (40)`)]);
        expect(division).toMatchObject({ status: "rejected", reason: { message: expect.stringMatching(/division by zero/) } });
        // Refused by PostgreSQL as "current transaction is aborted", it answers with the failure that aborted it (lib/db/abort-cause.ts).
        expect(after).toMatchObject({ status: "rejected", reason: { message: expect.stringMatching(/division by zero/) } });
        throw (division as PromiseRejectedResult).reason;
      },
      options,
    );
    await expect(settled).rejects.toThrow(/division by zero/);
    expect(await rows()).not.toContain(40);
    expect(pool.idleCount).toBe(pool.totalCount);
  });
  it("a transaction that outlives its timeout stops waiting for a lock and is rolled back; the error answers 503, retryable", async () => {
    // Another transaction holds row 1's lock past the first one's timeout.
    const blocker = await poolOf(database.prisma)!.connect();
    await blocker.query(`BEGIN; INSERT INTO "${table}" VALUES (10); SELECT 1 FROM "${table}" WHERE id = 1 FOR UPDATE`);
    try {
      const stuck = sqlTransaction(
        database.prisma,
        async (tx) => {
          await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (11)`);
          await tx.$executeRawUnsafe(`DELETE FROM "${table}" WHERE id = 1`); // waits for the blocker
        },
        { maxWait: 1_000, timeout: 300 },
      );
      const error = await stuck.then(() => null, (e: unknown) => e);
      expect(databaseBusyError(error)).toBeNull(); // not "busy": it had its connection
      expect(transactionExpiredError(error)).toMatchObject({ code: "SERVICE_UNAVAILABLE", details: { retryable: true }, headers: { "Retry-After": "1" } });
      // Rolled back while the blocker still holds its lock: nobody waits on it any more.
      const waiting = await database.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`;
      expect(waiting[0]!.n).toBe(0);
    } finally {
      await blocker.query("ROLLBACK");
      blocker.release();
    }
    expect(await rows()).toEqual([1, 2]); // neither 11 nor the delete stayed
  });

  it("answers 429 when no pooled connection comes free within maxWait, and runs once one does", async () => {
    const held = await holdEveryPooledConnection(database.prisma);
    try {
      const error = await sqlTransaction(database.prisma, async () => "ran", { maxWait: 200, timeout: 1_000 }).then(() => null, (e: unknown) => e);
      expect(databaseBusyError(error)?.code).toBe("RATE_LIMITED");
    } finally {
      await held.release();
    }
    await expect(sqlTransaction(database.prisma, async () => "ran", options)).resolves.toBe("ran");
  });

  it("an SQL-only request's scope runs its steps as savepoints on the pg connection and names the model it cannot give", async () => {
    await onPooledConnection(
      poolOf(database.prisma)!,
      async (tx) => {
        const scoped = transactionScopedDb(tx);
        await scoped.$transaction(async (step) => step.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (20)`));
        const failing = scoped.$transaction(async (step) => {
          await step.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (21)`);
          throw new Error("step refused");
        });
        await expect(failing).rejects.toThrow("step refused");
        // A step's SAVEPOINT travels with its first statement; a step refused before any still rolls back cleanly.
        await expect(scoped.$transaction(async () => Promise.reject(new Error("refused at once")))).rejects.toThrow("refused at once");
        await scoped.$transaction(async (step) => step.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (22)`));
        expect(() => scoped.customer).toThrow("db.customer is not available: this request's transaction runs raw SQL only");
      },
      options,
    );
    expect(await rows()).toEqual([1, 2, 20, 22]); // the failed steps alone were rolled back
  });

  it("a connection that breaks mid-transaction takes only that transaction down, which runs again on a fresh connection", async () => {
    const pool = poolOf(database.prisma)!;
    let attempts = 0;
    const result = await sqlTransaction(
      database.prisma,
      async (tx) => {
        attempts++;
        await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (50)`);
        if (attempts === 1) {
          const pid = (await tx.$queryRawUnsafe<{ pid: number }[]>(`SELECT pg_backend_pid() AS pid`))[0]!.pid;
          // As a failover or an administrator does: the server process ends while no statement of ours runs.
          await database.prisma.$queryRawUnsafe(`SELECT pg_terminate_backend(${pid})`);
          await waitUntil(async () => (await database.prisma.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM pg_stat_activity WHERE pid = ${pid}`)).length === 0);
          await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (51)`);
        }
        return attempts;
      },
      options,
    );
    expect(result).toBe(2);
    expect(await rows()).toContain(50); // once: the first attempt's row went with its connection
    expect(await rows()).not.toContain(51);
    expect(pool.idleCount).toBe(pool.totalCount);
    await database.prisma.$executeRawUnsafe(`DELETE FROM "${table}" WHERE id >= 50`);
  });

  it("a server process that ends while running a statement deferred to the COMMIT never ran the COMMIT: nothing stays, and the transaction runs again", async () => {
    let attempts = 0;
    const result = await sqlTransaction(
      database.prisma,
      async (tx) => {
        attempts++;
        await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (52)`);
        // Goes out in the COMMIT's write, and ends the server process before the COMMIT runs.
        if (attempts === 1) await runOrDefer(tx, `SELECT pg_terminate_backend(pg_backend_pid())`);
        return attempts;
      },
      options,
    );
    expect(result).toBe(2);
    expect((await rows()).filter((id) => id === 52)).toHaveLength(1);
    const pool = poolOf(database.prisma)!;
    expect(pool.idleCount).toBe(pool.totalCount);
    await database.prisma.$executeRawUnsafe(`DELETE FROM "${table}" WHERE id = 52`);
  });

  it("a connection cut while the COMMIT's write is answered, before any answer arrives, is not run again: 503 says the outcome is unknown", async () => {
    cutAtCommit(poolOf(database.prisma)!, "before any answer to it arrived");
    let attempts = 0;
    const error = await sqlTransaction(
      database.prisma,
      async (tx) => {
        attempts++;
        await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (57)`);
      },
      options,
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(attempts).toBe(1);
    expect(error).toBeInstanceOf(ConnectionLostError);
    expect((error as ConnectionLostError).inDoubt).toBe(true);
    const answer = databaseUnavailableError(error);
    expect(answer).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503, headers: { "Retry-After": "1" }, details: { retryable: true, outcomeUnknown: true } });
    expect(answer!.message).toMatch(/whether it took effect is unknown/);
    const pool = poolOf(database.prisma)!;
    expect(pool.idleCount).toBe(pool.totalCount);
    await database.prisma.$executeRawUnsafe(`DELETE FROM "${table}" WHERE id = 57`); // it did commit: the server ran it
  });

  it("a transaction whose fn went on past a failed statement is not answered as committed: PostgreSQL would only have rolled it back", async () => {
    const outcome = sqlTransaction(
      database.prisma,
      async (tx) => {
        await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (56)`);
        await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (56)`).catch(() => "swallowed");
        return "done";
      },
      options,
    );
    await expect(outcome).rejects.toMatchObject({ code: "23505" }); // the failure that aborted it, not "done"
    expect(await rows()).not.toContain(56);
    // The same through Prisma.
    const throughPrisma = database.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (56)`);
      await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (56)`).catch(() => "swallowed");
      return "done";
    });
    await expect(throughPrisma).rejects.toThrow("UniqueConstraintViolation");
    expect(await rows()).not.toContain(56);
  });

  it("a connection cut after the server ran the COMMIT: the database says the transaction took effect, so fn's result is the answer and fn does not run again", async () => {
    cutAtCommit(poolOf(database.prisma)!, "after the server ran it");
    let attempts = 0;
    const result = await sqlTransaction(
      database.prisma,
      async (tx) => {
        attempts++;
        await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (53)`);
        return "paid";
      },
      options,
    );
    expect(result).toBe("paid");
    expect(attempts).toBe(1);
    expect((await rows()).filter((id) => id === 53)).toHaveLength(1);
    const pool = poolOf(database.prisma)!;
    expect(pool.idleCount).toBe(pool.totalCount);
    await database.prisma.$executeRawUnsafe(`DELETE FROM "${table}" WHERE id = 53`);
  });

  it("a connection cut before the COMMIT reached the server: the database says the transaction did not take effect, so it runs again (once only on the key's connection, as 503 'nothing was kept')", async () => {
    const pool = poolOf(database.prisma)!;
    cutAtCommit(pool, "before it reached the server");
    let attempts = 0;
    const result = await sqlTransaction(
      database.prisma,
      async (tx) => {
        attempts++;
        await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (54)`);
        return attempts;
      },
      options,
    );
    expect(result).toBe(2);
    expect((await rows()).filter((id) => id === 54)).toHaveLength(1);

    // The Idempotency-Key middleware's single attempt: the client is told nothing was kept.
    cutAtCommit(pool, "before it reached the server");
    const error = await onPooledConnection(pool, (tx) => tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (55)`), options).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConnectionLostError);
    expect((error as ConnectionLostError).inDoubt).toBe(false);
    expect(databaseUnavailableError(error)?.message).toMatch(/nothing .* was kept/);
    expect(await rows()).not.toContain(55);
    expect(pool.idleCount).toBe(pool.totalCount);
    await database.prisma.$executeRawUnsafe(`DELETE FROM "${table}" WHERE id = 54`);
  });

  it.each([
    ["a batched read (readOf)", (sql: string) => readOf(database.prisma).$queryRawUnsafe(sql)],
    ["a lone read on the pool (sqlOf)", (sql: string) => sqlOf(database.prisma).$queryRawUnsafe(sql)],
    ["a Prisma read outside a transaction", (sql: string) => database.prisma.$queryRawUnsafe(sql)],
  ])("%s whose connection breaks is answered from another connection", async (_, read) => {
    const marker = `read_again_${Math.random().toString(36).slice(2, 8)}`;
    const answer = read(`SELECT '${marker}' AS answer FROM pg_sleep(0.3)`).then((rows) => rows); // Prisma's queries start when asked for their answer
    await cutConnectionRunning(marker);
    await expect(answer).resolves.toEqual([{ answer: marker }]);
  });

  it("a lone write whose connection breaks is not sent again: it may have committed, and the error says so", async () => {
    const marker = `write_once_${Math.random().toString(36).slice(2, 8)}`;
    // Its failure is taken at once: it may come before the cut is confirmed.
    const failure = sqlOf(database.prisma)
      .$executeRawUnsafe(`INSERT INTO "${table}" SELECT 60 FROM pg_sleep(0.3) WHERE '${marker}' <> ''`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    await cutConnectionRunning(marker);
    const error = await failure;
    expect(databaseUnavailableError(error)?.message).toMatch(/same Idempotency-Key/);
    expect(await rows()).not.toContain(60);
  });
});

/** Ends the server process running the statement that contains `marker` (as a failover would), once it runs. */
async function cutConnectionRunning(marker: string): Promise<void> {
  await waitUntil(async () => {
    const [row] = await database.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE query LIKE '%${marker}%' AND pid <> pg_backend_pid()`,
    );
    return row!.n > 0;
  });
}
