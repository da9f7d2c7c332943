// Raw SQL straight through pg, for the hot paths (payments, frequent reads, the worker): a Prisma
// interactive transaction costs ~5× the Node CPU of the same statements sent by pg (measured:
// BEGIN, 4 queries, COMMIT took ~690 µs through Prisma and ~130 µs through pg), a raw query
// outside one ~3×, and those paths are raw SQL already. Prisma stays the schema, the migrations and
// every other query.
import pg from "pg";
import { isLoneRead, readingAgain } from "./connection-loss";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * What code that only runs raw SQL needs from a transaction. Prisma's transaction client has it,
 * and so has a pg connection (sqlOnConnection), so such code runs on either.
 */
export interface SqlTx {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  /** A pg connection's transaction only: sends a statement with the next one, or with the COMMIT (runOrDefer). */
  $defer?(statement: string | Prisma.Sql): void;
}

/**
 * Runs a statement whose answer nobody reads (a SAVEPOINT, a payment's final write) now, or, in a
 * transaction on a pg connection, with the transaction's next statement or its COMMIT in the same
 * write: one round trip less. Its failure then fails that statement, and so the transaction.
 */
export async function runOrDefer(tx: SqlTx, statement: string | Prisma.Sql): Promise<void> {
  if (tx.$defer) tx.$defer(statement);
  else if (typeof statement === "string") await tx.$executeRawUnsafe(statement);
  else await tx.$executeRaw(statement);
}

const poolByClient = new WeakMap<object, pg.Pool>();

/** Records the pg pool under a Prisma client (or a view of it) so sqlTransaction can use it directly. */
export function attachPool(client: object, pool: pg.Pool): void {
  poolByClient.set(client, pool);
}

/** The pg pool behind a client; none for PGlite or for a client already inside a transaction. */
export function poolOf(client: object): pg.Pool | undefined {
  return poolByClient.get(client);
}

/**
 * Raw SQL for a read outside any transaction: straight on the pool when the client has one (each
 * statement on whichever connection is free), else the client itself (PGlite, or a request's
 * transaction, whose reads must see its own writes).
 */
export function sqlOf(db: SqlTx): SqlTx {
  const pool = poolOf(db);
  if (!pool) return db;
  let sql = sqlByPool.get(pool);
  if (!sql) sqlByPool.set(pool, (sql = sqlOnConnection(pool)));
  return sql;
}
const sqlByPool = new WeakMap<pg.Pool, SqlTx>();

/**
 * Raw SQL for a short read outside any transaction (a row by its id), sent in batches: the reads
 * asked for while Node handles one round of I/O (every request that arrived together) go out
 * together, up to READ_BATCH, on one pooled connection in one write, pipelined, and PostgreSQL
 * answers them back to back. One write and one wake-up of the server process per batch instead
 * of per read (the pool's connections pipeline, openDatabase): on this 2-core machine a loaded
 * GET of a customer answers 1.27x as many requests, for 0.81x the Node CPU. A read waits behind at
 * most READ_BATCH - 1 others, so only quick ones belong here; lists, and writes (whose commits
 * would each wait for the disk in turn), use sqlOf. Without a pool (PGlite, a request's
 * transaction) it is sqlOf.
 */
export function readOf(db: SqlTx): SqlTx {
  const pool = poolOf(db);
  if (!pool) return db;
  let sql = readsByPool.get(pool);
  if (!sql) readsByPool.set(pool, (sql = sqlOnConnection(new ReadBatcher(pool))));
  return sql;
}
const readsByPool = new WeakMap<pg.Pool, SqlTx>();

/** At most this many reads share a connection and a write (readOf). */
export const READ_BATCH = 8;

/** Collects the statements of one turn of the event loop and sends them pipelined on one pooled connection each READ_BATCH (readOf). */
class ReadBatcher {
  #waiting: { statement: Statement; answer: Promise<pg.QueryResult> }[] = [];
  constructor(private readonly pool: pg.Pool) {}

  query(statement: Statement): Promise<pg.QueryResult> {
    const answer = answerOf(statement);
    // setImmediate runs once Node has handled every connection that was ready, so the reads of
    // all the requests that arrived together are collected before any goes out.
    if (this.#waiting.push({ statement, answer }) === 1) setImmediate(() => this.#sendWaiting());
    return answer;
  }

  #sendWaiting(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (let i = 0; i < waiting.length; i += READ_BATCH) void this.#sendBatch(waiting.slice(i, i + READ_BATCH));
  }

  async #sendBatch(batch: { statement: Statement; answer: Promise<pg.QueryResult> }[]): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      for (const { statement } of batch) (statement as unknown as PgCallback).callback(e as Error);
      return;
    }
    // A connection that dies while checked out emits "error"; its statements fail on their own.
    let lost: Error | undefined;
    const onError = (e: Error) => void (lost = e);
    client.on("error", onError);
    writeTogether(client);
    for (const { statement } of batch) client.query(statement as unknown as pg.QueryConfig);
    const outcomes = await Promise.allSettled(batch.map((b) => b.answer));
    client.off("error", onError);
    // As pg-pool does after a failed statement: the connection is closed rather than reused.
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected");
    client.release(lost ?? (failed?.reason as Error | undefined));
  }
}

/** How pg answers a statement sent as an object: it calls the statement's callback. */
interface PgCallback {
  callback: (error: Error | undefined, result?: pg.QueryResult) => void;
}

/** The answer of a statement sent with client.query(statement). */
function answerOf(statement: Statement): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    (statement as unknown as PgCallback).callback = (error, result) => (error ? reject(error) : resolve(result!));
  });
}

/**
 * A model's columns for a raw SELECT or RETURNING, from the generated client's field list (e.g.
 * `Prisma.CustomerScalarFieldEnum`), qualified by `table` when given: the row then has the model's
 * shape, and the statement still names its columns, so its prepared plan survives a migration
 * that adds one (a prepared `*` fails: "cached plan must not change result type"). With `as`, each
 * column is named `as` + field, so rows of several models can share one statement (rowUnder).
 */
export function columnsOf(fields: Record<string, string>, table?: string, as?: string): Prisma.Sql {
  const key = `${table ?? ""}|${as ?? ""}`;
  let made = columnLists.get(fields);
  if (!made) columnLists.set(fields, (made = new Map()));
  let list = made.get(key);
  if (!list) {
    const prefix = table ? `"${table}".` : "";
    made.set(key, (list = Prisma.raw(Object.values(fields).map((field) => `${prefix}"${field}"${as ? ` AS "${as}${field}"` : ""}`).join(", "))));
  }
  return list;
}
/** Made once per model and form: hot reads name their columns on every request. */
const columnLists = new WeakMap<Record<string, string>, Map<string, Prisma.Sql>>();

/**
 * The model row a statement returned under `columnsOf(fields, table, as)` beside other rows' columns;
 * null when the row was absent (an outer join's null id).
 */
export function rowUnder<T>(row: Record<string, unknown>, fields: Record<string, string>, as: string): T | null {
  if (row[`${as}id`] === null) return null;
  return Object.fromEntries(Object.values(fields).map((field) => [field, row[`${as}${field}`]])) as T;
}

/** A transaction that did not start in time (every pooled connection busy) or outlived its timeout; rolled back either way. */
export class TransactionTimeoutError extends Error {
  override name = "TransactionTimeoutError";
  constructor(readonly reason: "busy" | "expired") {
    super(reason === "busy" ? "Unable to start a transaction in the given time" : "The transaction outlived its timeout and was rolled back (expired transaction)");
  }
}

/**
 * Raw SQL on one pg connection (or on the pool: each statement on a free connection), answering with the same JS values as Prisma's $queryRaw (int8 as
 * bigint, numeric as Decimal, date and timestamp as UTC Dates, bytea as Uint8Array), so code on
 * SqlTx behaves the same on either. Once `expired()` says so, every statement is refused.
 */
export function sqlOnConnection(client: Pick<pg.ClientBase, "query"> | ReadBatcher, expired: () => boolean = () => false, prelude?: Prelude): SqlTx {
  const run = async (text: string, values: unknown[]) => {
    if (expired()) throw new TransactionTimeoutError("expired");
    try {
      // Outside any transaction, a read is sent again when its connection broke (a statement is sent once: a new one each time).
      if (client instanceof ReadBatcher || (client instanceof pg.Pool && isLoneRead(text))) return await readingAgain(() => send(client, new Statement(text, values)));
      const statement = new Statement(text, values);
      if (!prelude || prelude.length === 0) return await send(client, statement);
      return await afterPrelude(client as pg.ClientBase, prelude.splice(0), statement);
    } catch (e) {
      // pg's error carries the stack of its socket reader; this one leads back to the caller.
      if (e instanceof Error) Error.captureStackTrace(e);
      throw e;
    }
  };
  const compose = (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => (query instanceof Prisma.Sql ? query : Prisma.sql(query, ...(values as Prisma.Sql[])));
  return {
    async $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const sql = compose(query, values);
      return (await run(sql.text, sql.values)).rows as T;
    },
    async $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const sql = compose(query, values);
      return (await run(sql.text, sql.values)).rowCount ?? 0;
    },
    async $queryRawUnsafe<T>(query: string, ...values: unknown[]) {
      return (await run(query, values)).rows as T;
    },
    async $executeRawUnsafe(query: string, ...values: unknown[]) {
      return (await run(query, values)).rowCount ?? 0;
    },
    ...(prelude && { $defer: (statement: string | Prisma.Sql) => void prelude.push(typeof statement === "string" ? statement : new Statement(statement.text, statement.values)) }),
  };
}

/** Statements waiting to go out with a transaction's next one: its BEGIN, then deferred ones (runOrDefer). */
export type Prelude = (string | Statement)[];

/**
 * A statement as pg runs it (prepared under its name, answered with PRISMA_LIKE_TYPES), minus
 * three costs pg 8.23 puts on every statement: it copies a config object property by property
 * (~3 µs); it builds each answer's empty row with Object.create(null) and copies it (~10 µs for 28
 * columns; every row is then copied from a dictionary-mode object); and it asks the server to
 * describe the answer's columns every time, which the server then sends and pg parses (a named
 * statement's columns are known from its first answer: one text, one result type, as PostgreSQL
 * itself holds a prepared statement to). Given as text and values there is nothing to copy, and
 * ShapedResult makes each row with a function written for the statement's columns.
 */
class Statement extends pg.Query {
  declare name: string | undefined;
  declare _result: ShapedResult;
  declare _accumulateRows: boolean;

  constructor(text: string, values: unknown[]) {
    super(text, values.map(toParameter));
    const name = statementName({ sql: text });
    const result = new ShapedResult(name);
    Object.assign(this, { name, types: PRISMA_LIKE_TYPES, _result: result, _results: result });
  }

  /** pg's Parse (once per connection), Bind, Describe, Execute and Sync, without the Describe once the columns are known. */
  prepare(connection: { describe(message: unknown): void }): void {
    const shape = this.name === undefined ? undefined : rowShapes.get(this.name);
    const prepare = (pg.Query.prototype as unknown as { prepare(connection: unknown): void }).prepare;
    if (!shape) return prepare.call(this, connection);
    this._result.addFields(shape.fields);
    this._accumulateRows = true;
    // Describe is a method of pg's Connection class: hidden by an own property for this call only.
    connection.describe = () => undefined;
    try {
      prepare.call(this, connection);
    } finally {
      delete (connection as { describe?: unknown }).describe;
    }
  }
}

/** The columns a statement answered with, their parsers, and the function that makes a row of them. */
interface RowShape {
  fields: pg.FieldDef[];
  parsers: ((text: string) => unknown)[];
  build: RowBuilder;
}
type RowBuilder = (values: (string | null)[], parsers: ((text: string) => unknown)[]) => Record<string, unknown>;
/** By statement name (statementName makes at most 200): every answer of a prepared statement has one shape. */
const rowShapes = new Map<string, RowShape>();

/**
 * pg's Result (lib/result.js) with each row made by a function written for its columns (shapeOf)
 * instead of pg's copy of an empty row filled field by field under computed names: the same rows
 * (~3× less work per row of 45 columns: a page of transactions). A named statement's shape is made
 * once and reused while its answers come with the same columns.
 */
class ShapedResult extends (pg.Result as unknown as new (rowMode: undefined, types: typeof PRISMA_LIKE_TYPES) => ResultInternals) {
  private build: RowBuilder | undefined;

  constructor(private readonly statementName: string | undefined) {
    super(undefined, PRISMA_LIKE_TYPES);
  }

  override addFields(fields: pg.FieldDef[]): void {
    const known = this.statementName === undefined ? undefined : rowShapes.get(this.statementName);
    const shape = known && sameColumns(known.fields, fields) ? known : shapeOf(fields);
    if (!shape) return super.addFields(fields);
    if (shape !== known && this.statementName !== undefined) rowShapes.set(this.statementName, shape);
    this.fields = fields;
    this._parsers = shape.parsers;
    this.build = shape.build;
  }

  override parseRow(values: (string | null)[]): Record<string, unknown> {
    if (!this.build) return super.parseRow(values);
    // A statement described once (Statement.prepare) could meet a table changed under it.
    if (values.length !== this.fields.length) throw new Error(`A statement answered ${values.length} columns where it had ${this.fields.length}: the schema changed under a running server; restart it`);
    return this.build(values, this._parsers);
  }
}

/** The statement's row shape; none for columns pg's own way must read (binary, or named __proto__, which an object literal would take as its prototype). */
function shapeOf(fields: pg.FieldDef[]): RowShape | undefined {
  if (fields.some((field) => field.name === "__proto__" || field.format === "binary")) return undefined;
  const parsers = fields.map((field) => PRISMA_LIKE_TYPES.getTypeParser(field.dataTypeID, "text") as (text: string) => unknown);
  return { fields, parsers, build: builderFor(fields) };
}

/**
 * The function that makes a row of these columns: one object literal with the columns as fixed keys
 * (JSON.stringify quotes any name safely), so every row has the same hidden class, built in one
 * step; a repeated name keeps its last value, as in pg. Kept by the columns' names, so a statement
 * run unnamed (a text's first run, an IN list of a new length) compiles none again.
 */
function builderFor(fields: pg.FieldDef[]): RowBuilder {
  const key = fields.map((field) => field.name).join("\0"); // a name cannot hold NUL
  let build = builders.get(key);
  if (!build) {
    if (builders.size >= 1_000) builders.clear(); // bounded: shapes of this process's statements
    const properties = fields.map((field, i) => `${JSON.stringify(field.name)}: v[${i}] === null ? null : p[${i}](v[${i}])`);
    builders.set(key, (build = new Function("v", "p", `return {${properties.join(", ")}};`) as RowBuilder));
  }
  return build;
}
const builders = new Map<string, RowBuilder>();

function sameColumns(a: pg.FieldDef[], b: pg.FieldDef[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.name !== b[i]!.name || a[i]!.dataTypeID !== b[i]!.dataTypeID || a[i]!.format !== b[i]!.format) return false;
  return true;
}

/** What ShapedResult relies on in pg's Result, which its type declarations leave out. */
interface ResultInternals {
  fields: pg.FieldDef[];
  _parsers: ((text: string) => unknown)[];
  addFields(fields: pg.FieldDef[]): void;
  parseRow(values: (string | null)[]): Record<string, unknown>;
}

/**
 * Sends one statement: on the pool (which answers with a promise and frees the connection after),
 * or on a connection, in the same write as the others sent on it before Node next waits for I/O
 * (writeTogether): a transaction that starts two independent statements before awaiting either
 * (a payout's daily-volume check beside its ledger lock) pays one round trip for both.
 */
function send(client: Pick<pg.ClientBase, "query"> | ReadBatcher, statement: Statement): Promise<pg.QueryResult> {
  // pg-pool answers a statement object with a promise too (its callback releases the connection).
  if (client instanceof pg.Pool || client instanceof ReadBatcher) return client.query(statement) as unknown as Promise<pg.QueryResult>;
  const answer = answerOf(statement);
  writeTogether(client);
  client.query(statement);
  return answer;
}

/**
 * Holds what is written to a connection until the current run of callbacks and promise reactions
 * is over (process.nextTick runs after them), then sends it in one write. The pool's connections
 * pipeline (openDatabase), so the statements go out without waiting for each other's answers, and
 * PostgreSQL answers them in order. On this VM a write that wakes the server costs more than most
 * statements' execution: one write and one wake-up instead of one per statement.
 */
export function writeTogether(client: object): void {
  if (corked.has(client)) return;
  const stream = (client as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
  if (!stream?.cork || !stream.uncork) return;
  corked.add(client);
  stream.cork();
  process.nextTick(() => {
    corked.delete(client);
    stream.uncork!();
  });
}
const corked = new WeakSet<object>();

/**
 * Deferred statements (the transaction's BEGIN, SAVEPOINTs, a final write) and the statement
 * they precede in one write (writeTogether), so nothing waits for their answers. One round trip
 * less each, ~0.05 ms of Node CPU and as much of the server's. A failed one fails the statement (a
 * COMMIT after it rolls back).
 */
export async function afterPrelude(client: pg.ClientBase, prelude: Prelude, query: Statement | string) {
  writeTogether(client);
  const sent = prelude.map((statement) => sendEither(client, statement));
  const result = sendEither(client, query);
  return (await Promise.all([...sent, result])).at(-1) as pg.QueryResult;
}

/**
 * A transaction's COMMIT, in one write with the statements deferred to it (afterPrelude), answered
 * by the COMMIT's own outcome, which accounts for theirs: PostgreSQL answers the COMMIT of a
 * transaction that a failed statement aborted with ROLLBACK (here: that failure), and a pooled
 * connection cut off under it asks whether it took effect (commit-outcome.ts).
 */
export async function commitAfter(client: pg.ClientBase, prelude: Prelude): Promise<void> {
  const failures: unknown[] = [];
  writeTogether(client);
  for (const statement of prelude) sendEither(client, statement).catch((e: unknown) => void failures.push(e));
  const answer = await client.query("COMMIT");
  if (answer.command !== "COMMIT") throw failures[0] ?? new Error(`The transaction was rolled back at its COMMIT (answered ${answer.command})`);
}

function sendEither(client: pg.ClientBase, statement: Statement | string): Promise<pg.QueryResult> {
  return typeof statement === "string" ? client.query(statement) : send(client, statement);
}

/**
 * Prisma sends every query as an unnamed statement, so PostgreSQL parses and plans it again each
 * time: for the JSON-building joins of a relation read that is ~1 ms of server CPU, 10× the
 * execution. A name makes pg prepare the statement once per connection, so PostgreSQL keeps its
 * parsed form (plans are still made per execution: see poolConnection). Names are per SQL text,
 * given on a text's second use (one-off texts, such as an IN list of a new length, stay unnamed)
 * and to at most `max` texts: each connection keeps what it prepared until it closes, ~40 KB of
 * server memory per statement. Other texts run unnamed as before. `prefix` keeps the names of the
 * Prisma client (`prisma_…`) and of sqlOnConnection (`sql_…`) apart on a shared connection.
 */
export function statementNamer(max: number, prefix: string): (query: { sql: string }) => string | undefined {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return ({ sql }) => {
    const known = names.get(sql);
    if (known !== undefined || names.size >= max) return known;
    if (!seenOnce.delete(sql)) {
      if (seenOnce.size >= 10 * max) seenOnce.clear(); // bounded: a text seen once long ago may wait for two more uses
      seenOnce.add(sql);
      return undefined;
    }
    const name = `${prefix}_${names.size}`;
    names.set(sql, name);
    return name;
  };
}
const statementName = statementNamer(200, "sql");

/** Parameters as Prisma sends them: dates as ISO instants, bigints and decimals as text, objects as JSON. */
function toParameter(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(toParameter);
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Prisma.Decimal.isDecimal(value)) return value.toString();
  if (typeof value === "object") return JSON.stringify(value);
  return value;
}

const OID = { textArray: 1009, int8: 20, int8Array: 1016, numeric: 1700, numericArray: 1231, date: 1082, dateArray: 1182, timestamp: 1114, timestampArray: 1115, timestamptz: 1184, timestamptzArray: 1185, time: 1083, bytea: 17 };
const utcDate = (text: string) => new Date(`${text}T00:00:00.000Z`);
// Type OIDs are not in the narrow union pg's declarations give getTypeParser, hence the casts.
const pgTimestamptz = pg.types.getTypeParser(OID.timestamptz as never, "text") as (text: string) => Date | number;
/**
 * A timestamptz as PostgreSQL prints it with DateStyle ISO ("2026-11-27 10:17:46.123+00", the
 * offset as ±HH[:MM[:SS]]), read digit by digit: pg's parser runs three regular expressions per
 * value, a tenth of the Node CPU of a page of transactions. Anything else (BC, infinity, a year
 * before 100 or past 9999) goes to pg's parser.
 */
function timestamptz(text: string): Date | number {
  if (text.length < 22 || text[4] !== "-" || text[7] !== "-" || text[10] !== " " || text[13] !== ":" || text[16] !== ":") return pgTimestamptz(text);
  let i = 19;
  let ms = 0;
  if (text[i] === ".") {
    for (let scale = 100, d = digitAt(text, ++i); !Number.isNaN(d); scale /= 10, d = digitAt(text, ++i)) ms += d * scale;
  }
  const sign = text[i] === "+" ? 1 : text[i] === "-" ? -1 : 0;
  let offsetSeconds = twoDigitsAt(text, i + 1) * 3600;
  i += 3;
  if (text[i] === ":") {
    offsetSeconds += twoDigitsAt(text, i + 1) * 60;
    i += 3;
  }
  if (text[i] === ":") {
    offsetSeconds += twoDigitsAt(text, i + 1);
    i += 3;
  }
  const year = digitAt(text, 0) * 1000 + twoDigitsAt(text, 1) * 10 + digitAt(text, 3);
  const at = Date.UTC(year, twoDigitsAt(text, 5) - 1, twoDigitsAt(text, 8), twoDigitsAt(text, 11), twoDigitsAt(text, 14), twoDigitsAt(text, 17), Math.trunc(ms)) - sign * offsetSeconds * 1000;
  // Date.UTC takes years 0–99 as 1900–1999.
  return sign === 0 || i !== text.length || Number.isNaN(at) || year < 100 ? pgTimestamptz(text) : new Date(at);
}
// Module functions, not closures: a closure made per value is an allocation (and, under tsx, a name set on it).
function digitAt(text: string, i: number): number {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
}
function twoDigitsAt(text: string, i: number): number {
  return digitAt(text, i) * 10 + digitAt(text, i + 1);
}
const utcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
// Array types have no name in pg.types.builtins, hence the cast.
const textArray = pg.types.getTypeParser(OID.textArray as never, "text") as (text: string) => (string | null)[];
const arrayOf = (parse: (text: string) => unknown) => (text: string) => textArray(text).map((entry) => (entry === null ? null : parse(entry)));
const OVERRIDES = new Map<number, (text: string) => unknown>([
  [OID.int8, BigInt],
  [OID.int8Array, arrayOf(BigInt)],
  [OID.numeric, (text) => new Prisma.Decimal(text)],
  [OID.numericArray, arrayOf((text) => new Prisma.Decimal(text))],
  [OID.date, utcDate],
  [OID.dateArray, arrayOf(utcDate)],
  [OID.timestamp, utcTimestamp],
  [OID.timestampArray, arrayOf(utcTimestamp)],
  [OID.timestamptz, timestamptz],
  [OID.timestamptzArray, arrayOf(timestamptz)],
  [OID.time, (text) => new Date(`1970-01-01T${text}Z`)],
  [OID.bytea, (text) => new Uint8Array(pg.types.getTypeParser(OID.bytea, "text")(text) as Buffer)],
]);
const PRISMA_LIKE_TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => OVERRIDES.get(oid) ?? pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};
