// A database host that stops answering without closing anything (a network partition, a failover
// whose old address goes dark, a firewall that forgot the connection) leaves a statement waiting
// on TCP for up to ~15 minutes, and a new connection waiting ~2 minutes for its handshake. Requests
// would hang instead of being answered 503. So each pooled connection gets a connect deadline, and a
// statement that has heard nothing for a while gets the database asked, on a connection of its
// own, what its server process is doing; when it has been idle since before the statement went out
// (the statement never arrived), or the database cannot be reached, the connection is ended and its
// statements fail as a connection loss. A server process that finished the statement (its answer
// unread in a socket of this process while the event loop stalled) is waited on, never ended.
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

/**
 * The pool's client class: pg.Client with a connect deadline (set on the pool, it would also bound
 * the wait for a free connection), failing at once while the database is known unreachable
 * (reachabilityOf).
 */
export function clientConnectingWithin(connectMs: number): typeof pg.Client {
  return class extends pg.Client {
    private readonly reachability: Reachability;

    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectMs });
      this.reachability = reachabilityOf(config ?? {});
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): Promise<pg.Client> | void {
      const attempt = this.reachability.attempt();
      const answer = callback as ((err: Error | null, c?: pg.Client) => void) | undefined;
      if ("refused" in attempt) {
        if (!answer) return Promise.reject(attempt.refused);
        return void process.nextTick(answer, attempt.refused);
      }
      if (!answer)
        return super.connect().then(
          (client) => (attempt.done(), client),
          (e: unknown) => {
            attempt.done(e);
            throw e;
          },
        );
      // Called back as pg calls back, in the same turn: pg-pool attaches the connection's error
      // listeners there, before a "terminating connection" read in the same packet is emitted.
      const connectWithCallback = super.connect.bind(this) as (cb: (err: Error | null, c?: pg.Client) => void) => void;
      connectWithCallback((err, client) => {
        attempt.done(err ?? undefined);
        answer(err, client);
      });
    }
  };
}

/**
 * Whether a database could be reached lately. Once a connection to it went unanswered (not ready
 * within its deadline), or a question about a silent connection did, new connections fail at once
 * with that failure (a connection loss: 503 with Retry-After), but for one try each
 * RETRY_UNREACHABLE_MS. The pool's queue of requests is then answered at once instead of each
 * waiting a connect deadline behind the others (minutes under load), and the first try that
 * connects ends it.
 */
class Reachability {
  /** Why the database counts as unreachable (the last connection that could not be made), or null. */
  private failure: Error | null = null;
  private lastTry = -Infinity;
  private trying = false;

  /** Go ahead and report the outcome with `done`, or fail at once with `refused`: the last failure again, as pg reported it. */
  attempt(): { refused: Error } | { done(error?: unknown): void } {
    const now = performance.now();
    if (this.failure === null) return { done: (error) => this.outcome(error, false) };
    if (this.trying || now - this.lastTry < RETRY_UNREACHABLE_MS) return { refused: Object.assign(new Error(this.failure.message), this.failure) };
    this.trying = true;
    this.lastTry = now;
    return { done: (error) => this.outcome(error, true) };
  }

  /** The database did not answer, or a connection to it could not be made, for `why`. */
  unreachable(why: Error): void {
    this.failure = why;
    this.lastTry = performance.now();
  }

  private outcome(error: unknown, wasTry: boolean): void {
    if (wasTry) this.trying = false;
    if (error === undefined) this.failure = null;
    // Only a connection the database did not answer: a refused one fails fast anyway, and one ended
    // while connecting (a restart, a terminated server process), a refused login or "too many
    // clients" says the database is there.
    else if (error instanceof Error && isUnanswered(error)) this.unreachable(error);
  }
}

/** pg's error for a connection not ready within its deadline, or a network that cannot reach the host. */
function isUnanswered(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return error.message === "timeout expired" || code === "ETIMEDOUT" || code === "EHOSTUNREACH";
}
const RETRY_UNREACHABLE_MS = 1_000;

/** One Reachability per pool, found by the connection settings object the pool hands every client it makes. */
const reachabilities = new WeakMap<object, Reachability>();
function reachabilityOf(connection: object): Reachability {
  let reachability = reachabilities.get(connection);
  if (!reachability) reachabilities.set(connection, (reachability = new Reachability()));
  return reachability;
}

/**
 * Watches `client` (a connected pooled connection): once a statement on it has been answered by
 * nothing for `quietMs` while this process was listening, asks the database (pg_stat_activity, with
 * `connection`) what the connection's server process is doing. Still running a statement, or done
 * with one since ours went out (its answer is on its way, or unread in a socket of this process):
 * waits on. Gone, or idle since before ours went out (what it was sent never arrived), or the
 * database could not be reached within `askMs`: the connection is ended, and every statement waiting
 * on it fails with ETIMEDOUT, a connection loss (reads are sent again, transactions answer as after
 * any broken connection). Its server process is ended too: at once, or once the database can be
 * reached again.
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
let lastTick = 0;
/**
 * When this process last came back from an event-loop stall (a long synchronous task, a starved CPU,
 * a stopped process): answers that came meanwhile wait unread in its sockets, so silence is counted
 * from then, and a question to the database that a stall overlapped proves nothing.
 */
let listeningSince = 0;

/** One timer for every watched connection, kept only while there are some, never holding the process open. */
function lookingEvery(ms: number): void {
  if (looking && ms >= lookingMs) return;
  clearInterval(looking);
  lookingMs = ms;
  lastTick = performance.now();
  looking = setInterval(() => {
    if (watching.size === 0) {
      clearInterval(looking);
      looking = undefined;
      lookingMs = Infinity;
      return;
    }
    const now = performance.now();
    if (now - lastTick > 2 * lookingMs) listeningSince = now; // this tick came a period late: the loop was stalled
    lastTick = now;
    for (const w of watching) if (w.awaited > 0 && !w.asking && now - Math.max(w.since, listeningSince) >= w.limits.quietMs) void askAbout(w);
  }, ms).unref();
}

async function askAbout(w: Watched): Promise<void> {
  w.asking = true;
  const backend = { pid: (w.client as unknown as { processID?: number }).processID, started: w.started };
  const quietSince = w.since;
  const askedAt = performance.now();
  try {
    const verdict = await serverProcessVerdict(w, backend, quietSince);
    if (verdict === "ended") return endConnection(w, backend, quietSince, "its server process had been idle since before this connection's statement went out");
    if (w.since !== quietSince) return; // answered meanwhile: the state may be of the moment between two statements
    if (verdict === "gone") return endConnection(w, backend, quietSince, "its server process is gone");
    // A question that a stall of this process overlapped timed out on this process's clock, not the database's.
    if (verdict === "unreachable" && listeningSince <= askedAt) {
      const why = `the database could not be reached within ${w.limits.askMs} ms`;
      reachabilityOf(w.connection).unreachable(silenceError(why));
      endConnection(w, backend, quietSince, why);
      return void endOnceReachable(w.connection, backend, w.limits.askMs);
    }
    w.since = performance.now(); // working (a lock wait, a long statement), answering, or not known: ask again later
  } finally {
    w.asking = false;
  }
}

function endConnection(w: Watched, backend: ServerProcess, quietSince: number, why: string): void {
  const error = silenceError(why);
  console.error(JSON.stringify({ level: "warn", msg: "database connection ended", error: error.message, pid: backend.pid, quietMs: Math.round(performance.now() - quietSince) }));
  watching.delete(w);
  w.con.stream.destroy(error);
}

/**
 * What the server process behind a quiet connection is doing, asked on a connection of its own:
 * - "working": running a statement ("active", a lock wait included, or a fastpath call);
 * - "answering": idle, but since a moment after the connection fell quiet: it finished a statement
 *   of ours whose answer is on its way or waits unread in this process (a stalled event loop);
 * - "ended": idle since before the connection fell quiet, so what was sent never arrived: it is
 *   ended here, in the state it was seen in, as it would otherwise hold its transaction's row
 *   locks (a hot account's) until its own TCP gave up on a network that may never tell it;
 * - "gone": no such process; "unreachable": the database did not answer within `askMs`;
 * - "unknown": the database answered with an error of another kind (say, too many connections),
 *   or does not show the process's state; "heard": an answer came while asking.
 * When the process went idle is read on the database's clock as "so long before this question",
 * and placed on this process's monotonic clock at the latest it can have been: counted back from the
 * question's answer (a stall of this process while asking only moves it later).
 */
async function serverProcessVerdict(
  w: Watched,
  backend: ServerProcess,
  quietSince: number,
): Promise<"working" | "answering" | "ended" | "gone" | "unreachable" | "unknown" | "heard"> {
  if (backend.pid === undefined) return "unknown";
  try {
    return await onConnectionOfItsOwn(w.connection, w.limits.askMs, async (asking) => {
      if (w.since !== quietSince) return "heard"; // read while connecting: the loop was only late
      const { rows } = await asking.query<{ state: string | null; state_change: string | null; idle_ms: number | null }>(LOOK_QUERY, [backend.pid, backend.started ?? null]);
      const answeredAt = performance.now();
      const found = rows[0];
      if (!found) return "gone";
      if (found.state === "active" || found.state === "fastpath function call") return "working";
      if (found.state === null || found.state_change === null || found.idle_ms === null) return "unknown";
      // The latest moment, on this process's clock, at which the server process can have gone idle.
      const idleSince = answeredAt - found.idle_ms;
      if (idleSince + CLOCK_SLACK_MS >= quietSince) return "answering";
      const { rows: ended } = await asking.query<{ ended: boolean }>(TERMINATE_UNCHANGED_QUERY, [backend.pid, found.state_change]);
      if (!ended[0]) return "gone";
      return ended[0].ended ? "ended" : "working"; // it moved meanwhile: what was sent did arrive
    });
  } catch (e) {
    return isConnectionLoss(e) || /timeout/i.test((e as Error).message) ? "unreachable" : "unknown";
  }
}
/** The server process (by pid and, once known, backend_start): its state, since when, and how long before this statement. */
const LOOK_QUERY = `SELECT state, state_change::text AS state_change, (extract(epoch FROM statement_timestamp() - state_change) * 1000)::float8 AS idle_ms
  FROM pg_stat_activity WHERE pid = $1 AND ($2::timestamptz IS NULL OR backend_start = $2::timestamptz)`;
/** Ends the server process only while it is still in the state it was seen in (state_change to the microsecond). */
const TERMINATE_UNCHANGED_QUERY = `SELECT CASE WHEN state_change = $2::timestamptz THEN pg_terminate_backend(pid) ELSE false END AS ended FROM pg_stat_activity WHERE pid = $1`;
/** Room for the two clocks' rates to differ over a quiet spell (NTP slews them by at most 0.05 %). */
const CLOCK_SLACK_MS = 100;

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
