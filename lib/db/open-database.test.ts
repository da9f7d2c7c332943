import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from "vitest";
import { DEAD_CLIENT_SETTINGS, loadMigrationRunner, openDatabase, planCacheMode, poolConnection, type Database } from "./open-database";

const migrationNames = fs
  .readdirSync(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/** The _prisma_migrations rows, checked to match the repo's migrations; the Platform table is queryable. */
async function expectMigrated(db: Database) {
  const rows = await db.prisma.$queryRaw<{ id: string; migration_name: string; finished_at: Date | null }[]>`
    SELECT id, migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name`;
  expect(rows.map((r) => r.migration_name)).toEqual(migrationNames);
  expect(rows.every((r) => r.finished_at !== null)).toBe(true);
  // Other test files share the PostgreSQL database, so only check that the table answers.
  expect(await db.prisma.platform.count()).toBeGreaterThanOrEqual(0);
  return rows;
}

describe("openDatabase", () => {
  const tmpDirs: string[] = [];
  afterAll(() => {
    for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("the repo has an init migration", () => {
    expect(migrationNames.some((n) => /^\d{14}_init$/.test(n))).toBe(true);
  });

  test("PostgreSQL: the per-run test database is migrated", async () => {
    const db = await openDatabase({ url: inject("databaseUrl") });
    try {
      expect(db.kind).toBe("postgres");
      await expectMigrated(db);
    } finally {
      await db.close();
    }
  });

  test("PGlite: migrated in-process; reopening the same dir applies nothing", async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-test-"));
    tmpDirs.push(parent);
    const dir = path.join(parent, "nested", "data"); // openDatabase must mkdir -p

    // url "" forces PGlite even when DATABASE_URL is set in the environment.
    const first = await openDatabase({ url: "", pgliteDir: dir });
    let rows;
    try {
      expect(first.kind).toBe("pglite");
      rows = await expectMigrated(first);
    } finally {
      await first.close();
    }

    // Reopen: same rows (same ids/timestamps), i.e. the in-process deploy re-applied nothing.
    const second = await openDatabase({ url: "", pgliteDir: dir });
    try {
      expect(await expectMigrated(second)).toEqual(rows);
    } finally {
      await second.close();
    }

    // And the runner itself reports nothing to apply (one PGlite per dir at a time, so after close).
    const pglite = new PGlite(dir);
    try {
      const { deploy } = await loadMigrationRunner();
      expect(await deploy(new PrismaPGlite(pglite))).toEqual({ appliedMigrationNames: [] });
    } finally {
      await pglite.close();
    }
  });
});

describe("poolConnection", () => {
  test("starts connections with the chosen plan_cache_mode and the dead-client settings, keeping a URL's own options (which pg lets override the pool's)", () => {
    const plain = poolConnection("postgresql://app@db:5432/payments", "force_custom_plan");
    expect(plain).toEqual({ connectionString: "postgresql://app@db:5432/payments", options: `-c plan_cache_mode=force_custom_plan ${DEAD_CLIENT_SETTINGS}` });
    const own = poolConnection("postgresql://app@db:5432/payments?options=-c%20statement_timeout%3D5000&sslmode=require", "auto");
    const url = new URL(own.connectionString);
    expect(url.searchParams.get("options")).toBe(`-c statement_timeout=5000 -c plan_cache_mode=auto ${DEAD_CLIENT_SETTINGS}`);
    expect([url.searchParams.get("sslmode"), url.username, url.host, url.pathname]).toEqual(["require", "app", "db:5432", "/payments"]);
    expect(poolConnection("/var/run/postgresql payments", "auto")).toEqual({ connectionString: "/var/run/postgresql payments", options: `-c plan_cache_mode=auto ${DEAD_CLIENT_SETTINGS}` });
  });

  test("a pooled connection runs with the keep-alive and user timeout that make the server give up on a vanished client within about a minute, not Linux's 2 h 11 min", async () => {
    const database = await openDatabase({ url: inject("databaseUrl") });
    try {
      const [settings] = await database.prisma.$queryRaw<Record<string, string>[]>`
        SELECT current_setting('tcp_keepalives_idle') AS idle, current_setting('tcp_keepalives_interval') AS interval,
               current_setting('tcp_keepalives_count') AS count, current_setting('tcp_user_timeout') AS user_timeout`;
      expect(settings).toEqual({ idle: "30", interval: "10", count: "3", user_timeout: "60000" });
    } finally {
      await database.close();
    }
  });
});

/** Sets DATABASE_PLAN_CACHE_MODE (undefined: unset) and gives back a function that restores what the run was started with. */
function withPlanCacheMode(mode: string | undefined): () => void {
  const started = process.env.DATABASE_PLAN_CACHE_MODE;
  if (mode === undefined) delete process.env.DATABASE_PLAN_CACHE_MODE;
  else process.env.DATABASE_PLAN_CACHE_MODE = mode;
  return () => {
    if (started === undefined) delete process.env.DATABASE_PLAN_CACHE_MODE;
    else process.env.DATABASE_PLAN_CACHE_MODE = started;
  };
}

describe("planCacheMode", () => {
  let restore = () => {};
  afterEach(() => restore());

  test("uses PostgreSQL's generic plans only where autovacuum keeps statistics; DATABASE_PLAN_CACHE_MODE overrides", async () => {
    restore = withPlanCacheMode(undefined);
    const url = inject("databaseUrl");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const autovacuum = (await client.query("SHOW autovacuum")).rows[0].autovacuum;
    await client.end();
    expect(await planCacheMode(url)).toBe(autovacuum === "on" ? "auto" : "force_custom_plan");
    process.env.DATABASE_PLAN_CACHE_MODE = "auto";
    expect(await planCacheMode(url)).toBe("auto");
    process.env.DATABASE_PLAN_CACHE_MODE = "force_custom_plan";
    expect(await planCacheMode(url)).toBe("force_custom_plan");
  });

  test("opens with custom plans when the server cannot be asked (not up yet), instead of failing to start", async () => {
    restore = withPlanCacheMode(undefined);
    expect(await planCacheMode("postgresql://postgres@127.0.0.1:1/nothing-listens-here")).toBe("force_custom_plan");
  });
});

describe.each(["force_custom_plan", "auto"] as const)("openDatabase on PostgreSQL with plan_cache_mode=%s: prepared statements", (mode) => {
  let database: Database;
  const poolSize = process.env.DATABASE_POOL_SIZE;
  beforeAll(async () => {
    process.env.DATABASE_POOL_SIZE = "1"; // one connection, so the catalog query below sees what the reads prepared
    const restore = withPlanCacheMode(mode);
    database = await openDatabase({ url: inject("databaseUrl") });
    restore();
  });
  afterAll(async () => {
    if (poolSize === undefined) delete process.env.DATABASE_POOL_SIZE;
    else process.env.DATABASE_POOL_SIZE = poolSize;
    await database.close();
  });

  test("a repeated ORM query is prepared once on its connection and answered from it after", async () => {
    const read = () => database.prisma.platform.findMany({ where: { name: "no such platform for the prepared-statement test" }, take: 1 });
    for (let i = 0; i < 3; i++) expect(await read()).toEqual([]);
    const prepared = await database.prisma.$queryRaw<{ statement: string }[]>`
      SELECT statement FROM pg_prepared_statements
      WHERE statement LIKE '%FROM "public"."Platform"%' AND statement NOT LIKE '%pg_prepared_statements%'`;
    expect(prepared).toHaveLength(1);
  });

  test(mode === "auto" ? "statements switch to a generic plan after five runs" : "prepared statements are planned for their parameters each time, never with a generic plan", async () => {
    const read = () => database.prisma.platform.findMany({ where: { name: "no such platform for the plan test", isRegulatedFinancialInstitution: true }, take: 2 });
    for (let i = 0; i < 12; i++) expect(await read()).toEqual([]);
    const [server] = await database.prisma.$queryRaw<{ version: number }[]>`SELECT current_setting('server_version_num')::int AS version`;
    if (server!.version < 140000) {
      // PostgreSQL 13 does not count plans (pg_prepared_statements has no generic_plans): it can only
      // show that the connection runs in the mode asked for.
      const [setting] = await database.prisma.$queryRaw<{ plan_cache_mode: string }[]>`SHOW plan_cache_mode`;
      expect(setting!.plan_cache_mode).toBe(mode);
      return;
    }
    const [plans] = await database.prisma.$queryRaw<{ generic: bigint; custom: bigint }[]>`
      SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements
      WHERE statement LIKE '%"isRegulatedFinancialInstitution" = %' AND statement NOT LIKE '%pg_prepared_statements%'`;
    // The first run is unnamed (statementNamer names a text on its second use), so 11 runs are counted.
    if (mode === "auto") expect(plans).toEqual({ generic: 6n, custom: 5n });
    else expect(plans).toEqual({ generic: 0n, custom: 11n });
  });
});

describe("raw SQL under prepared statements", () => {
  test("no statement in lib/service selects or returns `*`, whose prepared plan fails once a migration adds a column", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith(".ts") && !file.endsWith(".test.ts") && /\b(SELECT|RETURNING)\s+("\w+"\.)?\*/.test(fs.readFileSync(file, "utf8"))) offenders.push(file);
      }
    };
    walk(path.join(process.cwd(), "lib", "service"));
    expect(offenders).toEqual([]);
  });
});
