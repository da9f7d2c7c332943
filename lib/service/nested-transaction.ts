import type { Db, Tx } from "./db";

/**
 * A view of the database inside one transaction (the idempotency middleware's, or inTransaction's): every query
 * goes to that transaction, and `$transaction(fn)` runs fn in a savepoint (rolled back alone when fn
 * throws), so code written for the plain client keeps its all-or-nothing steps.
 */
export function transactionScopedDb(tx: Tx): Db {
  let savepoints = 0;
  const scoped: Db = new Proxy(tx as unknown as Db, {
    get(target, prop) {
      if (prop === "$transaction") return runInSavepoint;
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  async function runInSavepoint(arg: unknown): Promise<unknown> {
    if (Array.isArray(arg)) {
      const results: unknown[] = [];
      for (const query of arg) results.push(await query);
      return results;
    }
    const name = `request_step_${++savepoints}`;
    await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
    try {
      const result = await (arg as (tx: Db) => Promise<unknown>)(scoped);
      await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (e) {
      await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
      throw e;
    }
  }
  return scoped;
}

/**
 * Runs fn in one database transaction whose own `db.$transaction` calls (inside the service
 * functions it calls) become savepoints: composes operations written for the plain client.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.$transaction((tx) => fn(transactionScopedDb(tx as Tx)));
}
