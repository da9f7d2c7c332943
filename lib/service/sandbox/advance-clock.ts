import type { Db } from "../db";
import { runDueJobs, type RanJob } from "../jobs/run-jobs";
import { now, setClockForward } from "./clock";

/**
 * Moves a sandbox platform's clock forward and runs, in order, every job that falls due in
 * between. The clock steps to each job's due time before it runs, so what a job schedules (a
 * webhook retry 10 s later, a payment step) is placed where it would have been in real time and
 * runs too if it still falls inside the window. This is how "completes after 6 minutes" is tested
 * without sleeping.
 */
export async function advanceClock(db: Db, platformId: string, seconds: number): Promise<{ now: string; ran: RanJob[] }> {
  const target = new Date((await now(db, platformId)).getTime() + seconds * 1000);
  const ran: RanJob[] = [];
  for (;;) {
    const next = await db.job.findFirst({
      where: { platformId, status: "PENDING", runAt: { lte: target } },
      orderBy: [{ runAt: "asc" }, { id: "asc" }],
      select: { runAt: true },
    });
    if (!next) break;
    await setClockForward(db, platformId, next.runAt);
    const batch = await runDueJobs(db, { platformId });
    ran.push(...batch);
    if (batch.length === 0) break; // due but claimed elsewhere (another worker): let it finish there
  }
  await setClockForward(db, platformId, target);
  return { now: (await now(db, platformId)).toISOString(), ran };
}
