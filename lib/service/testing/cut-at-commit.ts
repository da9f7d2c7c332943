import type { Socket } from "node:net";
import type pg from "pg";

/**
 * The next connection checked out of `pool` loses its network at its transaction's COMMIT, as a cut
 * cable or a failed proxy does: the COMMIT's answer is lost on the way back after the server ran it;
 * or every answer to the COMMIT's write is (the transaction id's too); or the COMMIT itself is lost
 * on the way out (the answers before it arrive, then the connection goes; lib/db/sql.ts's COMMIT
 * only, which is sent as a simple query). The transaction must run no one-row SELECT of its own.
 */
export function cutAtCommit(pool: pg.Pool, when: "after the server ran it" | "before any answer to it arrived" | "before it reached the server"): void {
  pool.once("acquire", (client) => {
    const stream = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    const cut = () => stream.destroy(Object.assign(new Error("read ECONNRESET (cut by the test)"), { code: "ECONNRESET" }));
    const emit = stream.emit.bind(stream) as (event: string, ...args: unknown[]) => boolean;
    let commitDropped = false;
    if (when === "before it reached the server") {
      const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        if (!Buffer.isBuffer(chunk) || !chunk.equals(COMMIT_SENT)) return write(chunk, ...rest);
        commitDropped = true;
        return true;
      }) as typeof stream.write;
    }
    stream.emit = ((event: string, ...args: unknown[]) => {
      const chunk = args[0];
      if (event !== "data" || !Buffer.isBuffer(chunk)) return emit(event, ...args);
      // The transaction id's answer (a one-row SELECT) is the first to the COMMIT's write.
      if (when === "before any answer to it arrived" && chunk.includes(SELECT_ANSWERED)) {
        cut();
        return true;
      }
      const committed = chunk.indexOf(COMMIT_ANSWERED);
      if (when === "after the server ran it" && committed >= 0) {
        if (committed > 0) emit("data", chunk.subarray(0, committed)); // the answers before it
        cut();
        return true;
      }
      const delivered = emit(event, ...args);
      // The transaction id's answer is the last before the COMMIT's: once it is in, the line goes.
      if (commitDropped && chunk.includes(SELECT_ANSWERED)) setImmediate(cut);
      return delivered;
    }) as typeof stream.emit;
  });
}
/** The COMMIT as lib/db/sql.ts sends it (a simple query), and the CommandComplete answers of a COMMIT and of a one-row SELECT. */
const COMMIT_SENT = Buffer.from("Q\0\0\0\x0bCOMMIT\0", "latin1");
const COMMIT_ANSWERED = Buffer.from("C\0\0\0\x0bCOMMIT\0", "latin1");
const SELECT_ANSWERED = Buffer.from("SELECT 1\0", "latin1");
