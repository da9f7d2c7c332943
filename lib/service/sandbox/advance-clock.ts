import type { Db } from "../db";
import { runDueJobs, type RanJob } from "../jobs/run-jobs";
import { forgetClockOffset, now } from "./clock";

/**
 * Moves a sandbox platform's clock forward and runs, in order, every job that falls due in
 * between — including those the jobs themselves schedule inside the window. This is how
 * "completes after 6 minutes" is tested without sleeping.
 */
export async function advanceClock(db: Db, platformId: string, seconds: number): Promise<{ now: string; ran: RanJob[] }> {
  await db.platform.update({ where: { id: platformId }, data: { clockOffsetMs: { increment: BigInt(seconds) * 1000n } } });
  forgetClockOffset(platformId);
  const ran = await runDueJobs(db, { platformId });
  return { now: (await now(db, platformId)).toISOString(), ran };
}
