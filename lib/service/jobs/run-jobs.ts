import type { Db } from "../db";
import { JOB_HANDLERS } from "./handlers";

/**
 * How long a claimed job is reserved for the worker running it (wall clock): longer than any job
 * runs (a webhook attempt times out after 30 s). JOB_LEASE_SECONDS shortens it where crashed
 * workers must be taken over quickly (the reliability suite's crash test).
 */
const LEASE_MS = Number(process.env.JOB_LEASE_SECONDS ?? 300) * 1000;

interface ClaimedJob {
  id: string;
  platformId: string;
  kind: string;
  payload: unknown;
  runAt: Date;
  attempts: number;
}

/**
 * Claims up to `limit` due jobs (on each platform's own clock), oldest first. `FOR UPDATE SKIP
 * LOCKED` lets any number of workers claim side by side without taking the same job twice; an
 * expired lease makes a crashed worker's job claimable again.
 */
export async function claimDueJobs(db: Db, options: { limit: number; platformId?: string }): Promise<ClaimedJob[]> {
  const platformId = options.platformId ?? null;
  return db.$queryRaw<ClaimedJob[]>`
    UPDATE "Job" SET "status" = 'RUNNING', "attempts" = "attempts" + 1,
      "lockedUntil" = now() + ${LEASE_MS} * interval '1 millisecond', "updatedAt" = now()
    WHERE "id" IN (
      SELECT j."id" FROM "Job" j JOIN "Platform" p ON p."id" = j."platformId"
      WHERE (j."status" = 'PENDING' OR (j."status" = 'RUNNING' AND j."lockedUntil" < now()))
        AND j."runAt" <= now() + p."clockOffsetMs" * interval '1 millisecond'
        AND (${platformId}::uuid IS NULL OR j."platformId" = ${platformId}::uuid)
      ORDER BY j."runAt", j."id"
      LIMIT ${options.limit}
      FOR UPDATE OF j SKIP LOCKED
    )
    RETURNING "id", "platformId", "kind", "payload", "runAt", "attempts"`;
}

export interface RanJob {
  id: string;
  kind: string;
  runAt: Date;
  status: "DONE" | "FAILED";
  error?: string;
}

/** Runs one claimed job's handler; recordJobOutcomes writes how it ended. A failing handler never stops the others. */
async function runHandler(db: Db, job: ClaimedJob): Promise<RanJob & { lastError?: string }> {
  const handler = JOB_HANDLERS[job.kind];
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await handler({ db, platformId: job.platformId, payload: job.payload });
    return { id: job.id, kind: job.kind, runAt: job.runAt, status: "DONE" };
  } catch (e) {
    const lastError = e instanceof Error ? (e.stack ?? e.message) : String(e);
    console.error(JSON.stringify({ level: "error", msg: "job failed", jobId: job.id, kind: job.kind, error: lastError }));
    return { id: job.id, kind: job.kind, runAt: job.runAt, status: "FAILED", error: e instanceof Error ? e.message : String(e), lastError };
  }
}

/**
 * Records how claimed jobs ended: all finished ones in one statement (every payment makes several
 * delivery jobs, so this is the worker's hottest write), each failure with its error. A crash
 * before this leaves them RUNNING until their lease expires, then they run again (at least once).
 */
async function recordJobOutcomes(db: Db, ran: (RanJob & { lastError?: string })[]): Promise<RanJob[]> {
  const done = ran.filter((r) => r.status === "DONE").map((r) => r.id);
  if (done.length > 0) await db.job.updateMany({ where: { id: { in: done } }, data: { status: "DONE", lockedUntil: null } });
  for (const r of ran)
    if (r.status === "FAILED") await db.job.update({ where: { id: r.id }, data: { status: "FAILED", lockedUntil: null, lastError: (r.lastError ?? "").slice(0, 2000) } });
  return ran.map(({ lastError: _, ...r }) => r);
}

/** Runs claimed jobs side by side and records how they ended. */
export async function runJobs(db: Db, jobs: ClaimedJob[]): Promise<RanJob[]> {
  return recordJobOutcomes(db, await Promise.all(jobs.map((job) => runHandler(db, job))));
}

/**
 * Runs due jobs in order until none is due, including jobs that running ones schedule within the
 * window (a retry that falls due before the clock's current time runs too).
 */
export async function runDueJobs(db: Db, options: { platformId?: string; batch?: number; maxJobs?: number } = {}): Promise<RanJob[]> {
  const ran: RanJob[] = [];
  const maxJobs = options.maxJobs ?? 10_000;
  for (;;) {
    const jobs = await claimDueJobs(db, { limit: options.batch ?? 1, platformId: options.platformId });
    if (jobs.length === 0 || ran.length >= maxJobs) return ran;
    for (const job of jobs) ran.push(...(await runJobs(db, [job])));
  }
}
