// Opens the app's database: PostgreSQL when a URL is given (or DATABASE_URL is set), otherwise the
// embedded PGlite, migrated in-process. No "server-only" here: the Node server and vitest import it.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { answerAbortedWithTheirCause } from "@/lib/db/abort-cause";
import { resolvingCommitOutcome } from "@/lib/db/commit-outcome";
import { injectedFaults, injectFaults } from "@/lib/db/fault-injection";
import { isLoneRead, readingAgain } from "@/lib/db/connection-loss";
import { clientConnectingWithin, endingSilentConnection, SILENCE_LIMITS, type SilenceLimits } from "@/lib/db/silent-connection";
import { attachPool, statementNamer } from "@/lib/db/sql";
import type * as MigrationRunner from "@/lib/db/migrate.mjs";

export type Database = {
  prisma: PrismaClient;
  kind: "postgres" | "pglite";
  close(): Promise<void>;
};

/**
 * prisma/migrate.mjs, imported by file URL so Next/Turbopack never bundles it (its require.resolve
 * would become a module id; TOOLCHAIN P9).
 */
export async function loadMigrationRunner(): Promise<typeof MigrationRunner> {
  const url = pathToFileURL(path.join(process.cwd(), "prisma", "migrate.mjs")).href;
  return import(/* turbopackIgnore: true */ /* webpackIgnore: true */ /* @vite-ignore */ url);
}

const MAX_PREPARED_STATEMENTS = 500;

export type PlanCacheMode = "auto" | "force_custom_plan";

/**
 * How PostgreSQL plans this process's prepared statements. Its own default, `auto`, switches a
 * statement to one generic plan after five runs when that costs no more than planning it for its
 * parameters each time; planning is ~40 % of a payment's database time, so that is the larger
 * saving. It is safe only where the server keeps planner statistics. Without any (autovacuum off
 * and no ANALYZE, as on this project's CI machine), a generic plan made while a table was tiny
 * can pick an index on platformId alone and scan a whole platform's rows as the table grows
 * (measured: rows read per payment went from 20 to 5,000 in three minutes, transfers halved).
 * So: `auto` where autovacuum runs, otherwise `force_custom_plan` (parsing is still saved).
 * DATABASE_PLAN_CACHE_MODE overrides the choice (the benchmark sets `auto` and runs ANALYZE itself).
 */
export async function planCacheMode(url: string): Promise<PlanCacheMode> {
  const override = process.env.DATABASE_PLAN_CACHE_MODE;
  if (override === "auto" || override === "force_custom_plan") return override;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: SILENCE_LIMITS.connectMs });
  try {
    await client.connect();
    const { rows } = await client.query<{ autovacuum: string }>("SELECT current_setting('autovacuum') AS autovacuum");
    return rows[0]?.autovacuum === "on" ? "auto" : "force_custom_plan";
  } catch (e) {
    // The server is not reachable yet: open anyway (the pool connects when asked), with the safe choice.
    console.error(JSON.stringify({ level: "warn", msg: "could not read autovacuum; planning every statement for its parameters", error: (e as Error).message }));
    return "force_custom_plan";
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * How the server notices that this process is gone when the network tells it nothing: this process
 * killed while the network to the database was down, or a connection it ended before it could
 * end the server process too (silent-connection.ts). The server process would keep its
 * transaction's row locks until the system's TCP defaults give up: about 2 h 11 min on Linux. With
 * these, its own keep-alive probes after 30 s without traffic, 3 times 10 s apart, and data left
 * unacknowledged is given up after 60 s: such a process ends within about a minute, or at the first
 * probe once the network is back (our side then answers that the connection is gone). Nothing is
 * sent while traffic flows; on a Unix socket PostgreSQL ignores them. tcp_user_timeout needs
 * PostgreSQL 12; the app needs 13 (pg_current_xact_id_if_assigned).
 */
export const DEAD_CLIENT_SETTINGS = "-c tcp_keepalives_idle=30 -c tcp_keepalives_interval=10 -c tcp_keepalives_count=3 -c tcp_user_timeout=60000";

/**
 * Pool settings that start every connection with the chosen `plan_cache_mode` (planCacheMode) and
 * DEAD_CLIENT_SETTINGS as startup options, so no connection runs a query before they apply. pg lets
 * a URL's own `options` override the pool's, so those are kept by adding ours to them in the URL.
 */
export function poolConnection(url: string, mode: PlanCacheMode): { connectionString: string; options: string } {
  const startup = `-c plan_cache_mode=${mode} ${DEAD_CLIENT_SETTINGS}`;
  try {
    const parsed = new URL(url);
    const own = parsed.searchParams.get("options");
    if (own) {
      parsed.searchParams.set("options", `${own} ${startup}`);
      return { connectionString: parsed.href, options: startup };
    }
  } catch {
    // Not a URL (e.g. "/var/run/postgresql mydb"): it cannot carry options either.
  }
  return { connectionString: url, options: startup };
}

/** How many connections a process's pool opens: DATABASE_POOL_SIZE, else 10. */
export function databasePoolSize(): number {
  return Number(process.env.DATABASE_POOL_SIZE) || 10;
}

/**
 * The pool, whose lone SELECTs sent as text or config (Prisma's reads outside a transaction) are
 * sent again when their connection breaks (readingAgain). Statements of lib/db/sql.ts are sent
 * again there; callbacks and anything else go to pg as they are.
 */
class ReadRetryingPool extends pg.Pool {
  // Typed loosely: pg's overloads of query cannot be restated one by one.
  override query(...args: unknown[]): never {
    const [config, values, callback] = args as [string | { text?: unknown; submit?: unknown } | undefined, unknown, unknown];
    const query = super.query as (...a: unknown[]) => Promise<unknown>;
    const text = typeof config === "string" ? config : typeof config?.submit === "function" ? undefined : config?.text;
    if (typeof text !== "string" || !isLoneRead(text) || typeof values === "function" || typeof callback === "function") return query.apply(this, args) as never;
    return readingAgain(() => query.call(this, config, values)) as never;
  }
}

/**
 * Limits of an interactive transaction that names none (`$transaction(fn)`: most writes, POST
 * /customers among them). Prisma's 5 s timeout failed ~100 ms transactions whenever this process
 * stalled for 5 s (a starved CPU, a long pause) or waited its turn on a busy machine; they get the
 * 30 s that money movements get (TRANSFER_TX_OPTIONS). The wait for a free connection keeps
 * Prisma's 2 s: past it the request is answered 429, the service being busy.
 */
const TRANSACTION_OPTIONS = { maxWait: 2_000, timeout: 30_000 } as const;

/** `silenceLimits`: for tests of a database that stops answering (silent-connection.ts). */
export async function openDatabase(options: { url?: string; pgliteDir?: string; silenceLimits?: SilenceLimits } = {}): Promise<Database> {
  const url = options.url ?? process.env.DATABASE_URL;
  if (url) {
    const silence = options.silenceLimits ?? SILENCE_LIMITS;
    // Own pool so close() can end it (PrismaPg leaves an external pool open).
    // pipeline: a query is sent without waiting for the one before it, so a raw-SQL transaction's
    // BEGIN, SAVEPOINTs and deferred writes travel with its next statement or its COMMIT (lib/db/sql.ts
    // afterPrelude); one query at a time, as Prisma sends them, runs exactly as without.
    // Client: each connection is made within silence.connectMs (endingSilentConnection bounds its statements);
    // keepAlive: a firewall or NAT does not forget an idle connection for its silence, and the OS notices one that died.
    const pool = new ReadRetryingPool({
      ...poolConnection(url, await planCacheMode(url)),
      max: databasePoolSize(),
      pipeline: true,
      Client: clientConnectingWithin(silence.connectMs),
      keepAlive: true,
      keepAliveInitialDelayMillis: 30_000,
    });
    // An idle connection can die (server restart, failover); pg then emits "error" on the pool,
    // which would crash the process if nobody listened. The pool replaces the connection itself.
    pool.on("error", (e) => console.error(JSON.stringify({ level: "warn", msg: "idle database connection lost", error: e.message })));
    // A checked-out connection has no pool listener, and its user can only listen once it holds it:
    // pg-pool hands a released connection to a waiting user at once, inside the read of the
    // released statement's answer, and a server's "terminating connection" that came in the same
    // packet is emitted before that user runs. Unheard, it would end the process. So every
    // connection always has this listener; its user learns of the break from its statements
    // ("not queryable"), and pg-pool closes it when it comes back.
    pool.on("connect", (client) => client.on("error", () => undefined));
    pool.on("connect", (client) => endingSilentConnection(client, pool.options, silence));
    pool.on("connect", answerAbortedWithTheirCause);
    const faults = injectedFaults(); // the reliability suite's fault test only
    if (faults) pool.on("connect", (client) => injectFaults(client, faults));
    // Last, so that its question before each COMMIT meets the faults and abort causes above.
    pool.on("connect", (client) => resolvingCommitOutcome(client, pool.options));
    // The adapter's type wants a name for every query; it passes `name: generator?.(query)` to pg,
    // so undefined runs the query unnamed exactly as without a generator.
    const statementNameGenerator = statementNamer(MAX_PREPARED_STATEMENTS, "prisma") as (query: { sql: string }) => string;
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { statementNameGenerator }), transactionOptions: TRANSACTION_OPTIONS });
    attachPool(prisma, pool); // hot paths send their raw SQL straight through pg (lib/db/sql.ts)
    return {
      prisma,
      kind: "postgres",
      async close() {
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }

  // PGlite is only loaded in embedded mode (it is large).
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("pglite-prisma-adapter"),
  ]);
  const dir = path.resolve(/* turbopackIgnore: true */ options.pgliteDir || process.env.PGLITE_DIR || ".data/pglite");
  fs.mkdirSync(dir, { recursive: true }); // PGlite does not create parent dirs (P10)
  const pglite = new PGlite(dir);
  try {
    // Migrate on this very instance: a second PGlite on the same dir must never exist (P12).
    const { deploy } = await loadMigrationRunner();
    await deploy(new PrismaPGlite(pglite));
  } catch (e) {
    await pglite.close();
    throw e;
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions: TRANSACTION_OPTIONS });
  return {
    prisma,
    kind: "pglite",
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
