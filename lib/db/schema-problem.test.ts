import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { ADMIN_DATABASE_URL } from "./fresh-database";
import { openDatabase, type Database } from "./open-database";
import { schemaProblem } from "./schema-problem";

const migrations = fs
  .readdirSync(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/** A database with no tables at all, as `createdb` leaves it. */
const emptyName = `schema_problem_${process.pid}_${Date.now()}`;
const emptyUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${emptyName}` }).href;
let admin: pg.Client;
let empty: Database;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${emptyName}"`);
  empty = await openDatabase({ url: emptyUrl });
});
afterAll(async () => {
  await empty?.close();
  await admin.query(`DROP DATABASE IF EXISTS "${emptyName}" WITH (FORCE)`);
  await admin.end();
});

describe("schemaProblem", () => {
  test("a migrated database has none", async () => {
    const db = await openDatabase({ url: inject("databaseUrl") });
    try {
      expect(await schemaProblem(db.prisma)).toBeNull();
    } finally {
      await db.close();
    }
  });

  test("an empty database: one line naming it and the command to run", async () => {
    expect(await schemaProblem(empty.prisma)).toBe(`database "${emptyName}" has no tables: run \`npm run db:migrate\` (with the same DATABASE_URL) first`);
  });

  test("another application's tables, then a migration history that lags the app's migrations", async () => {
    await empty.prisma.$executeRawUnsafe(`CREATE TABLE "Unrelated" ("id" int PRIMARY KEY)`);
    expect(await schemaProblem(empty.prisma)).toMatch(new RegExp(`^database "${emptyName}" has tables but no migration history \\(_prisma_migrations\\)`));

    await empty.prisma.$executeRawUnsafe(`CREATE TABLE "_prisma_migrations" ("id" varchar(36) PRIMARY KEY, "migration_name" varchar(255) NOT NULL, "finished_at" timestamptz, "rolled_back_at" timestamptz)`);
    await empty.prisma.$executeRawUnsafe(`INSERT INTO "_prisma_migrations" VALUES ('1', '${migrations[0]}', now(), NULL), ('2', '${migrations[1]}', NULL, NULL)`);
    expect(await schemaProblem(empty.prisma)).toBe(
      `database "${emptyName}" lacks ${migrations.length - 1} migrations (from ${migrations[1]}): run \`npm run db:migrate\` (with the same DATABASE_URL) first`,
    );
    await empty.prisma.$executeRawUnsafe(`DROP TABLE "Unrelated", "_prisma_migrations"`);
  });

  test("an unreachable server: the driver's message, not Prisma's invocation text", async () => {
    const nowhere = await openDatabase({ url: "postgresql://postgres@127.0.0.1:1/nowhere" });
    try {
      expect(await schemaProblem(nowhere.prisma)).toBe("cannot query the database at DATABASE_URL: Can't reach database server at 127.0.0.1:1");
    } finally {
      await nowhere.close();
    }
  });
});

describe("the server started on an empty database", () => {
  test("prints one line saying to run the migrations and exits 1, before anything listens", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "lib/server.ts"], {
      cwd: process.cwd(),
      env: { ...process.env, NODE_ENV: "production", API_ONLY: "1", PORT: "0", HOST: "127.0.0.1", DATABASE_URL: emptyUrl, IN_PROCESS_WORKER: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toBe(`> Cannot start: database "${emptyName}" has no tables: run \`npm run db:migrate\` (with the same DATABASE_URL) first\n`);
  }, 60_000);
});
