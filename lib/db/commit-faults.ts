// Fault injection for the reliability suite (ANCHORS R1: "1 % injected failures before commit"):
// with FAULT_COMMIT_FAILURE_PERCENT set, that share of a process's COMMITs on PostgreSQL roll the
// transaction back instead and fail as a COMMIT that PostgreSQL refuses does (SQLSTATE 40001).
// Everything the transaction wrote is then gone, and every layer above the driver (Prisma's
// transactions, lib/db/sql.ts, the Idempotency-Key middleware, the worker) must behave as if the
// database had refused it: nothing answered as done, nothing cached or sent that did not commit.
// Unset (always, outside tests) the connection is left exactly as pg made it.
import pg from "pg";

/** The share (0–100) of COMMITs to fail, from FAULT_COMMIT_FAILURE_PERCENT; 0 when unset or not a number. */
export function commitFailurePercent(): number {
  const percent = Number(process.env.FAULT_COMMIT_FAILURE_PERCENT);
  return Number.isFinite(percent) && percent > 0 ? Math.min(percent, 100) : 0;
}

/**
 * Makes `percent` % of the COMMITs sent on this connection (as text, the way pg, Prisma and
 * lib/db/sql.ts all send it) a ROLLBACK answered with a serialization failure. Each one is logged
 * as `{"msg":"injected COMMIT failure"}` so that a test can count them.
 */
export function failSomeCommits(client: pg.ClientBase, percent: number): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  client.query = ((...args: unknown[]) => {
    const config = args[0] as string | { text?: unknown } | undefined;
    const text = typeof config === "string" ? config : config?.text;
    const callback = args.find((arg) => typeof arg === "function");
    if (text !== "COMMIT" || callback || Math.random() * 100 >= percent) return query(...args);
    console.log(JSON.stringify({ level: "info", msg: "injected COMMIT failure" }));
    return query("ROLLBACK").then(() => {
      throw serializationFailure();
    });
  }) as typeof client.query;
}

/** The error pg gives for a COMMIT that PostgreSQL refused with 40001: a DatabaseError, as Prisma's adapter and transientConflictError read it. */
function serializationFailure(): pg.DatabaseError {
  const error = new pg.DatabaseError("could not serialize access due to read/write dependencies among transactions (injected by FAULT_COMMIT_FAILURE_PERCENT)", 0, "error");
  error.severity = "ERROR";
  error.code = "40001";
  return error;
}
