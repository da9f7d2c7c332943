import pg from "pg";
import { ConnectionLostError, isConnectionLoss } from "@/lib/db/connection-loss";
import { commitAfter, poolOf, sqlOnConnection, TransactionTimeoutError, type Prelude, type SqlTx } from "@/lib/db/sql";
import type { Db } from "./db";
import { transientConflictError } from "./http/errors";
import { CONFLICT_ATTEMPTS, pauseAfterConflict } from "./nested-transaction";

/**
 * Runs fn, which only needs raw SQL, in one database transaction: straight on a pooled pg
 * connection when the client has one (PostgreSQL, not already inside a request's transaction),
 * else through the client's own `$transaction` (PGlite; a savepoint of an Idempotency-Key
 * request's transaction). Same contract either way: `maxWait` to get a connection and `timeout`
 * for the whole transaction (TransactionTimeoutError: answered 429 when no connection came free,
 * 503 when the transaction expired), and a deadlock or serialization conflict, or a connection that
 * broke before the COMMIT took effect, runs fn again in a new transaction (CONFLICT_ATTEMPTS). When
 * it broke after the COMMIT went out, the database is asked whether that took effect
 * (commit-outcome.ts): if so, fn's result is the answer.
 */
export async function sqlTransaction<T>(db: Db, fn: (tx: SqlTx) => Promise<T>, options: { maxWait: number; timeout: number }): Promise<T> {
  const pool = poolOf(db);
  if (!pool) return db.$transaction((tx) => fn(tx), options);
  for (let attempt = 1; ; attempt++) {
    try {
      return await onPooledConnection(pool, fn, options);
    } catch (e) {
      // A connection that broke before the COMMIT went out took the transaction with it: nothing stays.
      const rolledBack = transientConflictError(e) || (e instanceof ConnectionLostError && !e.inDoubt);
      if (attempt >= CONFLICT_ATTEMPTS || !rolledBack) throw e;
    }
    await pauseAfterConflict();
  }
}

/**
 * One attempt of sqlTransaction on a pooled connection, never run again: for a caller that cannot
 * repeat fn (the Idempotency-Key middleware runs the request's handler inside it).
 */
export async function onPooledConnection<T>(pool: pg.Pool, fn: (tx: SqlTx) => Promise<T>, options: { maxWait: number; timeout: number }): Promise<T> {
  const client = await connectWithin(pool, options.maxWait);
  // A connection that breaks while checked out emits "error": heard here, it says the break came
  // before the COMMIT went out (nothing stays, so fn may run again) or after (then the database was
  // asked whether the transaction took effect, and the COMMIT answers accordingly: commit-outcome.ts).
  let lost: Error | undefined;
  const onError = (e: Error) => void (lost ??= e);
  client.on("error", onError);
  let committing = false;
  let expired = false;
  let cancelling: Promise<void> = Promise.resolve();
  // Past its timeout a transaction is stopped: the statement it is running (say, waiting on a
  // lock) is cancelled, its next one refused, and it is rolled back, which frees its locks.
  const timer = setTimeout(() => {
    expired = true;
    cancelling = cancelRunningStatement(pool, client);
  }, options.timeout);
  // BEGIN goes out with the first statement, and statements deferred after the last one with the
  // COMMIT (runOrDefer); a transaction that ran none needs no COMMIT.
  const prelude: Prelude = ["BEGIN"];
  const began = () => prelude[0] !== "BEGIN";
  try {
    const result = await fn(sqlOnConnection(client, () => expired, prelude));
    // Past here nothing waits on a lock; a COMMIT cut off by the timer could not say whether the payment stands.
    clearTimeout(timer);
    if (expired) throw new TransactionTimeoutError("expired");
    if (lost) throw lost; // broken before the COMMIT: the server rolled the transaction back
    committing = true;
    if (began() || prelude.length > 1) await commitAfter(client, prelude.splice(0));
    client.off("error", onError);
    client.release(lost); // a connection that broke under a COMMIT that took effect (commit-outcome.ts) is closed
    return result;
  } catch (e) {
    clearTimeout(timer);
    await cancelling; // so the cancel cannot reach the connection's next user
    if (lost || isConnectionLoss(e)) {
      client.off("error", onError);
      client.release(lost ?? (e as Error)); // closed, not handed to the next request
      if (expired) throw new TransactionTimeoutError("expired");
      // A COMMIT cut off has already asked the database whether it took effect (commit-outcome.ts).
      throw e instanceof ConnectionLostError ? e : new ConnectionLostError(committing, { cause: lost ?? e });
    }
    // A connection that cannot even roll back is closed rather than handed to the next request.
    await (began() ? client.query("ROLLBACK") : Promise.resolve()).then(
      () => client.release(),
      (rollbackError: Error) => client.release(rollbackError),
    );
    client.off("error", onError);
    throw expired ? new TransactionTimeoutError("expired") : e;
  }
}

/** pg_cancel_backend from a connection of its own (the pool's kind, made within its deadline): the pool may have none free. */
async function cancelRunningStatement(pool: pg.Pool, client: pg.PoolClient): Promise<void> {
  const pid = (client as unknown as { processID?: number }).processID; // set by pg from the server's BackendKeyData
  if (pid === undefined) return;
  const canceller = new (pool as unknown as { Client: typeof pg.Client }).Client(pool.options);
  canceller.on("error", () => undefined); // a connection that breaks fails its statement; unheard, it would end the process
  try {
    await canceller.connect();
    await canceller.query("SELECT pg_cancel_backend($1)", [pid]);
  } catch {
    // The transaction is refused at its next statement and rolled back anyway.
  } finally {
    await canceller.end().catch(() => undefined);
  }
}

/** pool.connect() with a deadline; a connection arriving after it goes straight back to the pool. */
async function connectWithin(pool: pg.Pool, maxWait: number): Promise<pg.PoolClient> {
  let timer: NodeJS.Timeout | undefined;
  let late = false;
  const connecting = pool.connect();
  try {
    return await Promise.race([
      connecting,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          late = true;
          reject(new TransactionTimeoutError("busy"));
        }, maxWait);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (late) connecting.then((client) => client.release(), () => undefined);
  }
}

/**
 * Awaits statements sent together in one transaction (each started before any is awaited, so they
 * share a round trip): all of them first, so none is left to run after a refusal's ROLLBACK, then
 * answers their results or throws the first refusal in the order given, the one the same checks
 * made one after another would throw. `undefined` stands for a step skipped.
 */
export async function inOrder<T extends readonly unknown[]>(steps: readonly [...T]): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  await Promise.allSettled(steps);
  const results: unknown[] = [];
  for (const step of steps) results.push(await step);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}
