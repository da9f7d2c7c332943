import type pg from "pg";
import { poolOf } from "@/lib/db/sql";
import type { Db } from "../db";

/**
 * The statements the pool's connections were sent while `run` ran, grouped by the write that carried
 * them: lib/db/sql.ts sends what a connection is asked for before Node next waits for I/O in one
 * write (writeTogether), so each group is one round trip, e.g. a raw-SQL transaction's first is
 * its BEGIN with the statements sent before any answer was awaited. Texts with spaces collapsed.
 * The platform clock's offset is left out: it is cached for a second (sandbox/clock.ts), so whether
 * it is read again depends on how fast the machine ran the steps before, not on the code measured.
 */
/** The clock offset's read (now() in sandbox/clock.ts), as collapsed here. */
const CLOCK_READ = `SELECT "clockOffsetMs" FROM "Platform" WHERE "id" = $1::uuid`;

export async function roundTrips(db: Db, run: () => Promise<unknown>): Promise<string[][]> {
  const pool = poolOf(db);
  if (!pool) throw new Error("roundTrips needs PostgreSQL through the pool");
  const writes: string[][] = [];
  const restore = new Map<pg.PoolClient, pg.PoolClient["query"]>();
  const watch = (client: pg.PoolClient) => {
    if (restore.has(client)) return;
    const query = client.query;
    restore.set(client, query);
    let write: string[] | undefined;
    client.query = ((...args: unknown[]) => {
      if (!write) {
        writes.push((write = []));
        process.nextTick(() => (write = undefined));
      }
      const config = args[0] as string | { text?: string };
      write.push((typeof config === "string" ? config : (config.text ?? "")).replace(/\s+/g, " ").trim());
      return (query as (...a: unknown[]) => unknown).apply(client, args);
    }) as pg.PoolClient["query"];
  };
  pool.on("acquire", watch);
  try {
    await run();
  } finally {
    pool.off("acquire", watch);
    for (const [client, query] of restore) client.query = query;
  }
  return writes.map((write) => write.filter((text) => text !== CLOCK_READ)).filter((write) => write.length > 0);
}
