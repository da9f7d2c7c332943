import type { Db } from "../db";
import { PASSWORD_THROTTLE, SIGN_IN_IP_THROTTLE } from "../staff/throttle-password-check";

/** Rows deleted per statement: short statements, so a sweep never holds many row locks at once. */
const BATCH = 5_000;
/** Statements per kind and sweep; what is left waits for the next sweep. */
const MAX_BATCHES = 20;
/** Finished jobs are kept this long for support to look at, then deleted. */
const DONE_JOB_RETENTION = "7 days";

// Each platform's "now" is its sandbox clock (wall clock + clockOffsetMs; it only moves forward).
const PLATFORM_NOW = `now() + p."clockOffsetMs" * interval '1 millisecond'`;
const PLATFORM_TODAY = `((${PLATFORM_NOW}) AT TIME ZONE 'UTC')::date`;

/**
 * The rows nothing reads again, and what deletes them (each statement deletes at most BATCH rows):
 * - idempotency keys past their 24 h retention (a reuse of the key then runs afresh anyway);
 * - daily-volume totals and changes of days before yesterday on the platform's clock (limits read
 *   today's only; changes of a payer whose payments never fold would otherwise stay for ever);
 * - jobs that finished (DONE) a week ago. FAILED jobs stay for inspection;
 * - staff password throttles, per email and per client address, whose window and lockout are over
 *   (on the wall clock, as the throttle counts): such a row means what no row means, and guesses at
 *   many emails, or from many addresses, would pile them up;
 * - staff sessions past their expiry (findStaffSessionUser refuses them already).
 */
const SWEEPS = {
  idempotencyKeys: `DELETE FROM "IdempotencyKey" WHERE ctid IN (
      SELECT k.ctid FROM "IdempotencyKey" k JOIN "Platform" p ON p."id" = k."platformId"
      WHERE k."expiresAt" <= ${PLATFORM_NOW} LIMIT ${BATCH})`,
  dailyVolumeChanges: `DELETE FROM "DailyVolumeChange" WHERE ctid IN (
      SELECT c.ctid FROM "DailyVolumeChange" c JOIN "Platform" p ON p."id" = c."platformId"
      WHERE c."day" < ${PLATFORM_TODAY} - 1 LIMIT ${BATCH})`,
  dailyVolumes: `DELETE FROM "DailyVolume" WHERE ctid IN (
      SELECT v.ctid FROM "DailyVolume" v JOIN "Platform" p ON p."id" = v."platformId"
      WHERE v."day" < ${PLATFORM_TODAY} - 1 LIMIT ${BATCH})`,
  doneJobs: `DELETE FROM "Job" WHERE ctid IN (
      SELECT j.ctid FROM "Job" j WHERE j."status" = 'DONE' AND j."runAt" < now() - interval '${DONE_JOB_RETENTION}' LIMIT ${BATCH})`,
  staffSignInThrottles: `DELETE FROM "StaffSignInThrottle" WHERE ctid IN (
      SELECT t.ctid FROM "StaffSignInThrottle" t
      WHERE t."lockedUntil" <= now() OR (t."lockedUntil" IS NULL AND t."windowStartedAt" <= now() - ${PASSWORD_THROTTLE.windowMs} * interval '1 millisecond')
      LIMIT ${BATCH})`,
  staffSignInIpThrottles: `DELETE FROM "StaffSignInIpThrottle" WHERE ctid IN (
      SELECT t.ctid FROM "StaffSignInIpThrottle" t
      WHERE t."lockedUntil" <= now() OR (t."lockedUntil" IS NULL AND t."windowStartedAt" <= now() - ${SIGN_IN_IP_THROTTLE.windowMs} * interval '1 millisecond')
      LIMIT ${BATCH})`,
  staffSessions: `DELETE FROM "StaffSession" WHERE ctid IN (
      SELECT s.ctid FROM "StaffSession" s WHERE s."expiresAt" <= now() LIMIT ${BATCH})`,
} as const;

/**
 * Deletes rows that only take space (SWEEPS), in batches; the worker runs it every few minutes so
 * a long-lived sandbox does not grow without bound. Safe beside live traffic and other workers:
 * nothing deleted is read or locked by a request. Answers how many rows of each kind went.
 */
export async function sweepStaleRows(db: Db): Promise<Record<keyof typeof SWEEPS, number>> {
  const deleted = { idempotencyKeys: 0, dailyVolumeChanges: 0, dailyVolumes: 0, doneJobs: 0, staffSignInThrottles: 0, staffSignInIpThrottles: 0, staffSessions: 0 };
  for (const [kind, statement] of Object.entries(SWEEPS) as [keyof typeof SWEEPS, string][]) {
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const count = await db.$executeRawUnsafe(statement);
      deleted[kind] += count;
      if (count < BATCH) break;
    }
  }
  return deleted;
}
