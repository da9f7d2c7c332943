// Once a statement of a transaction fails, PostgreSQL refuses the statements pipelined after it with
// 25P02 ("current transaction is aborted"). A caller waiting on several at once (Promise.all over a
// transaction's reads, a deferred write sent with the next statement) may see such a follow-on
// refusal first, and the failure it must act on (a deadlock to run again, a unique violation to
// answer 409) would be lost in a 500. So each pooled connection reads its answers in the order they
// arrive, keeps its latest failure, and answers a 25P02 with that failure instead.
import type pg from "pg";

type Callback = (error: Error | null, result?: pg.QueryResult) => void;

export function answerAbortedWithTheirCause(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let latestFailure: Error | undefined;
  // Called in the order pg reads the answers: pg calls a query's callback as its answer arrives.
  const told =
    (callback: Callback): Callback =>
    (error, result) => {
      if (!error) latestFailure = undefined; // a statement ran: the transaction is not aborted (any more)
      else if ((error as { code?: unknown }).code === "25P02") error = latestFailure ?? error;
      else latestFailure = error;
      callback(error, result);
    };
  client.query = ((...args: unknown[]) => {
    const config = args[0] as { submit?: unknown; callback?: unknown } | string;
    // A submittable query (lib/db/sql.ts's Statement) carries its own callback.
    if (typeof config === "object" && typeof config.submit === "function") {
      if (typeof config.callback === "function") config.callback = told(config.callback as Callback);
      return query(...args);
    }
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      args[last] = told(args[last] as Callback);
      return query(...args);
    }
    // Asked for a promise: sent with a callback, which pg calls in order (a promise's reactions may not run in order).
    return new Promise<pg.QueryResult>((resolve, reject) => query(...args, told((error, result) => (error ? reject(error) : resolve(result!)))));
  }) as typeof client.query;
}
