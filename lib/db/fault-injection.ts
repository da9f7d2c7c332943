// Fault injection for the reliability suite (ANCHORS R1: "1 % injected failures before commit"),
// off unless set, always outside tests:
//   FAULT_COMMIT_FAILURE_PERCENT     that share of a process's COMMITs on PostgreSQL roll the
//                                    transaction back instead and fail as a COMMIT PostgreSQL
//                                    refuses does (serialization failure, 40001);
//   FAULT_STATEMENT_FAILURE_PERCENT  that share of the statements inside transactions fail on the
//                                    server as a deadlock does (40P01): the transaction is aborted.
// Everything the transaction wrote is then gone, and every layer above the driver (Prisma's
// transactions, lib/db/sql.ts, the Idempotency-Key middleware, the handlers, the worker) must
// behave as if the database had refused it: nothing answered as done or as a final refusal,
// nothing cached or sent that did not commit. Unset, the connection is left exactly as pg made it.
import pg from "pg";

export interface InjectedFaults {
  commitPercent: number;
  statementPercent: number;
}

/** What the environment asks for; null when nothing (unset, 0 or not a number). */
export function injectedFaults(): InjectedFaults | null {
  const percent = (name: string) => {
    const value = Number(process.env[name]);
    return Number.isFinite(value) && value > 0 ? Math.min(value, 100) : 0;
  };
  const faults = { commitPercent: percent("FAULT_COMMIT_FAILURE_PERCENT"), statementPercent: percent("FAULT_STATEMENT_FAILURE_PERCENT") };
  return faults.commitPercent > 0 || faults.statementPercent > 0 ? faults : null;
}

const DEADLOCK = `DO $$BEGIN RAISE EXCEPTION 'deadlock detected (injected by FAULT_STATEMENT_FAILURE_PERCENT)' USING ERRCODE = '40P01'; END$$`;
const TRANSACTION_CONTROL = /^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i;

/**
 * Fails statements sent on this connection as `faults` says. pg, Prisma and lib/db/sql.ts all send
 * BEGIN and COMMIT as text, so the connection knows when it is inside a transaction. A failed
 * statement is sent as one the server refuses, in its place, so that its answer arrives in order
 * with those around it (a pipelined statement after it fails as aborted, as it would). Each fault
 * is logged (`{"msg":"injected COMMIT failure"}`, `{"msg":"injected statement failure"}`) so that
 * a test can count them.
 */
export function injectFaults(client: pg.ClientBase, faults: InjectedFaults): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let inTransaction = false;
  client.query = ((...args: unknown[]) => {
    const config = args[0] as string | { text?: unknown; values?: unknown; name?: unknown } | undefined;
    const text = typeof config === "string" ? config : typeof config?.text === "string" ? config.text : "";
    if (/^BEGIN\b/i.test(text)) inTransaction = true;
    else if (text === "COMMIT" || text === "ROLLBACK") inTransaction = false;

    // COMMIT always comes as text, and last of its transaction: its answer may come late.
    if (text === "COMMIT" && Math.random() * 100 < faults.commitPercent) {
      console.log(JSON.stringify({ level: "info", msg: "injected COMMIT failure" }));
      const refused = (query("ROLLBACK") as Promise<unknown>).then(() => Promise.reject(serializationFailure()));
      const callback = args.find((arg) => typeof arg === "function") as ((error: unknown) => void) | undefined;
      if (!callback) return refused;
      refused.catch(callback);
      return undefined;
    }
    if (inTransaction && !TRANSACTION_CONTROL.test(text) && Math.random() * 100 < faults.statementPercent) {
      console.log(JSON.stringify({ level: "info", msg: "injected statement failure" }));
      // A query object (Prisma's, or a lib/db/sql.ts Statement with its own callback) is sent as it is, with another text.
      if (typeof config === "object") Object.assign(config, { text: DEADLOCK, values: [], name: undefined });
      else args.splice(0, 2, DEADLOCK, ...(typeof args[1] === "function" ? [args[1]] : []));
    }
    return query(...args);
  }) as typeof client.query;
}

/** The error pg gives for a COMMIT that PostgreSQL refused with 40001: a DatabaseError, as Prisma's adapter and transientConflictError read it. */
function serializationFailure(): pg.DatabaseError {
  const error = new pg.DatabaseError("could not serialize access due to read/write dependencies among transactions (injected by FAULT_COMMIT_FAILURE_PERCENT)", 0, "error");
  error.severity = "ERROR";
  error.code = "40001";
  return error;
}
