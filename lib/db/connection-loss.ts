// A broken database connection, told apart from every other database error: PostgreSQL rolled back
// whatever was open on it, so the work can be done again, unless its COMMIT had already gone out.
// No imports: lib/service/http/errors.ts maps these to 503 without loading pg.

/**
 * The connection broke under a transaction (a server restart or failover, a terminated server
 * process, a network cut), and PostgreSQL rolled back what was open on it. `inDoubt`: it broke after
 * the transaction's COMMIT had gone out, and the database could not tell whether it took effect
 * (commit-outcome.ts asks it), so whether the transaction stands is unknown.
 */
export class ConnectionLostError extends Error {
  override name = "ConnectionLostError";

  constructor(
    readonly inDoubt: boolean,
    options: { cause: unknown },
  ) {
    super(
      inDoubt
        ? "The database connection broke while the transaction's COMMIT was on its way: whether it took effect is unknown"
        : "The database connection broke; the transaction open on it was rolled back",
      options,
    );
  }
}

/** Server codes of a connection the server ended: class 08 (connection exception), 57P01–57P03 (shut down, crashed, starting up). */
const LOST_CODES = /^(08...|57P0[123])$/;
/** Socket errors of a connection that broke or could not be made. */
const SOCKET_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH"]);
/** pg's own errors for a connection that ended under it, that is used after it broke, or that was not ready within its connect deadline. */
const LOST_MESSAGES = /^Connection terminated|is not queryable$|^timeout expired$/;
/** Prisma's kinds for the same, and its codes for an unreachable server (P1001) or a closed connection (P1017). */
const PRISMA_KINDS = new Set(["ConnectionClosed", "DatabaseNotReachable", "SocketTimeout"]);
const PRISMA_CODES = new Set(["P1001", "P1017"]);

/**
 * The database could not be reached or the connection broke: as pg reports it, as Prisma's
 * driver adapter wraps it, or as ConnectionLostError. Any other database error is not one.
 */
export function isConnectionLoss(e: unknown): boolean {
  if (e instanceof ConnectionLostError || (e as Error | null)?.name === "ConnectionLostError") return true;
  type AdapterCause = { kind?: unknown; originalCode?: unknown; code?: unknown };
  const error = e as { name?: unknown; code?: unknown; message?: unknown; cause?: AdapterCause; meta?: { driverAdapterError?: { cause?: AdapterCause } } } | null;
  if (!error || typeof error !== "object") return false;
  const code = typeof error.code === "string" ? error.code : "";
  if (LOST_CODES.test(code) || SOCKET_CODES.has(code) || PRISMA_CODES.has(code)) return true;
  // Prisma's driver adapter error, bare (a transaction's BEGIN or COMMIT) or wrapped in a request error.
  const cause = error.name === "DriverAdapterError" ? error.cause : error.meta?.driverAdapterError?.cause;
  if (cause && (PRISMA_KINDS.has(String(cause.kind)) || LOST_CODES.test(String(cause.originalCode ?? cause.code ?? "")))) return true;
  return typeof error.message === "string" && LOST_MESSAGES.test(error.message);
}

/**
 * A statement that changes nothing when sent alone, outside a transaction: a SELECT (this code
 * calls no function with lasting effects from one). Sent again when its connection broke, it costs
 * the reader a moment instead of an error.
 */
export function isLoneRead(text: string): boolean {
  return LONE_READ.test(text);
}
const LONE_READ = /^\s*select\b/i;

/**
 * Sends a read that changes nothing (readOf's batches, a lone read: isLoneRead) again, on another
 * connection, when its connection broke: a restart or failover costs the reader a moment, not an
 * error. Three sends in all: a failover ends every connection at once, and the pool may hand the
 * second one another connection that has not yet heard of it.
 */
export async function readingAgain<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (e) {
      if (attempt >= READ_ATTEMPTS || !isConnectionLoss(e)) throw e;
    }
  }
}
const READ_ATTEMPTS = 3;

