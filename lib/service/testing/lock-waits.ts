import type { Db, Tx } from "../db";

/**
 * An open database transaction that ran `statement` and holds its locks until `release()`, which
 * commits it; `pid` is its backend, for finding who waits on it (-1 when `statement` failed).
 */
export async function holdLocks(db: Db, statement: (tx: Tx) => Promise<unknown>): Promise<{ pid: number; release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let ready!: (pid: number) => void;
  const started = new Promise<number>((resolve) => (ready = resolve));
  const done = db.$transaction(
    async (tx) => {
      const [backend] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      await statement(tx);
      ready(backend!.pid);
      await released;
    },
    { timeout: 30_000 },
  );
  const pid = await Promise.race([started, done.then(() => -1)]);
  return {
    pid,
    async release() {
      release();
      await done;
    },
  };
}

/** Backends waiting on a lock one of `pids` holds. */
export async function blockedBy(db: Db, pids: number[]): Promise<number[]> {
  const rows = await db.$queryRaw<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE pg_blocking_pids(pid) && ${pids}::int[]`;
  return rows.map((row) => row.pid);
}

/**
 * "waiting" once a backend waits on `pids` (as `answer` should), or "answered" when `answer`
 * settles first (it did not wait).
 */
export async function waitsOn(db: Db, pids: () => Promise<number[]>, answer: Promise<unknown>): Promise<"waiting" | "answered"> {
  let settled = false;
  void answer.then(
    () => (settled = true),
    () => (settled = true),
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (settled) return "answered";
    if ((await blockedBy(db, await pids())).length > 0) return "waiting";
    if (Date.now() > deadline) throw new Error("neither waiting nor answered in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
