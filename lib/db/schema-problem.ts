// Why the app cannot run on a PostgreSQL database, in one line an operator can act on. The server
// and the worker ask before their first query: on an unmigrated database that query's error is
// kilobytes of minified Prisma source ending in "table public.Platform does not exist".
import fs from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";

const MIGRATE = "run `npm run db:migrate` (with the same DATABASE_URL) first";

/** null when the database has every migration in `migrationsDir`; else what is wrong and what to run. */
export async function schemaProblem(db: PrismaClient, migrationsDir = path.join(process.cwd(), "prisma", "migrations")): Promise<string | null> {
  let state: { database: string; tables: number; hasHistory: boolean } | undefined;
  try {
    [state] = await db.$queryRaw<{ database: string; tables: number; hasHistory: boolean }[]>`
      SELECT current_database() AS "database",
        (SELECT count(*)::int FROM pg_tables WHERE schemaname = current_schema()) AS "tables",
        to_regclass('"_prisma_migrations"') IS NOT NULL AS "hasHistory"`;
  } catch (e) {
    return `cannot query the database at DATABASE_URL: ${driverMessage(e)}`;
  }
  const { database, tables, hasHistory } = state!;
  if (tables === 0) return `database "${database}" has no tables: ${MIGRATE}`;
  if (!hasHistory) return `database "${database}" has tables but no migration history (_prisma_migrations): point DATABASE_URL at this app's database, or at an empty one and ${MIGRATE}`;
  const applied = new Set(
    (await db.$queryRaw<{ name: string }[]>`SELECT migration_name AS "name" FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`).map((r) => r.name),
  );
  const missing = localMigrations(migrationsDir).filter((name) => !applied.has(name));
  if (missing.length > 0) return `database "${database}" lacks ${missing.length} migration${missing.length === 1 ? "" : "s"} (from ${missing[0]}): ${MIGRATE}`;
  return null;
}

/** The migration folders shipped with the app; none when they were not (nothing to compare then). */
function localMigrations(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, "migration.sql")))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/** The driver's own words: Prisma wraps them as "Invalid `prisma.$queryRaw()` invocation: … Message: `<them>`". */
function driverMessage(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const last = text.split("\n").map((line) => line.trim()).filter(Boolean).at(-1) ?? text;
  return (/Message: `(.*)`$/.exec(last)?.[1] ?? last).slice(0, 300);
}
