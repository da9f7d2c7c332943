import { Prisma } from "@/lib/generated/prisma/client";
import { isConnectionLoss } from "@/lib/db/connection-loss";
import { sqlOf } from "@/lib/db/sql";
import type { Db } from "../db";
import { runAsStep } from "../sandbox/advance-steps";
import { rememberClockOffset } from "../sandbox/clock";
import { isTransactionTimeout, transientConflictError } from "../http/errors";
import { claimDueEvents, deliverEvents, type ClaimedEvent } from "../webhooks/deliver-event";
import { DELIVER_WEBHOOK } from "./enqueue-event";
import { JOB_HANDLERS } from "./handlers";
import { LEASE_MS } from "./lease";
import { runAtMost } from "./run-at-most";

/**
 * A job whose handler lost a deadlock or a serialization conflict, could not get a database
 * transaction in time because every pooled connection was busy, or lost its database connection
 * (its transaction rolled back whole, or committed unbeknown to it: handlers run at least once
 * anyway), is run again later, however many runs that takes, instead of ending FAILED: a refund, an
 * expiry or a stablecoin step must not stay undone because the database had a bad minute (a
 * failover longer than a few runs' pauses used to leave every due refund FAILED for good). The
 * pause grows with each run, 2 s more each time up to a minute, so a burst of load or an outage
 * has time to pass. Only a failure of the handler's own (not the database's) ends it FAILED.
 */
const PAUSE_AFTER_CONFLICT_MS = 2000;
const LONGEST_PAUSE_AFTER_CONFLICT_MS = 60_000;

interface ClaimedJob {
  id: string;
  platformId: string;
  kind: string;
  payload: unknown;
  runAt: Date;
  attempts: number;
  createdAt: Date;
  /** The platform's clock offset as the claim read it (rememberClockOffset). */
  clockOffsetMs: bigint;
}

/**
 * Claims up to `limit` due jobs (on each platform's own clock), oldest first, plus up to `limit`
 * whose worker's lease expired (a crashed worker's jobs run again). `FOR UPDATE SKIP LOCKED` lets
 * any number of workers claim side by side without taking the same job twice. The due jobs are
 * read in (status, runAt) index order and the scan stops at `limit`: sorting the whole backlog on
 * each claim made a worker that fell behind fall further. The handlers run on the platform clock
 * the claim read (rememberClockOffset).
 */
export async function claimDueJobs(
  db: Db,
  options: {
    limit: number;
    platformId?: string;
    /** default true; workers look now and then (their scan walks dead index entries) */ includeAbandoned?: boolean;
    /** this job only, if it is due (an advance of the sandbox clock) */ id?: string;
  },
): Promise<ClaimedJob[]> {
  // Its own statement text when scoped, so a generic plan never serves both (planCacheMode).
  const onePlatform = options.platformId ? Prisma.sql`AND j."platformId" = ${options.platformId}::uuid` : Prisma.empty;
  const scope = options.id ? Prisma.sql`${onePlatform} AND j."id" = ${options.id}::uuid` : onePlatform;
  const abandonedLimit = options.includeAbandoned === false ? 0 : options.limit;
  const claimed = await sqlOf(db).$queryRaw<ClaimedJob[]>`
    WITH "due" AS (
      SELECT j."id" FROM "Job" j JOIN "Platform" p ON p."id" = j."platformId"
      WHERE j."status" = 'PENDING'
        AND j."runAt" <= now() + p."clockOffsetMs" * interval '1 millisecond'
        ${scope}
      ORDER BY j."runAt", j."id"
      LIMIT ${options.limit}
      FOR UPDATE OF j SKIP LOCKED
    ), "abandoned" AS (
      SELECT j."id" FROM "Job" j
      WHERE j."status" = 'RUNNING' AND j."lockedUntil" < now()
        ${scope}
      ORDER BY j."runAt", j."id"
      LIMIT ${abandonedLimit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "Job" j SET "status" = 'RUNNING', "attempts" = j."attempts" + 1,
      "lockedUntil" = now() + ${LEASE_MS} * interval '1 millisecond', "updatedAt" = now()
    FROM "Platform" p
    WHERE j."id" IN (SELECT "id" FROM "due" UNION ALL SELECT "id" FROM "abandoned") AND p."id" = j."platformId"
    RETURNING j."id", j."platformId", j."kind", j."payload", j."runAt", j."attempts", j."createdAt", p."clockOffsetMs"`;
  for (const job of claimed) rememberClockOffset(job.platformId, Number(job.clockOffsetMs));
  return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export interface RanJob {
  id: string;
  kind: string;
  runAt: Date;
  status: "DONE" | "FAILED";
  error?: string;
}

/** Runs one claimed job's handler; recordJobOutcomes writes how it ended. A failing handler never stops the others. */
async function runHandler(db: Db, job: ClaimedJob): Promise<JobOutcome> {
  const handler = JOB_HANDLERS[job.kind];
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await runAsStep(job, () => handler({ db, platformId: job.platformId, payload: job.payload }));
    return ranJob(job, null);
  } catch (e) {
    return ranJob(job, e);
  }
}

type JobOutcome = RanJob & { lastError?: string; /** this run failed, the job runs again */ runAgain?: boolean; attempts?: number };

function ranJob(job: ClaimedJob, error: unknown): JobOutcome {
  if (error === null) return { id: job.id, kind: job.kind, runAt: job.runAt, status: "DONE" };
  const lastError = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const runAgain = transientConflictError(error) !== null || isTransactionTimeout(error) || isConnectionLoss(error);
  console.error(JSON.stringify({ level: runAgain ? "warn" : "error", msg: runAgain ? "job rolled back (a database conflict or outage, or no connection free in time), runs again" : "job failed", jobId: job.id, kind: job.kind, error: lastError }));
  return { id: job.id, kind: job.kind, runAt: job.runAt, status: "FAILED", error: error instanceof Error ? error.message : String(error), lastError, runAgain, attempts: job.attempts };
}

/**
 * Records how claimed jobs ended: all finished ones in one statement, each failure with its error. A crash
 * before this leaves them RUNNING until their lease expires, then they run again (at least once).
 */
async function recordJobOutcomes(db: Db, ran: JobOutcome[]): Promise<RanJob[]> {
  const sql = sqlOf(db);
  const done = ran.filter((r) => r.status === "DONE").map((r) => r.id);
  if (done.length > 0) await sql.$executeRaw`UPDATE "Job" SET "status" = 'DONE', "lockedUntil" = NULL, "updatedAt" = now() WHERE "id" = ANY(${done}::uuid[])`;
  for (const r of ran) {
    const lastError = (r.lastError ?? "").slice(0, 2000);
    // Again a few seconds from now on the platform's clock (its runAt may lie far behind it).
    if (r.runAgain)
      await sql.$executeRaw`UPDATE "Job" j SET "status" = 'PENDING', "lockedUntil" = NULL, "lastError" = ${lastError}, "updatedAt" = now(),
        "runAt" = now() + (p."clockOffsetMs" + ${Math.min(PAUSE_AFTER_CONFLICT_MS * (r.attempts ?? 1), LONGEST_PAUSE_AFTER_CONFLICT_MS)}::bigint) * interval '1 millisecond'
        FROM "Platform" p WHERE j."id" = ${r.id}::uuid AND p."id" = j."platformId"`;
    else if (r.status === "FAILED") await db.job.update({ where: { id: r.id }, data: { status: "FAILED", lockedUntil: null, lastError } });
  }
  return ran.map(({ lastError: _, runAgain: __, attempts: ___, ...r }) => r);
}

/**
 * Handlers each hold a database connection for a while (most open a transaction, which gives up
 * after waiting 2 s for one): at most this many at once, below the pool's 10.
 */
const JOBS_AT_ONCE = 8;

/** Runs claimed jobs side by side and records how they ended, in claim order. */
export async function runJobs(db: Db, jobs: ClaimedJob[]): Promise<RanJob[]> {
  return recordJobOutcomes(db, await runAtMost(JOBS_AT_ONCE, jobs, (job) => runHandler(db, job)));
}

/** Attempts claimed webhook events (deliverEvents) and reports each as a step that ran, in claim order. */
export async function runEventDeliveries(db: Db, events: ClaimedEvent[]): Promise<RanJob[]> {
  const outcomes = await deliverEvents(db, events);
  return events.map((event, i) => {
    const { attemptId, error } = outcomes[i]!;
    if (error !== null) console.error(JSON.stringify({ level: "error", msg: "webhook delivery failed; attempted again when its lease ends", eventId: event.id, error: String(error) }));
    return {
      id: attemptId ?? event.id,
      kind: DELIVER_WEBHOOK,
      runAt: event.nextAttemptAt,
      ...(error === null ? { status: "DONE" as const } : { status: "FAILED" as const, error: error instanceof Error ? error.message : String(error) }),
    };
  });
}

/**
 * Runs due jobs and webhook deliveries in the order they fell due until none is due, including
 * ones that running steps schedule within the window (a retry that falls due before the clock's
 * current time runs too).
 */
export async function runDueJobs(db: Db, options: { platformId?: string; batch?: number; maxJobs?: number } = {}): Promise<RanJob[]> {
  const ran: RanJob[] = [];
  const maxJobs = options.maxJobs ?? 10_000;
  const claim = { limit: options.batch ?? 1, platformId: options.platformId };
  for (;;) {
    if (ran.length >= maxJobs) return ran;
    const [jobs, events] = await Promise.all([claimDueJobs(db, claim), claimDueEvents(db, claim)]);
    if (jobs.length === 0 && events.length === 0) return ran;
    const due = [...jobs.map((job) => ({ at: job.runAt, job })), ...events.map((event) => ({ at: event.nextAttemptAt, event }))];
    due.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const step of due) ran.push(...("job" in step ? await runJobs(db, [step.job]) : await runEventDeliveries(db, [step.event])));
  }
}
