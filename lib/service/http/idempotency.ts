import { createHash } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";
import { ServiceError, invalidInput } from "./errors";
import { now } from "../sandbox/clock";
import { poolOf, runOrDefer } from "@/lib/db/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SqlTx } from "../db";
import { onPooledConnection } from "../sql-transaction";
import { conflictRetryingDb, tellingConnectionLoss, transactionScopedDb } from "../nested-transaction";

/** Responses that carry a one-time secret are never stored, so these routes refuse the header. */
const SECRET_BEARING = new Set(["POST /tokens"]);

/**
 * Routes whose handlers only run raw SQL (sqlTransaction): with a key, their request transaction
 * runs on a bare pg connection instead of a Prisma interactive transaction (~5x the Node CPU per
 * statement). A model call under them fails loudly (transactionScopedDb).
 */
const SQL_ONLY_ROUTES = [/^POST \/transfer-(out|in)$/, /^POST \/quotes$/, /^POST \/quotes\/[^/]+\/execute$/];
const isSqlOnlyRoute = (routeKey: string) => SQL_ONLY_ROUTES.some((route) => route.test(routeKey));

const RETENTION_MS = 24 * 60 * 60 * 1000; // BEHAVIORS.md 10.26
/** How long a duplicate waits for the first request holding its key before answering 409. */
const WAIT_FOR_FIRST = "5s";
/** Room for the slowest request (an approval webhook may take 30 s) inside the one transaction. */
const REQUEST_TX_OPTIONS = { maxWait: 15_000, timeout: 90_000 } as const;

type Scope = { platformId: string; method: string; path: string; key: string };

const isValidKey = (key: string) => key.length > 0 && key.length <= 255;
const routeKeyOf = (c: Context<AppEnv>) => `${c.req.method} ${c.req.path.replace(/^\/api\/[^/]+/, "")}`;

/**
 * The request's Idempotency-Key if a retry with it would be stored and replayed by this middleware;
 * undefined without one, or when it would be refused (a bad length, a secret-bearing route), so
 * that a 503's advice never tells the client to send the key again.
 */
export function honouredIdempotencyKey(c: Context<AppEnv>): string | undefined {
  const key = c.req.header("idempotency-key");
  return key !== undefined && isValidKey(key) && !SECRET_BEARING.has(routeKeyOf(c)) ? key : undefined;
}

/**
 * `Idempotency-Key` on any mutating request: scope (platform, method, path, key). The claim of the
 * key, everything the request writes and its stored response commit in ONE database transaction,
 * so a crash at any moment leaves either nothing (the retry runs afresh) or the whole result (the
 * retry replays it) — never a payment without its response, or a key stuck "in flight".
 * The same key with the same body replays the stored response; another body → 409 CONFLICT; a
 * duplicate arriving while the first still runs waits for it briefly (the claim is a row lock),
 * then → 409 CONFLICT. 5xx answers, transient conflicts (409 with Retry-After), signed-retry
 * challenges (202 with payloadToSign) and 4xx refusals that kept no write are not stored: the client
 * may retry, send the signed leg, or send the corrected request, with the same key. A 4xx that kept
 * a write is stored like a success.
 * Inside, the request's own `db.$transaction` calls become savepoints of the one transaction, so
 * each still succeeds or fails as a whole, and runs again when it loses a deadlock (without a key,
 * each runs again as its own transaction: nested-transaction.ts).
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header("idempotency-key");
  if (c.req.method === "GET") return next();
  if (key === undefined) {
    c.set("db", conflictRetryingDb(c.get("db")));
    return next();
  }
  if (!isValidKey(key))
    throw invalidInput([{ field: "header.Idempotency-Key", message: "must be 1 to 255 characters", constraint: { minLength: 1, maxLength: 255 } }]);

  const routeKey = routeKeyOf(c);
  if (SECRET_BEARING.has(routeKey))
    throw invalidInput(
      [{ field: "header.Idempotency-Key", message: "is not supported here", constraint: { notAllowed: true } }],
      `Idempotency-Key is not supported on ${routeKey}: its response carries a one-time secret that is never stored. Retry without the header and list tokens to check for a duplicate.`,
    );

  const db = c.get("db");
  const { platformId } = c.get("auth");
  const fingerprint = await fingerprintOf(c);
  const scope: Scope = { platformId, method: c.req.method, path: new URL(c.req.url).pathname, key };
  const at = await now(db, platformId);

  let replayed: Response | undefined;
  const pool = isSqlOnlyRoute(routeKey) ? poolOf(db) : undefined;
  const inRequestTransaction = (fn: (tx: SqlTx) => Promise<void>) =>
    pool ? onPooledConnection(pool, fn, REQUEST_TX_OPTIONS) : tellingConnectionLoss((body) => db.$transaction(body, REQUEST_TX_OPTIONS), fn);
  await inRequestTransaction(async (tx) => {
    let claimed: number;
    try {
      // One round trip: the lock timeout is set (transaction-local) before the row is inserted or
      // its conflicting row waited for, and lifted again by RETURNING once the key is ours.
      const rows = await tx.$queryRaw<unknown[]>`
        WITH "wait" AS (SELECT set_config('lock_timeout', ${WAIT_FOR_FIRST}, true))
        INSERT INTO "IdempotencyKey" ("platformId", "method", "path", "key", "fingerprint", "createdAt", "expiresAt")
        SELECT ${scope.platformId}::uuid, ${scope.method}::text, ${scope.path}::text, ${scope.key}::text, ${fingerprint.value}::text, ${at}::timestamptz, ${new Date(at.getTime() + RETENTION_MS)}::timestamptz FROM "wait"
        ON CONFLICT ("platformId", "method", "path", "key") DO UPDATE
          SET "fingerprint" = EXCLUDED."fingerprint", "createdAt" = EXCLUDED."createdAt", "expiresAt" = EXCLUDED."expiresAt",
              "responseStatus" = NULL, "responseBody" = NULL
          WHERE "IdempotencyKey"."expiresAt" <= ${at}::timestamptz
        RETURNING set_config('lock_timeout', '0', true)`;
      claimed = rows.length;
    } catch (e) {
      if (isLockTimeout(e)) throw inFlight(scope);
      throw e;
    }
    if (claimed === 0) {
      await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = 0`);
      replayed = await replay(tx, scope, fingerprint);
      return;
    }

    await runOrDefer(tx, `SAVEPOINT idempotent_request`);
    c.set("db", transactionScopedDb(tx));
    await next(); // Hono turns a thrown error into c.res here
    c.set("db", db);
    // A success is released with its stored answer and the COMMIT, in one write: a success that
    // cannot be released did not happen (a deferred write failed), so the COMMIT fails, and the
    // request is rolled back and answered as an error, never stored. A handler that caught a
    // database error and answered 4xx may have left the transaction unusable: released now, or
    // rolled back to the savepoint (then it kept nothing), so that the key can be settled.
    let isKeptWriting = true;
    if (c.res.status < 400) await runOrDefer(tx, `RELEASE SAVEPOINT idempotent_request`);
    else
      isKeptWriting = await tx.$executeRawUnsafe(`RELEASE SAVEPOINT idempotent_request`).then(
        () => c.res.status >= 500 || keepsWrites(tx),
        () => tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT idempotent_request`).then(() => false),
      );
    const { status, headers } = c.res;
    const responseBody = await c.res.text();
    // Answered from the text just read (a clone of the response would copy its stream, ~0.3 ms),
    // unset first: assigning over a response merges it with the old one.
    c.res = undefined;
    c.res = new Response(responseBody === "" ? null : responseBody, { status, headers });
    // A 409 with Retry-After is a transient conflict (transientConflictError): rolled back, so the same key must run again.
    const isRetryable = status >= 500 || (status === 409 && headers.has("retry-after"));
    // A refusal that kept nothing (validation, a missing resource, a business rule checked before
    // any write) did not run: as at Stripe, the corrected request may come with the same key. A
    // refusal that kept a write (a wrong OTP code counted) is stored, so its retry cannot count twice.
    const isRefusedUnrun = status >= 400 && status < 500 && !isKeptWriting;
    if (isRetryable || isRefusedUnrun || isSignedRetryChallenge(status, responseBody)) {
      // Not a final answer: let the client retry (or send the signed leg, or the corrected request) with the same key.
      await runOrDefer(
        tx,
        Prisma.sql`DELETE FROM "IdempotencyKey" WHERE "platformId" = ${scope.platformId}::uuid AND "method" = ${scope.method} AND "path" = ${scope.path} AND "key" = ${scope.key}`,
      );
      return;
    }
    // Raw: every keyed request writes its answer, and a model update costs twice the Node CPU. It
    // goes out with the COMMIT.
    await runOrDefer(
      tx,
      Prisma.sql`
      UPDATE "IdempotencyKey" SET "responseStatus" = ${status}::int, "responseBody" = ${responseBody}::text
      WHERE "platformId" = ${scope.platformId}::uuid AND "method" = ${scope.method} AND "path" = ${scope.path} AND "key" = ${scope.key}`,
    );
  });
  if (replayed) return replayed;
});

const JSON_BODY = /^\s*application\/([\w.+-]+\+)?json\s*(;|$)/i;
const FORM_BODY = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/** A request's fingerprint, and (JSON bodies) the one keys stored before 2026-11-28 have for it. */
interface Fingerprint {
  value: string;
  /**
   * The hash of the body's exact text, as JSON bodies were fingerprinted until keys were compared
   * by content: a retry that spans the change still matches its key. Keys last 24 hours
   * (RETENTION_MS), so this can go once that has passed since the change was deployed.
   */
  legacy?: string;
}

/**
 * What makes two requests under one key the same request: the body, read once into hono's body
 * cache, where the route then finds it (a clone of the request would build a WHATWG Request and
 * copy its stream, ~0.5 ms). JSON counts by its content, as the route reads it (JSON.parse), not
 * its text: a client that serializes its retry again (other key order, other spacing) sends the
 * same request, and must not be told to use a new key, which is how a payment goes out twice.
 * Anything else counts by its bytes, which a file needs intact. A form counts by its fields and
 * files: a retried upload comes with a new multipart boundary.
 */
async function fingerprintOf(c: Context<AppEnv>): Promise<Fingerprint> {
  const type = c.req.header("content-type") ?? "";
  if (type === "" || JSON_BODY.test(type)) {
    const text = await c.req.text();
    return { value: sha256(canonicalJson(text)), legacy: sha256(text) };
  }
  const hash = createHash("sha256");
  const bytes = await c.req.arrayBuffer();
  if (!FORM_BODY.test(type)) return { value: hash.update(new Uint8Array(bytes)).digest("hex") };
  const form = await new Response(bytes, { headers: { "content-type": type } }).formData().catch(() => null);
  if (!form) return { value: hash.update(new Uint8Array(bytes)).digest("hex") }; // malformed: the route's validator refuses it
  for (const [name, value] of form) {
    if (typeof value === "string") hash.update(JSON.stringify([name, value]));
    else hash.update(JSON.stringify([name, value.name, value.type, value.size])).update(new Uint8Array(await value.arrayBuffer()));
  }
  return { value: hash.digest("hex") };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * JSON text in one form per content: parsed as the routes parse it, objects' keys sorted, no
 * spacing. Text that is not JSON stays as it is (the route refuses it; its retry must match it).
 */
export function canonicalJson(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

async function replay(tx: SqlTx, scope: Scope, fingerprint: Fingerprint): Promise<Response> {
  const [row] = await tx.$queryRaw<{ fingerprint: string; responseStatus: number | null; responseBody: string | null }[]>`
    SELECT "fingerprint", "responseStatus", "responseBody" FROM "IdempotencyKey"
    WHERE "platformId" = ${scope.platformId}::uuid AND "method" = ${scope.method} AND "path" = ${scope.path} AND "key" = ${scope.key}`;
  if (row && row.fingerprint !== fingerprint.value && row.fingerprint !== fingerprint.legacy)
    throw new ServiceError("CONFLICT", "This Idempotency-Key was already used with a different request body; use a new key for a new request", {
      details: { idempotencyKey: scope.key },
    });
  if (!row || row.responseStatus === null) throw inFlight(scope);
  return new Response(row.responseBody || null, {
    status: row.responseStatus,
    headers: { "content-type": "application/json", "idempotent-replayed": "true" },
  });
}

/**
 * Whether the request kept anything it wrote, asked once its savepoint is released: a table written
 * by the request (in its savepoint, or a step released into it) stays locked ROW EXCLUSIVE until the
 * transaction ends, while a step rolled back drops the locks it took. Tables only (a sequence's
 * nextval takes the lock too but changes no row); the key's own row was claimed before the request.
 */
async function keepsWrites(tx: SqlTx): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ kept: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM pg_locks l JOIN pg_class t ON t.oid = l.relation
      WHERE l.pid = pg_backend_pid() AND l.locktype = 'relation' AND l.mode = 'RowExclusiveLock'
        AND t.relkind IN ('r', 'p') AND t.oid <> '"IdempotencyKey"'::regclass
    ) AS "kept"`;
  return row?.kept ?? true;
}

/** A 202 asking the caller to sign `payloadToSign` and repeat the request with `Request-Id` (SPEC.md signed retries). */
function isSignedRetryChallenge(status: number, body: string): boolean {
  if (status !== 202) return false;
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    return typeof json.payloadToSign === "string" && typeof json.requestId === "string";
  } catch {
    return false;
  }
}

function inFlight(scope: Scope): ServiceError {
  return new ServiceError("CONFLICT", "A request with this Idempotency-Key is still being processed; retry in a moment", {
    details: { idempotencyKey: scope.key, retryable: true },
    headers: { "Retry-After": "1" },
  });
}

/** PostgreSQL 55P03 lock_not_available, as Prisma or pg reports it. */
function isLockTimeout(e: unknown): boolean {
  const text = `${(e as { code?: string })?.code ?? ""} ${(e as Error)?.message ?? ""} ${JSON.stringify((e as { meta?: unknown })?.meta ?? "")}`;
  return /55P03|lock timeout|lock_not_available/i.test(text);
}
