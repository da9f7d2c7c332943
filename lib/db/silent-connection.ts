// A database host that stops answering without closing anything (a network partition, a failover
// whose old address goes dark, a firewall that forgot the connection) leaves a statement waiting
// on TCP for up to ~15 minutes, and a new connection waiting ~2 minutes for its handshake. Requests
// would hang instead of being answered 503. So each pooled connection gets a connect deadline, and a
// statement that has heard nothing for a while gets the database asked, on a connection of its
// own, whether its server process is still working on it; when it is not, or the database cannot
// be reached, the connection is ended and its statements fail as a connection loss.
import pg from "pg";
import { isConnectionLoss } from "./connection-loss";
import { onConnectionOfItsOwn } from "./own-connection";

export interface SilenceLimits {
  /** How long a new connection may take to be ready. */
  connectMs: number;
  /** How long a statement may go without an answer before the database is asked about it. */
  quietMs: number;
  /** How long that question may take before the database counts as unreachable. */
  askMs: number;
}

/** Prisma's own default connect timeout is 5 s; a lock wait or a long report is only asked about, never cut. */
export const SILENCE_LIMITS: SilenceLimits = { connectMs: 5_000, quietMs: 5_000, askMs: 3_000 };

/** The pool's client class: pg.Client with a connect deadline (set on the pool, it would also bound the wait for a free connection). */
export function clientConnectingWithin(connectMs: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectMs });
    }
  };
}

/**
 * Watches `client` (a connected pooled connection): once a statement on it has been answered by
 * nothing for `quietMs`, asks the database (pg_stat_activity, with `connection`) what the
 * connection's server process is doing. Still running a statement: waits on. Gone or idle (what it
 * was sent never arrived, or its answer was lost), or the database could not be reached within
 * `askMs`: the connection is ended, and every statement waiting on it fails with ETIMEDOUT, a
 * connection loss (reads are sent again, transactions answer as after any broken connection). Its
 * server process is ended too: at once, or once the database can be reached again.
 */
export function endingSilentConnection(client: pg.ClientBase, connection: pg.ClientConfig, limits: SilenceLimits = SILENCE_LIMITS): void {
  const con = (client as unknown as { connection: PgConnection }).connection;
  const watched: Watched = { client, con, connection, limits, awaited: 0, since: 0, asking: false, started: undefined };
  // Every simple Query and every Sync is answered by exactly one ReadyForQuery.
  const sendQuery = con.query.bind(con);
  const sendSync = con.sync.bind(con);
  const sent = () => {
    if (watched.awaited++ === 0) watched.since = performance.now();
  };
  con.query = (text) => (sent(), sendQuery(text));
  con.sync = () => (sent(), sendSync());
  con.on("readyForQuery", () => {
    watched.awaited = Math.max(0, watched.awaited - 1);
    watched.since = performance.now();
  });
  con.once("end", () => watching.delete(watched));
  watching.add(watched);
  lookingEvery(Math.min(1_000, limits.quietMs / 2));
  // Which server process this is, exactly, for ending it later: its pid alone may by then belong to
  // a new one. Pipelined ahead of the first user's statements: nothing waits for its answer.
  client.query<{ started: string }>(STARTED_QUERY).then(
    ({ rows }) => void (watched.started = rows[0]?.started),
    () => undefined,
  );
}
const STARTED_QUERY = "SELECT backend_start::text AS started FROM pg_stat_activity WHERE pid = pg_backend_pid()";

interface PgConnection {
  query(text: string): void;
  sync(): void;
  on(event: string, listener: () => void): void;
  once(event: string, listener: () => void): void;
  stream: { destroy(error?: Error): void };
}

interface Watched {
  client: pg.ClientBase;
  con: PgConnection;
  connection: pg.ClientConfig;
  limits: SilenceLimits;
  /** Statements sent and not yet answered. */
  awaited: number;
  /** When the last answer came, or the first statement after an idle spell went out. */
  since: number;
  asking: boolean;
  /** The server process's backend_start, as PostgreSQL printed it: with its pid, who it is. */
  started: string | undefined;
}

const watching = new Set<Watched>();
let looking: NodeJS.Timeout | undefined;
let lookingMs = Infinity;

/** One timer for every watched connection, kept only while there are some, never holding the process open. */
function lookingEvery(ms: number): void {
  if (looking && ms >= lookingMs) return;
  clearInterval(looking);
  lookingMs = ms;
  looking = setInterval(() => {
    if (watching.size === 0) {
      clearInterval(looking);
      looking = undefined;
      lookingMs = Infinity;
      return;
    }
    const now = performance.now();
    for (const w of watching) if (w.awaited > 0 && !w.asking && now - w.since >= w.limits.quietMs) void askAbout(w);
  }, ms).unref();
}

async function askAbout(w: Watched): Promise<void> {
  w.asking = true;
  const backend = { pid: (w.client as unknown as { processID?: number }).processID, started: w.started };
  const quietSince = w.since;
  try {
    const state = await serverProcessState(w.connection, backend, w.limits.askMs);
    if (w.since !== quietSince) return; // answered meanwhile: the state may be of the moment between two statements
    if (state === "working" || state === "unknown") {
      w.since = performance.now(); // a lock wait or a long statement: ask again later
      return;
    }
    const error = silenceError(state === "unreachable" ? `the database could not be reached within ${w.limits.askMs} ms` : "its server process is not running any statement of it");
    console.error(JSON.stringify({ level: "warn", msg: "database connection ended", error: error.message, pid: backend.pid, quietMs: Math.round(performance.now() - quietSince) }));
    watching.delete(w);
    w.con.stream.destroy(error);
    if (state === "unreachable") void endOnceReachable(w.connection, backend, w.limits.askMs);
  } finally {
    w.asking = false;
  }
}

/**
 * What the server process behind a connection is doing: "idle" also when it is gone; "unknown" when
 * the database answered with an error of another kind (say, too many connections). An idle one is
 * ended: the network that lost this connection's bytes may never tell it that the connection is
 * gone, and it would hold its transaction's row locks (a hot account's) until its own TCP gave up.
 */
async function serverProcessState(connection: pg.ClientConfig, backend: ServerProcess, askMs: number): Promise<"working" | "idle" | "unreachable" | "unknown"> {
  if (backend.pid === undefined) return "unknown";
  try {
    // "active" (a lock wait included) and "fastpath function call" are working on a statement; "idle…" are waiting for one.
    const { rows } = await onConnectionOfItsOwn(connection, askMs, (asking) =>
      asking.query<{ state: string | null }>(
        `SELECT state, CASE WHEN state NOT IN ('active', 'fastpath function call') THEN pg_terminate_backend(pid) END
         FROM pg_stat_activity WHERE pid = $1 AND ($2::timestamptz IS NULL OR backend_start = $2::timestamptz)`,
        [backend.pid, backend.started ?? null],
      ),
    );
    const state = rows[0]?.state;
    return state === "active" || state === "fastpath function call" ? "working" : "idle";
  } catch (e) {
    return isConnectionLoss(e) || /timeout/i.test((e as Error).message) ? "unreachable" : "unknown";
  }
}

/**
 * Ends the server process of a connection ended while the database was unreachable, once it can
 * be reached again (for up to ORPHAN_WAIT_MS): it would otherwise hold its locks, as above, and
 * even one that was only waiting for a lock would take it once the lock came free, then hold it.
 */
async function endOnceReachable(connection: pg.ClientConfig, backend: ServerProcess, askMs: number): Promise<void> {
  if (backend.pid === undefined || backend.started === undefined) return; // not known for sure: left to the server's own TCP
  const deadline = performance.now() + ORPHAN_WAIT_MS;
  while (performance.now() < deadline) {
    try {
      const terminate = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = $1 AND backend_start = $2::timestamptz";
      await onConnectionOfItsOwn(connection, askMs, (asking) => asking.query(terminate, [backend.pid, backend.started]));
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, askMs).unref());
    }
  }
}
/** Long enough for a partition to end. */
const ORPHAN_WAIT_MS = 120_000;

/** A connection's server process: pid and backend_start (undefined until known). */
interface ServerProcess {
  pid: number | undefined;
  started: string | undefined;
}

function silenceError(why: string): Error {
  return Object.assign(new Error(`The database stopped answering this connection (${why}), so it was ended`), { code: "ETIMEDOUT" });
}
