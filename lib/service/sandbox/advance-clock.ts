import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { DELIVER_WEBHOOK } from "../jobs/enqueue-event";
import { claimDueJobs, runEventDeliveries, runJobs, type RanJob } from "../jobs/run-jobs";
import { claimDueEvents, isNextOfItsResource } from "../webhooks/deliver-event";
import { webhookTimeoutMs } from "../webhooks/post-signed";
import { whileAdvancing, type AdvanceSteps } from "./advance-steps";
import { now, setClockForward } from "./clock";

/**
 * Moves a sandbox platform's clock forward and runs, in order, every job and webhook attempt that
 * falls due in between. The clock steps to each one's due time before it runs, so what a step
 * schedules (a webhook retry 10 s later, a payment step) is placed where it would have been in
 * real time and runs too if it still falls inside the window. This is how "completes after 6 minutes" is tested
 * without sleeping.
 * It runs the steps that existed when it began and those its own steps write (advance-steps.ts),
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

/** How often an advance looks again while a worker runs a step that fell due. */
const HELD_POLL_MS = 10;

/**
 * How long an advance waits without progress for a step another worker holds (or that it cannot
 * claim) before it leaves that step to whoever holds it and goes on with the others: longer than a
 * webhook attempt may take, shorter than a crashed worker's lease.
 */
const longestStallMs = () => webhookTimeoutMs() + 5_000;

async function advanceFromNow(db: Db, platformId: string, seconds: number): Promise<{ now: string; ran: RanJob[] }> {
  const start = await now(db, platformId);
  const target = new Date(start.getTime() + seconds * 1000);
  const steps: AdvanceSteps = { existedBy: start, spawned: new Set() };
  const ran = await whileAdvancing(platformId, steps, () => runStepsDue(db, platformId, target, steps));
  await setClockForward(db, platformId, target);
  return { now: (await now(db, platformId)).toISOString(), ran };
}

async function runStepsDue(db: Db, platformId: string, target: Date, steps: AdvanceSteps): Promise<RanJob[]> {
  const ran: RanJob[] = [];
  /**
   * Steps no longer waited for: events whose delivery failed in this advance's own hands (they keep
   * their lease until it runs out, deliverEvents, with nobody running them) and steps held too long.
   */
  const skipped: string[] = [];
  /** The step the advance last found it could not run, and since when (no progress since). */
  const stall = { key: "", since: 0 };
  for (;;) {
    const next = await nextDueStep(db, platformId, target, steps, skipped);
    if (!next) return ran;
    // The in-process worker (or another process's) may claim a step the moment the clock reaches it.
    // The clock stays put until it has finished, so the step runs at its due time and what it
    // schedules (the next webhook retry) lands at the right time inside this window and runs here.
    const key = `${next.id}@${next.at.getTime()}`;
    if (stall.key !== key) Object.assign(stall, { key, since: performance.now() });
    else if (performance.now() - stall.since > longestStallMs()) {
      skipped.push(next.id); // a crashed worker's lease, most likely: it runs once the lease runs out
      continue;
    }
    if (next.isHeld) {
      await new Promise((r) => setTimeout(r, HELD_POLL_MS));
      continue;
    }
    await setClockForward(db, platformId, next.at);
    // This step only: others due by now may be other requests' (the worker's).
    const batch =
      next.kind === "job"
        ? await runJobs(db, await claimDueJobs(db, { limit: 1, platformId, id: next.id, includeAbandoned: false }))
        : await runEventDeliveries(db, await claimDueEvents(db, { limit: 1, platformId, id: next.id }));
    ran.push(...batch);
    skipped.push(...batch.filter((r) => r.kind === DELIVER_WEBHOOK && r.status === "FAILED").map((r) => r.id));
    if (batch.length > 0) stall.key = "";
    else await new Promise((r) => setTimeout(r, HELD_POLL_MS)); // claimed elsewhere in between: the next look sees it held
  }
}

interface DueStep {
  id: string;
  kind: "job" | "event";
  at: Date;
  /** Claimed by a worker that is running it now (its lease not run out). */
  isHeld: boolean;
}

/**
 * The earliest of the advance's steps (its platform's jobs and webhook attempts that existed when
 * it began or that its steps wrote) due by `target`, whether a worker is running it now or it waits
 * to be claimed (an event held behind an earlier one of its resource falls due with it). A step in
 * flight is due by the platform's current time, so it comes before any step still ahead of the
 * clock.
 */
async function nextDueStep(db: Db, platformId: string, target: Date, steps: AdvanceSteps, skipped: string[]): Promise<DueStep | null> {
  const spawned = [...steps.spawned];
  const advances = (alias: "j" | "e") => {
    const a = Prisma.raw(alias); // a fixed identifier, never input
    const notSkipped = skipped.length > 0 ? Prisma.sql`AND ${a}."id" <> ALL(${skipped}::uuid[])` : Prisma.empty;
    const existed = Prisma.sql`${a}."createdAt" <= ${steps.existedBy}::timestamptz`;
    return Prisma.sql`AND ${spawned.length > 0 ? Prisma.sql`(${existed} OR ${a}."id" = ANY(${spawned}::uuid[]))` : existed} ${notSkipped}`;
  };
  const [row] = await db.$queryRaw<DueStep[]>`
    SELECT "id", "kind", "at", "isHeld" FROM (
      (SELECT j."id", 'job' AS "kind", j."runAt" AS "at", false AS "isHeld" FROM "Job" j
        WHERE j."platformId" = ${platformId}::uuid AND j."status" = 'PENDING' AND j."runAt" <= ${target}::timestamptz ${advances("j")}
        ORDER BY j."runAt" LIMIT 1)
      UNION ALL
      (SELECT j."id", 'job', j."runAt", true FROM "Job" j
        WHERE j."platformId" = ${platformId}::uuid AND j."status" = 'RUNNING' AND j."lockedUntil" >= now() AND j."runAt" <= ${target}::timestamptz ${advances("j")}
        ORDER BY j."runAt" LIMIT 1)
      UNION ALL
      (SELECT e."id", 'event', e."nextAttemptAt", e."lockedUntil" IS NOT NULL AND e."lockedUntil" >= now() FROM "WebhookEvent" e
        WHERE e."platformId" = ${platformId}::uuid AND e."nextAttemptAt" <= ${target}::timestamptz AND ${isNextOfItsResource("e")} ${advances("e")}
        ORDER BY e."nextAttemptAt", (e."lockedUntil" IS NOT NULL AND e."lockedUntil" >= now()) DESC LIMIT 1)
    ) "due"
    ORDER BY "at", "isHeld" DESC LIMIT 1`;
  return row ?? null;
}
