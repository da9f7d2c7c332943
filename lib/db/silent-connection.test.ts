import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { isConnectionLoss, ConnectionLostError } from "./connection-loss";
import { databasePoolSize, openDatabase, type Database } from "./open-database";
import { poolOf } from "./sql";
import type { SilenceLimits } from "./silent-connection";
import { buildApi } from "@/lib/service/http/app";
import { API_BASE_PATH } from "@/lib/service/http/openapi";
import { createPlatform } from "@/lib/service/platforms/create-platform";
import { sqlTransaction } from "@/lib/service/sql-transaction";
import { createToken } from "@/lib/service/tokens/create-token";
import { startSilentProxy, type SilentProxy } from "@/lib/service/testing/silent-proxy";
import { waitUntil } from "@/lib/service/testing/wait-until";

// A short quiet limit, so that each case takes seconds (production: SILENCE_LIMITS); connecting and
// asking get time enough for a machine busy with the other suites.
const limits: SilenceLimits = { connectMs: 2_000, quietMs: 500, askMs: 3_000 };
const options = { maxWait: 5_000, timeout: 15_000 };
let direct: Database;
const table = `silence_probe_${Math.random().toString(36).slice(2, 8)}`;
const rows = async () => (await direct.prisma.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM "${table}" ORDER BY id`)).map((r) => r.id);

beforeAll(async () => {
  direct = await openDatabase({ url: inject("databaseUrl"), silenceLimits: limits });
  await direct.prisma.$executeRawUnsafe(`CREATE TABLE "${table}" (id int PRIMARY KEY)`);
});
afterAll(async () => {
  await direct.prisma.$executeRawUnsafe(`DROP TABLE "${table}"`);
  await direct.close();
});

let proxy: SilentProxy;
/** Closes the proxy and the database opened through it, once. */
let closeProxied: (() => Promise<void>) | undefined;
async function throughProxy() {
  const opened = (proxy = await startSilentProxy(inject("databaseUrl")));
  const proxied = await openDatabase({ url: opened.url, silenceLimits: limits });
  closeProxied = async () => {
    await opened.close();
    await proxied.close();
  };
  await proxied.prisma.$queryRaw`SELECT 1`; // one open connection, ready
  return proxied;
}
afterEach(async () => {
  await closeProxied?.();
  closeProxied = undefined;
});

/** Server processes of this database waiting for a lock on the probe table. */
async function waitingOnLocks(): Promise<number> {
  const [row] = await direct.prisma.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%${table}%'`,
  );
  return row!.n;
}

describe("a database connection that falls silent is ended, not waited on for TCP's ~15 minutes", () => {
  it("a read whose connection a firewall forgot is sent again on a new connection and answered", async () => {
    const db = await throughProxy();
    proxy.silenceOpenConnections();
    const [row] = await db.prisma.$queryRaw<{ n: number }[]>`SELECT 2::int AS n`;
    expect(row!.n).toBe(2);
  });

  it("a database that stopped answering altogether: a read fails as a broken connection, and new connections give up within their deadline", async () => {
    const db = await throughProxy();
    proxy.silenceEverything();
    const error = await db.prisma.$queryRaw`SELECT 3`.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isConnectionLoss(error)).toBe(true);
    expect(poolOf(db.prisma)!.totalCount).toBe(0); // the silent connection was ended, not handed on
  });

  it("an API request is answered 503 with Retry-After when the database stops answering", async () => {
    const db = await throughProxy();
    const platform = await createPlatform(direct.prisma, { name: "Silent database" });
    const token = await createToken(direct.prisma, { platformId: platform.id, name: "test", permissions: ["VIEW"] });
    const api = buildApi({ getDb: async () => db.prisma, internalKey: "test-internal-key", rateLimitPerSecond: 0 });
    const get = () =>
      api.request(`${API_BASE_PATH}/customers?limit=1`, { headers: { authorization: `Basic ${Buffer.from(`${token.clientId}:${token.clientSecret}`).toString("base64")}` } });
    expect((await get()).status).toBe(200);
    proxy.silenceEverything();
    const res = await get();
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await res.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE", details: { retryable: true } });
  });

  it("once the database could not be reached, a queue of reads fails at once as a broken connection (not each after a connect deadline), one connection a second tries again, and the first that connects ends it", async () => {
    const db = await throughProxy();
    proxy.silenceEverything();
    const before = proxy.connectionsMade();
    // Three times the pool's connections, each read sent up to three times (readingAgain).
    const reads = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => db.prisma.$queryRawUnsafe(`SELECT ${i}`)));
    expect(reads.every((r) => r.status === "rejected" && isConnectionLoss(r.reason))).toBe(true);
    // The pool's first connections, made before any could fail, the question about the silent one and
    // a try a second since: not a connection per read and retry.
    expect(proxy.connectionsMade() - before).toBeLessThanOrEqual(databasePoolSize() + 4);
    proxy.heal();
    await waitUntil(async () => (await db.prisma.$queryRaw<{ n: number }[]>`SELECT 4::int AS n`.then((r) => r[0]!.n, () => 0)) === 4, 10_000);
  });

  it("a transaction whose connection falls silent before its COMMIT runs again on a new connection, and what it wrote exists once: the old server process, which never heard the connection end, is ended too and holds no lock", async () => {
    const db = await throughProxy();
    let attempts = 0;
    const result = await sqlTransaction(
      db.prisma,
      async (tx) => {
        attempts++;
        // The second attempt's INSERT waits on the first's uncommitted row for as long as its server process lives.
        await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (1)`);
        if (attempts === 1) proxy.silenceOpenConnections();
        return tx.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${table}"`);
      },
      options,
    );
    expect(attempts).toBe(2);
    expect(result).toEqual([{ n: 1 }]);
    expect(await rows()).toEqual([1]);
  });

  it("a transaction cut off while the database could not be reached: once it can, the server process left in that transaction is ended and frees its row locks", async () => {
    const db = await throughProxy();
    const cutOff = sqlTransaction(
      db.prisma,
      async (tx) => {
        await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (5)`);
        proxy.silenceEverything();
        await tx.$queryRawUnsafe(`SELECT 1`);
      },
      options,
    );
    const error = await cutOff.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isConnectionLoss(error)).toBe(true);
    proxy.heal();
    // New connections are tried again once a second after the database could not be reached.
    await waitUntil(async () => (await db.prisma.$queryRaw`SELECT 1`.then(() => true, () => false)), 10_000);
    // Waits on the cut-off transaction's row 5 for as long as its server process lives.
    await expect(sqlTransaction(db.prisma, async (tx) => tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (5)`), options)).resolves.toBe(1);
    expect(await rows()).toContain(5);
  });

  it("a server process that was waiting for a lock when its connection was cut off is ended too, before it can take the lock and hold it", async () => {
    const db = await throughProxy();
    const holder = new pg.Client({ connectionString: inject("databaseUrl") });
    await holder.connect();
    try {
      await holder.query(`BEGIN; INSERT INTO "${table}" VALUES (8)`);
      const waiter = sqlTransaction(db.prisma, async (tx) => tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (8)`), options);
      await waitUntil(async () => (await waitingOnLocks()) === 1, 20_000);
      proxy.silenceEverything();
      expect(isConnectionLoss(await waiter.then(() => null, (e: unknown) => e))).toBe(true);
      proxy.heal();
      await waitUntil(async () => (await waitingOnLocks()) === 0, 20_000);
      await holder.query("ROLLBACK");
      await expect(sqlTransaction(direct.prisma, async (tx) => tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (8)`), options)).resolves.toBe(1);
    } finally {
      await holder.end();
    }
  });

  it("a COMMIT whose answer never comes answers 503 outcome unknown, not a hang", async () => {
    const db = await throughProxy();
    const committing = sqlTransaction(
      db.prisma,
      async (tx) => {
        await tx.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (2)`);
        // Silent from the moment the COMMIT (deferred to after fn) is about to go out.
        queueMicrotask(() => proxy.silenceOpenConnections());
      },
      options,
    );
    const error = await committing.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConnectionLostError);
    expect((error as ConnectionLostError).inDoubt).toBe(true);
  });

  it("a statement that runs longer than the quiet limit (a lock wait, a long report) is asked about and left to finish", async () => {
    const db = await throughProxy();
    const [row] = await db.prisma.$queryRaw<{ done: string }[]>`SELECT pg_sleep(2)::text AS done`;
    expect(row!.done).toBe("");
    await expect(sqlTransaction(db.prisma, async (tx) => tx.$queryRawUnsafe<{ n: number }[]>(`SELECT 1 AS n FROM pg_sleep(1.5)`), options)).resolves.toEqual([{ n: 1 }]);
  });
});

describe("a connection whose answer waits unread in this process (its event loop stalled) is not ended", () => {
  /** A pooled connection of `db` in a transaction that has written row `id`, and its server process. */
  async function inTransaction(db: Database, id: number) {
    const client = await poolOf(db.prisma)!.connect();
    await client.query(`BEGIN; INSERT INTO "${table}" VALUES (${id})`);
    const [{ pid }] = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows as [{ pid: number }];
    return { client, pid };
  }
  const stream = (client: pg.PoolClient) => (client as unknown as { connection: { stream: NodeJS.ReadableStream } }).connection.stream;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("a statement answered while the event loop was blocked for four times the quiet limit: its transaction goes on, on the same server process", async () => {
    const { client, pid } = await inTransaction(direct, 11);
    try {
      const answer = client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE id = 11`);
      const blockedUntil = performance.now() + 4 * limits.quietMs; // as `kill -STOP`, or a long synchronous task
      while (performance.now() < blockedUntil);
      expect((await answer).rows).toEqual([{ n: 1 }]);
      await sleep(limits.quietMs / 2); // idle in its transaction while a question about it would reach the database
      await client.query(`INSERT INTO "${table}" VALUES (12)`);
      expect((await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows).toEqual([{ pid }]);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    expect(await rows()).toEqual(expect.arrayContaining([11, 12]));
  });

  it("a server process that answered after the statement went out, while this process left the answer unread past the quiet limit, is asked about and waited on", async () => {
    // A quiet limit of 1 s: asked about after 1 to 1.25 s (the watchdog looks every 250 ms here),
    // and, found answering, not again before 2 s: the answer is read at 1.7 s.
    const patient = await openDatabase({ url: inject("databaseUrl"), silenceLimits: { ...limits, quietMs: 1_000 } });
    try {
      const { client, pid } = await inTransaction(patient, 13);
      try {
        stream(client).pause();
        const answer = client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE id = 13`);
        await sleep(1_700);
        stream(client).resume();
        expect((await answer).rows).toEqual([{ n: 1 }]);
        expect((await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows).toEqual([{ pid }]);
        await client.query("COMMIT");
      } finally {
        client.release();
      }
      expect(await rows()).toContain(13);
    } finally {
      await patient.close();
    }
  });
});
