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

/** Runs one claimed job and records how it ended. A failing handler never stops the others. */
export async function runJob(db: Db, job: ClaimedJob): Promise<RanJob> {
  const handler = JOB_HANDLERS[job.kind];
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await handler({ db, platformId: job.platformId, payload: job.payload });
    await db.job.update({ where: { id: job.id }, data: { status: "DONE", lockedUntil: null } });
    return { id: job.id, kind: job.kind, runAt: job.runAt, status: "DONE" };
  } catch (e) {
    const error = e instanceof Error ? (e.stack ?? e.message) : String(e);
    console.error(JSON.stringify({ level: "error", msg: "job failed", jobId: job.id, kind: job.kind, error }));
    await db.job.update({ where: { id: job.id }, data: { status: "FAILED", lockedUntil: null, lastError: error.slice(0, 2000) } });
    return { id: job.id, kind: job.kind, runAt: job.runAt, status: "FAILED", error: e instanceof Error ? e.message : String(e) };
  }
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
    for (const job of jobs) ran.push(await runJob(db, job));
  }
}
