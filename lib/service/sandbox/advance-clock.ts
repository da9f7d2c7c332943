import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { claimDueJobs, runJobs, type RanJob } from "../jobs/run-jobs";
import { webhookTimeoutMs } from "../webhooks/post-signed";
import { whileAdvancing, type AdvanceSteps } from "./advance-steps";
import { now, setClockForward } from "./clock";

/**
 * Moves a sandbox platform's clock forward and runs, in order, every job that falls due in between.
 * The clock steps to each one's due time before it runs, so what a job schedules (a payment's next
 * step) is placed where it would have been in real time and runs too if it still falls inside the
 * window. This is how "completes after 6 minutes" is tested without sleeping.
 * Webhook attempts it makes due (new events, retries) are the worker's, sent as it always sends
 * them: delivering them here made the advance wait on slow receivers and on events a crashed
 * worker still held, minutes at a time.
 * It runs the jobs that existed when it began and those its own jobs write (advance-steps.ts),
 * not those other requests write meanwhile: these fall due at the advancing "now" as fast as
 * traffic makes them, so an advance that ran them too never caught up with its target. Its time is
 * bounded by the work that was due in its window; the worker runs the rest.
 */
export function advanceClock(db: Db, platformId: string, seconds: number): Promise<{ now: string; ran: RanJob[] }> {
  const previous = advancing.get(platformId) ?? Promise.resolve();
  const run = previous.then(
    () => advanceFromNow(db, platformId, seconds),
    () => advanceFromNow(db, platformId, seconds),
  );
  advancing.set(platformId, run);
  run.then(forget, forget);
  function forget() {
    if (advancing.get(platformId) === run) advancing.delete(platformId);
  }
  return run;
}

/**
 * A platform's advances run one after another in this process, so two sent at once add up (each
 * starts from where the one before it left the clock) instead of both starting from the same
 * "now". They wait here, not in the database: no connection is held while an earlier advance runs
 * its jobs. (Advances sent to two server processes at once still overlap; the clock only moves
 * forward and each due job runs once either way.)
 */
const advancing = new Map<string, Promise<unknown>>();

/** How often an advance looks again while a worker runs a job that fell due. */
const HELD_POLL_MS = 10;

/**
 * How long an advance waits without progress for a job another worker holds before it leaves that
 * job to whoever holds it and goes on with the others: far longer than a job takes on a busy
 * machine (5 s was not: a loaded worker's stablecoin step was left running, and the advance
 * answered before it), far shorter than a crashed worker's lease (it runs once that runs out).
 * The webhook timeout (WEBHOOK_TIMEOUT_MS) + 5 s, the service's longest wait on work in flight.
 */
const longestStallMs = () => webhookTimeoutMs() + 5_000;

async function advanceFromNow(db: Db, platformId: string, seconds: number): Promise<{ now: string; ran: RanJob[] }> {
  const start = await now(db, platformId);
  const target = new Date(start.getTime() + seconds * 1000);
  const steps: AdvanceSteps = { existedBy: start, spawned: new Set() };
  const ran = await whileAdvancing(platformId, steps, () => runJobsDue(db, platformId, target, steps));
  await setClockForward(db, platformId, target);
  return { now: (await now(db, platformId)).toISOString(), ran };
}

async function runJobsDue(db: Db, platformId: string, target: Date, steps: AdvanceSteps): Promise<RanJob[]> {
  const ran: RanJob[] = [];
  /** Jobs held too long by another worker, no longer waited for. */
  const skipped: string[] = [];
  /** The job the advance last found it could not run, and since when (no progress since). */
  const stall = { key: "", since: 0 };
  for (;;) {
    const next = await nextDueJob(db, platformId, target, steps, skipped);
    if (!next) return ran;
    // The in-process worker (or another process's) may claim a job the moment the clock reaches it.
    // The clock stays put until it has finished, so the job runs at its due time and what it
    // schedules lands at the right time inside this window and runs here.
    const key = `${next.id}@${next.at.getTime()}`;
    if (stall.key !== key) Object.assign(stall, { key, since: performance.now() });
    else if (performance.now() - stall.since > longestStallMs()) {
      skipped.push(next.id);
      continue;
    }
    if (next.isHeld) {
      await new Promise((r) => setTimeout(r, HELD_POLL_MS));
      continue;
    }
    await setClockForward(db, platformId, next.at);
    // This job only: others due by now may be other requests' (the worker's).
    const batch = await runJobs(db, await claimDueJobs(db, { limit: 1, platformId, id: next.id, includeAbandoned: false }));
    ran.push(...batch);
    if (batch.length > 0) stall.key = "";
    else await new Promise((r) => setTimeout(r, HELD_POLL_MS)); // claimed elsewhere in between: the next look sees it held
  }
}

interface DueJob {
  id: string;
  at: Date;
  /** Claimed by a worker that is running it now (its lease not run out). */
  isHeld: boolean;
}

/**
 * The earliest of the advance's jobs (its platform's jobs that existed when it began or that its
 * jobs wrote) due by `target`, whether a worker is running it now or it waits to be claimed. A job
 * in flight is due by the platform's current time, so it comes before any job still ahead of the clock.
 */
async function nextDueJob(db: Db, platformId: string, target: Date, steps: AdvanceSteps, skipped: string[]): Promise<DueJob | null> {
  const spawned = [...steps.spawned];
  const notSkipped = skipped.length > 0 ? Prisma.sql`AND j."id" <> ALL(${skipped}::uuid[])` : Prisma.empty;
  const existed = Prisma.sql`j."createdAt" <= ${steps.existedBy}::timestamptz`;
  const ofTheAdvance = Prisma.sql`AND ${spawned.length > 0 ? Prisma.sql`(${existed} OR j."id" = ANY(${spawned}::uuid[]))` : existed} ${notSkipped}`;
  const [row] = await db.$queryRaw<DueJob[]>`
    SELECT "id", "at", "isHeld" FROM (
      (SELECT j."id", j."runAt" AS "at", false AS "isHeld" FROM "Job" j
        WHERE j."platformId" = ${platformId}::uuid AND j."status" = 'PENDING' AND j."runAt" <= ${target}::timestamptz ${ofTheAdvance}
        ORDER BY j."runAt" LIMIT 1)
      UNION ALL
      (SELECT j."id", j."runAt", true FROM "Job" j
        WHERE j."platformId" = ${platformId}::uuid AND j."status" = 'RUNNING' AND j."lockedUntil" >= now() AND j."runAt" <= ${target}::timestamptz ${ofTheAdvance}
        ORDER BY j."runAt" LIMIT 1)
    ) "due"
    ORDER BY "at", "isHeld" DESC LIMIT 1`;
  return row ?? null;
}
