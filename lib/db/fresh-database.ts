// A fresh, migrated PostgreSQL database beside the admin one: for the test run (vitest's global
// setup), tests that need an empty database, and the benchmarks. Not used by the app itself.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { loadMigrationRunner } from "./open-database";

/** The server's admin database the fresh ones are created from (TEST_DATABASE_URL overrides it). */
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

export interface FreshDatabase {
  name: string;
  url: string;
  /** Drops it WITH (FORCE): a pool somebody forgot to close must not make the drop fail. */
  drop(): Promise<void>;
}

/** Creates database `name` on the admin URL's server and migrates it with the runner production uses. */
export async function createFreshDatabase(name: string, adminUrl = ADMIN_DATABASE_URL): Promise<FreshDatabase> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
  const pool = new pg.Pool({ connectionString: url.href, max: 2 });
  try {
    const { deploy } = await loadMigrationRunner();
    await deploy(new PrismaPg(pool));
  } catch (e) {
    await pool.end();
    await drop();
    throw e;
  }
  await pool.end();
  return { name, url: url.href, drop };
}
