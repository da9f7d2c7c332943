import { ConnectionLostError, isConnectionLoss } from "@/lib/db/connection-loss";
import { attachPool, poolOf, runOrDefer } from "@/lib/db/sql";
import type { Db, SqlTx, Tx } from "./db";
import { transientConflictError } from "./http/errors";

/**
 * How many times a request's database step runs when PostgreSQL aborts it for a deadlock or a
 * serialization conflict (40P01, 40001) before the conflict reaches the client as 409 with
 * Retry-After. Everything the step wrote was rolled back, and PostgreSQL's advice is to run it
 * again; the other transaction of the pair has gone on meanwhile, so a second run rarely meets it.
 */
export const CONFLICT_ATTEMPTS = 3;
export const pauseAfterConflict = () => new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));

/**
 * A view of the database inside one transaction (the idempotency middleware's, or inTransaction's): every query
 * goes to that transaction, and `$transaction(fn)` runs fn in a savepoint (rolled back alone when fn
 * throws), so code written for the plain client keeps its all-or-nothing steps. An outermost step
 * that loses a deadlock is rolled back to its savepoint, which frees the locks it took, and runs
 * again (CONFLICT_ATTEMPTS). Over a bare pg transaction (SqlTx: an SQL-only route's keyed
 * request) only raw SQL and `$transaction` exist, and asking for a model says so.
 */
export function transactionScopedDb(tx: Tx | SqlTx): Db {
  let savepoints = 0;
  let depth = 0;
  const scoped: Db = new Proxy(tx as unknown as Db, {
    get(target, prop) {
      if (prop === "$transaction") return runInSavepoint;
      const value = Reflect.get(target, prop) as unknown;
      if (value === undefined && typeof prop === "string" && !prop.startsWith("$") && prop !== "then")
        throw new Error(`db.${prop} is not available: this request's transaction runs raw SQL only (SQL_ONLY_ROUTES in lib/service/http/idempotency.ts)`);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  async function runInSavepoint(arg: unknown): Promise<unknown> {
    if (Array.isArray(arg)) {
      const results: unknown[] = [];
      for (const query of arg) results.push(await query);
      return results;
    }
    const outermost = depth === 0;
    for (let attempt = 1; ; attempt++) {
      const name = `request_step_${++savepoints}`;
      await runOrDefer(tx, `SAVEPOINT ${name}`);
      depth++;
      try {
        const result = await (arg as (tx: Db) => Promise<unknown>)(scoped);
        // Goes out with the transaction's next statement (over a bare pg transaction): it fails only
        // when the transaction is already aborted, and then so does that statement, the COMMIT at last.
        await runOrDefer(tx, `RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (e) {
        const rolledBack = await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`).then(
          () => true,
          () => false,
        );
        // Inner steps pass the conflict up: the locks in the cycle may have been taken before them.
        if (!outermost || !rolledBack || attempt >= CONFLICT_ATTEMPTS || !transientConflictError(e)) throw e;
      } finally {
        depth--;
      }
      await pauseAfterConflict();
    }
  }
  return scoped;
}

/**
 * The plain client for a request without Idempotency-Key: `$transaction(fn)` runs fn again, in a
 * new transaction, when PostgreSQL aborts it for a deadlock or a serialization conflict, or its
 * connection breaks before fn is done (CONFLICT_ATTEMPTS). Everything else is the client itself.
 */
export function conflictRetryingDb(db: Db): Db {
  const cached = retryingByClient.get(db);
  if (cached) return cached;
  async function runWithRetries(arg: unknown, options?: unknown): Promise<unknown> {
    const transaction = (body: unknown) => (db.$transaction as (body: unknown, options?: unknown) => Promise<unknown>)(body, options);
    if (typeof arg !== "function") return transaction(arg);
    for (let attempt = 1; ; attempt++) {
      try {
        return await tellingConnectionLoss(transaction, arg as (tx: unknown) => Promise<unknown>);
      } catch (e) {
        const rolledBack = transientConflictError(e) || (e instanceof ConnectionLostError && !e.inDoubt);
        if (attempt >= CONFLICT_ATTEMPTS || !rolledBack) throw e;
      }
      await pauseAfterConflict();
    }
  }
  const retrying: Db = new Proxy(db, {
    get(target, prop) {
      if (prop === "$transaction") return runWithRetries;
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  retryingByClient.set(db, retrying);
  const pool = poolOf(db);
  if (pool) attachPool(retrying, pool); // sqlTransaction goes straight to the pool and retries itself
  return retrying;
}
const retryingByClient = new WeakMap<Db, Db>();

/**
 * Runs fn through `transaction` (a Prisma `$transaction`) and reports a broken database connection
 * as ConnectionLostError: in doubt when fn had finished, since Prisma's COMMIT may then have gone
 * out; otherwise the transaction was rolled back and nothing of it stays. A COMMIT cut off asks the
 * database itself (commit-outcome.ts): it answers as done when the transaction took effect, and
 * fails as the ConnectionLostError that says what is known.
 */
export async function tellingConnectionLoss<T>(transaction: (body: (tx: unknown) => Promise<T>) => Promise<T>, fn: (tx: never) => Promise<T>): Promise<T> {
  let finished = false;
  try {
    return await transaction(async (tx) => {
      const result = await fn(tx as never);
      finished = true;
      return result;
    });
  } catch (e) {
    if (e instanceof ConnectionLostError || !isConnectionLoss(e)) throw e;
    throw new ConnectionLostError(finished, { cause: e });
  }
}

/**
 * Runs fn in one database transaction whose own `db.$transaction` calls (inside the service
 * functions it calls) become savepoints: composes operations written for the plain client.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.$transaction((tx) => fn(transactionScopedDb(tx as Tx)));
}
