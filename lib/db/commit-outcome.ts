// A connection that breaks after a transaction's COMMIT went out and before its answer came back
// leaves the caller in doubt: the transaction may stand or not, and a request without an
// Idempotency-Key could then only be answered "unknown". So each pooled connection asks, in the same
// write and right before every COMMIT, for the transaction's id (PostgreSQL answers it before it
// runs the COMMIT), and when the connection breaks under the COMMIT, asks the database on a
// connection of its own whether that transaction committed (pg_xact_status). Prisma, lib/db/sql.ts
// and the worker all send COMMIT as text, so every transaction on PostgreSQL is covered.
import pg from "pg";
import { ConnectionLostError, isConnectionLoss } from "./connection-loss";
import { onConnectionOfItsOwn } from "./own-connection";
import { writeTogether } from "./sql";

/**
 * Every COMMIT sent on `client` as text and asked for a promise (as Prisma and lib/db/sql.ts ask)
 * answers as done when the connection broke but the transaction committed, and fails as
 * ConnectionLostError otherwise: in doubt only when the database could not tell. A COMMIT of a
 * transaction that a failed statement had aborted fails with that failure (PostgreSQL would only
 * have rolled it back and answered as if it had committed). `connection`: where to ask.
 */
export function resolvingCommitOutcome(client: pg.ClientBase, connection: pg.ClientConfig): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // A server process that ends its session (terminated, shut down) says so first, in order with its
  // answers: ended before the transaction id's answer, it never ran the COMMIT that follows.
  let endedByServer = false;
  (client as unknown as { connection: pg.Connection }).connection.on("errorMessage", (message: { severity?: string }) => {
    if (message.severity === "FATAL" || message.severity === "PANIC") endedByServer = true;
  });
  client.query = ((...args: unknown[]) => {
    const config = args[0] as string | { text?: unknown; submit?: unknown } | undefined;
    const text = typeof config === "string" ? config : typeof config?.submit === "function" ? undefined : config?.text;
    if (text !== "COMMIT" || args.some((arg) => typeof arg === "function")) return query(...args);
    writeTogether(client);
    let xid: string | null | undefined;
    const asked = (query({ ...XID_QUERY }) as Promise<pg.QueryResult<{ xid: string | null }>>).then((answer) => void (xid = answer.rows[0]?.xid ?? null));
    const committed = query(...args) as Promise<pg.QueryResult>;
    return Promise.all([asked, committed]).then(
      ([, answer]) => answer,
      async (e: unknown) => {
        if (!isConnectionLoss(e)) throw e;
        const outcome = xid === undefined && endedByServer ? "rolled back" : await outcomeOf(connection, xid);
        if (outcome === "committed") return COMMITTED;
        throw new ConnectionLostError(outcome === "unknown", { cause: e });
      },
    );
  }) as typeof client.query;
}

/** Named, so each connection prepares it once; copied for each use (the fault test rewrites the statements it fails). Null when the transaction wrote nothing. */
const XID_QUERY = { name: "xid_before_commit", text: "SELECT pg_current_xact_id_if_assigned()::text AS xid" };
const COMMITTED = Object.freeze({ command: "COMMIT", rowCount: null, oid: 0, rows: [], fields: [] }) as unknown as pg.QueryResult;

/**
 * Whether transaction `xid` took effect, asked on connections of their own (after a failover the
 * pool's may all be broken) until the database answers or OUTCOME_WAIT_MS pass: "unknown" when the
 * id never arrived (undefined), or the database could not tell in that time. A transaction that
 * wrote nothing (null) left nothing either way.
 */
async function outcomeOf(connection: pg.ClientConfig, xid: string | null | undefined): Promise<"committed" | "rolled back" | "unknown"> {
  if (xid === undefined) return "unknown";
  if (xid === null) return "rolled back";
  const deadline = performance.now() + OUTCOME_WAIT_MS;
  for (;;) {
    const status = await transactionStatus(connection, xid).catch(() => undefined);
    if (status === "committed") return "committed";
    if (status === "aborted") return "rolled back";
    // "in progress": its server process has not yet heard that the connection is gone;
    // undefined: the database could not be asked (restarting, failing over, or it ended this connection too).
    if ((status !== "in progress" && status !== undefined) || performance.now() > deadline) return "unknown";
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const OUTCOME_WAIT_MS = 3_000;

async function transactionStatus(connection: pg.ClientConfig, xid: string): Promise<string | null> {
  const { rows } = await onConnectionOfItsOwn(connection, OUTCOME_WAIT_MS, (asking) => asking.query<{ status: string | null }>("SELECT pg_xact_status($1::xid8) AS status", [xid]));
  return rows[0]!.status;
}
