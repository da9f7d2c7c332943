// Gives the test run its own fresh PostgreSQL database, migrated with the same runner production
// uses; tests read its URL with inject("databaseUrl"). Dropped again at the end.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import type { TestProject } from "vitest/node";
import { loadMigrationRunner } from "./lib/db/open-database";

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `test_${process.pid}_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);

  const pool = new pg.Pool({ connectionString: url.href, max: 2 });
  try {
    const { deploy } = await loadMigrationRunner();
    await deploy(new PrismaPg(pool));
  } catch (e) {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    throw e;
  }
  await pool.end();

  project.provide("databaseUrl", url.href);

  return async () => {
    // FORCE: a test that forgot to close its pool must not make the drop fail.
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
}
