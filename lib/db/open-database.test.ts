import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, describe, expect, inject, test } from "vitest";
import { loadMigrationRunner, openDatabase, type Database } from "./open-database";

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
