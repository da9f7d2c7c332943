import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { openDatabase, type Database } from "./open-database";
import { READ_BATCH, poolOf, readOf, sqlOf, sqlOnConnection, statementNamer } from "./sql";

// Code written against SqlTx runs on Prisma's transaction client or on a bare pg connection
// (sqlTransaction), so both must answer with the same JS values and take the same parameters.
describe("sqlOnConnection answers like Prisma's $queryRaw", () => {
  let db: Database;
  let client: pg.PoolClient;
  beforeAll(async () => {
    db = await openDatabase({ url: inject("databaseUrl") });
    client = await poolOf(db.prisma)!.connect();
  });
  afterAll(async () => {
    client.release();
    await db.close();
  });

  test("every column type payments read comes back as Prisma returns it", async () => {
    const query = Prisma.sql`SELECT 1::int2 AS a, 2::int4 AS b, 9007199254740993::int8 AS c, 1.50::numeric AS d, 2.5::float8 AS e, true AS f, 'x'::text AS g,
      '0190a000-0000-7000-8000-000000000001'::uuid AS h, '2026-01-02T03:04:05.678Z'::timestamptz AS i, '2026-01-02 03:04:05.678'::timestamp AS j,
      '2026-01-02'::date AS k, '{"a":[1,"b"]}'::jsonb AS l, ARRAY['a', NULL] AS m, ARRAY[1, 9007199254740993]::int8[] AS n, '\\x0102'::bytea AS o,
      NULL::int8 AS p, ARRAY[1.5]::numeric[] AS q, ARRAY['2026-01-02'::date] AS r, '12:30:00'::time AS s, 'CHECKING'::text AS t`;
    const [viaPrisma] = await db.prisma.$queryRaw<Record<string, unknown>[]>(query);
    const [viaPg] = await sqlOnConnection(client).$queryRaw<Record<string, unknown>[]>(query);
    expect(viaPg).toEqual(viaPrisma);
    expect(viaPg!.c).toBe(9007199254740993n);
    expect(viaPg!.n).toEqual([1n, 9007199254740993n]);
    expect(String(viaPg!.d)).toBe("1.5");
    expect((viaPg!.k as Date).toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect((viaPg!.j as Date).toISOString()).toBe("2026-01-02T03:04:05.678Z");
  });

  test("timestamptz values read as pg reads them, in any session time zone, with odd offsets, fractions, BC and infinity", async () => {
    const pgReads = pg.types.getTypeParser(1184 as never, "text") as (text: string) => unknown;
    const values = ["2026-01-02 03:04:05.678+00", "2026-01-02 03:04:05+00", "2026-06-30 23:59:59.999999+00", "1900-01-01 00:00:00+00", "0044-03-15 12:00:00+00", "0044-03-15 12:00:00+00 BC", "infinity", "-infinity", "12026-01-01 00:00:00+00"];
    const tx = sqlOnConnection(client);
    try {
      for (const zone of ["UTC", "Asia/Kolkata", "America/St_Johns", "Africa/Monrovia", "Pacific/Chatham"]) {
        await tx.$executeRawUnsafe(`SET TIME ZONE '${zone}'`);
        for (let run = 0; run < 3; run++) {
          const rows = await tx.$queryRaw<{ at: unknown; text: string }[]>`SELECT v::timestamptz AS at, v::timestamptz::text AS text, (v::timestamptz)::text AS again FROM unnest(${values}::text[]) v`;
          for (const row of rows) expect([row.text, row.at]).toEqual([row.text, pgReads(row.text)]);
          // Monrovia in 1900 was -00:43:08: a negative offset with seconds, the same in every tz database
          // (Amsterdam's +00:19:32 is gone from those that merged it into Brussels, as PostgreSQL 13's own does).
          if (zone === "Africa/Monrovia") expect(rows.map((r) => r.text)).toContain("1899-12-31 23:16:52-00:43:08");
        }
      }
    } finally {
      await tx.$executeRawUnsafe(`SET TIME ZONE 'UTC'`);
    }
    const [twice] = await tx.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT 1 AS "a", 2 AS "a"`);
    expect(twice).toEqual({ a: 2 }); // a repeated name keeps its last value, as pg's own rows do
  });

  test("parameters are sent as Prisma sends them", async () => {
    const at = new Date("2026-01-02T23:30:00.000Z");
    const query = (tx: { $queryRaw: typeof db.prisma.$queryRaw }) =>
      tx.$queryRaw<Record<string, unknown>[]>`SELECT ${at}::timestamptz AS a, ${at}::date AS b, ${12345678901234567n}::int8 AS c, ${[1n, 2n]}::int8[] AS d,
        ${JSON.stringify({ x: 1 })}::jsonb AS e, ${["a", "b"]}::text[] AS f, ${null}::text AS g, ${new Prisma.Decimal("0.10")}::numeric AS h, ${Buffer.from([1, 2])}::bytea AS i, ${7}::int AS j`;
    const [viaPrisma] = await query(db.prisma);
    const [viaPg] = await query(sqlOnConnection(client) as unknown as { $queryRaw: typeof db.prisma.$queryRaw });
    expect(viaPg).toEqual(viaPrisma);
    expect(viaPg!.b).toEqual(new Date("2026-01-02T00:00:00.000Z"));
  });

  test("rows are ordinary objects with the statement's columns in order, on a connection and on the pool; a column named __proto__ stays a column", async () => {
    for (const tx of [sqlOnConnection(client), sqlOnConnection(poolOf(db.prisma)!)]) {
      for (let i = 0; i < 3; i++) {
        // three times: the second run prepares the statement, the third reuses its row shape
        const rows = await tx.$queryRaw<Record<string, unknown>[]>`SELECT g AS "z", g * 2 AS "a", NULL::text AS "m" FROM generate_series(1, ${2}::int) g`;
        expect(rows).toEqual([
          { z: 1, a: 2, m: null },
          { z: 2, a: 4, m: null },
        ]);
        expect(Object.keys(rows[1]!)).toEqual(["z", "a", "m"]);
        expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
        // A caller changing its rows changes no later answer.
        Object.assign(rows[0]!, { z: "changed", extra: true });
      }
      const [odd] = await tx.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT 1 AS "__proto__", 2 AS "b"`);
      expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(odd, "__proto__")?.value).toBe(1);
      expect(odd!.b).toBe(2);
    }
  });

  test("a failed statement's error leads back to the code that ran it", async () => {
    const error = await sqlOnConnection(client)
      .$queryRawUnsafe(`SELECT 1/0`)
      .catch((e: Error) => e);
    expect((error as Error).message).toMatch(/division by zero/);
    expect((error as Error).stack).toContain("sql.test.ts");
  });

  test("$executeRaw answers the affected row count, and a statement run twice is prepared under one name", async () => {
    const tx = sqlOnConnection(client);
    await tx.$executeRawUnsafe(`CREATE TEMP TABLE sql_test (n int)`);
    for (let i = 0; i < 3; i++) expect(await tx.$executeRaw`INSERT INTO sql_test SELECT generate_series(1, ${2}::int)`).toBe(2);
    expect(await tx.$queryRawUnsafe(`SELECT count(*)::int AS n FROM sql_test WHERE n = $1`, 2)).toEqual([{ n: 3 }]);
    const prepared = await tx.$queryRaw<{ name: string }[]>`SELECT name FROM pg_prepared_statements WHERE statement LIKE 'INSERT INTO sql_test%'`;
    expect(prepared.map((p) => p.name)).toEqual([expect.stringMatching(/^sql_\d+$/)]);
  });

  test("a named statement's columns are described once: later answers come without a description and read the same", async () => {
    const tx = sqlOnConnection(client);
    const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
    let descriptions = 0;
    const count = () => void descriptions++;
    connection.on("rowDescription", count);
    const read = (n: number) => tx.$queryRaw<{ n: bigint; at: Date; tags: string[] }[]>`SELECT g::int8 AS n, '2026-01-02 03:04:05+00'::timestamptz AS at, ARRAY['a', 'b'] AS tags FROM generate_series(1, ${n}::int) g`;
    try {
      const answers = [await read(2), await read(2), await read(2), await read(0)];
      // The first two (unnamed, then named and prepared) are described; the later ones are not.
      expect(descriptions).toBe(2);
      const rows = [
        { n: 1n, at: new Date("2026-01-02T03:04:05Z"), tags: ["a", "b"] },
        { n: 2n, at: new Date("2026-01-02T03:04:05Z"), tags: ["a", "b"] },
      ];
      expect(answers).toEqual([rows, rows, rows, []]);
    } finally {
      connection.off("rowDescription", count);
    }
  });
});

describe("readOf sends the reads asked for together pipelined, a few to a connection", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ url: inject("databaseUrl") });
  });
  afterAll(async () => {
    await db.close();
  });
  const readMany = (n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => readOf(db.prisma).$queryRaw<{ pid: number; i: number; at: Date }[]>`SELECT pg_backend_pid() AS pid, ${i}::int AS i, now() AS at`));

  test("each read gets its own answer, at most READ_BATCH reads share a connection, and the answers match sqlOf's", async () => {
    const answers = (await readMany(3 * READ_BATCH + 2)).map(([row]) => row!);
    expect(answers.map((a) => a.i)).toEqual(Array.from({ length: 3 * READ_BATCH + 2 }, (_, i) => i));
    const readsPerConnection = new Map<number, number>();
    for (const a of answers) readsPerConnection.set(a.pid, (readsPerConnection.get(a.pid) ?? 0) + 1);
    expect(Math.max(...readsPerConnection.values())).toBe(READ_BATCH);
    expect(readsPerConnection.size).toBe(4);
    // Pipelined, not in one transaction: each read is a statement of its own.
    expect(new Set(answers.map((a) => a.at.getTime())).size).toBeGreaterThan(1);
    const [viaPool] = await sqlOf(db.prisma).$queryRaw<{ i: number }[]>`SELECT ${5}::int AS i`;
    const [viaBatch] = await readOf(db.prisma).$queryRaw<{ i: number }[]>`SELECT ${5}::int AS i`;
    expect(viaBatch).toEqual(viaPool);
  });

  test("a read that fails fails alone, with a stack leading back to its caller, and the next reads are answered", async () => {
    const reads = [
      readOf(db.prisma).$queryRaw`SELECT 1 AS one`,
      readOf(db.prisma).$queryRawUnsafe(`SELECT 1/0`),
      readOf(db.prisma).$queryRaw`SELECT 2 AS two`,
    ];
    const [first, failed, third] = (await Promise.allSettled(reads)) as [PromiseSettledResult<unknown>, PromiseSettledResult<unknown>, PromiseSettledResult<unknown>];
    expect(first).toEqual({ status: "fulfilled", value: [{ one: 1 }] });
    expect(third).toEqual({ status: "fulfilled", value: [{ two: 2 }] });
    expect(failed.status).toBe("rejected");
    const error = (failed as PromiseRejectedResult).reason as Error;
    expect(error.message).toMatch(/division by zero/);
    expect(error.stack).toContain("sql.test.ts");
    expect((await readMany(3)).map(([row]) => row!.i)).toEqual([0, 1, 2]);
  });

  test("a connection the server closed is replaced: reads after it are answered", async () => {
    const { pid } = (await readMany(1))[0]![0]!;
    const admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend($1::int)", [pid]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the pool hears of the closed connection
    const answers = (await readMany(READ_BATCH)).map(([row]) => row!);
    expect(answers.map((a) => a.i)).toEqual(Array.from({ length: READ_BATCH }, (_, i) => i));
    expect(answers.every((a) => a.pid !== pid)).toBe(true);
  });
});

describe("statementNamer", () => {
  test("names a text from its second use on, the same text the same way, different texts differently", () => {
    const name = statementNamer(10, "prisma");
    expect(name({ sql: "SELECT 1" })).toBeUndefined();
    const a = name({ sql: "SELECT 1" });
    expect(a).toBeDefined();
    expect(name({ sql: "SELECT 1" })).toBe(a);
    name({ sql: "SELECT 2" });
    const b = name({ sql: "SELECT 2" });
    expect(b).toBeDefined();
    expect(b).not.toBe(a);
  });

  test("leaves texts beyond the limit unnamed, so no connection prepares without bound", () => {
    const name = statementNamer(2, "prisma");
    for (const sql of ["SELECT 1", "SELECT 1", "SELECT 2", "SELECT 2", "SELECT 3"]) name({ sql });
    expect(name({ sql: "SELECT 3" })).toBeUndefined();
    expect(name({ sql: "SELECT 1" })).toBeDefined();
  });
});
