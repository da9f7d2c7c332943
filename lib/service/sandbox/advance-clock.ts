import type { Db } from "../db";
import { runDueJobs, type RanJob } from "../jobs/run-jobs";
import { isNextOfItsResource } from "../webhooks/deliver-event";
import { now, setClockForward } from "./clock";

/**
 * Moves a sandbox platform's clock forward and runs, in order, every job and webhook attempt that
 * falls due in between. The clock steps to each one's due time before it runs, so what a step
 * schedules (a webhook retry 10 s later, a payment step) is placed where it would have been in
 * real time and runs too if it still falls inside the window. This is how "completes after 6 minutes" is tested
 * without sleeping.
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

async function advanceFromNow(db: Db, platformId: string, seconds: number): Promise<{ now: string; ran: RanJob[] }> {
  const target = new Date((await now(db, platformId)).getTime() + seconds * 1000);
  const ran: RanJob[] = [];
  for (;;) {
    const next = await nextDueAt(db, platformId, target);
    if (!next) break;
    await setClockForward(db, platformId, next);
    const batch = await runDueJobs(db, { platformId });
    ran.push(...batch);
    if (batch.length === 0) break; // due but claimed elsewhere (another worker): let it finish there
  }
  await setClockForward(db, platformId, target);
  return { now: (await now(db, platformId)).toISOString(), ran };
}

/** When the platform's next job or webhook attempt falls due, if by `target` (an event held behind an earlier one of its resource falls due with it). */
async function nextDueAt(db: Db, platformId: string, target: Date): Promise<Date | null> {
  const [row] = await db.$queryRaw<{ at: Date | null }[]>`
    SELECT least(
      (SELECT min("runAt") FROM "Job" WHERE "platformId" = ${platformId}::uuid AND "status" = 'PENDING' AND "runAt" <= ${target}::timestamptz),
      (SELECT min("nextAttemptAt") FROM "WebhookEvent" e WHERE "platformId" = ${platformId}::uuid AND "nextAttemptAt" <= ${target}::timestamptz
        AND ("lockedUntil" IS NULL OR "lockedUntil" < now()) AND ${isNextOfItsResource("e")})
    ) AS "at"`;
  return row?.at ?? null;
}
