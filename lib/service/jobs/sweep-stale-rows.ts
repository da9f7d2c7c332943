import type { Db } from "../db";
import { LOOKUP_RETENTION_DAYS } from "../receivers/lookup-id";
import type { PasswordAttemptLimits } from "../staff/count-password-attempt";
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
 * Deletes the rows of `table` whose ctids `select` answers (at most BATCH). As an array, not
 * `ctid IN (select)`: the planner expects BATCH rows from the select and, on a table of less than
 * some 100,000 rows, would rather hash-join them to a scan of the whole table than look them up.
 */
const deleteRows = (table: string, select: string) => `DELETE FROM "${table}" WHERE ctid = ANY (ARRAY(
      ${select}))`;
/**
 * `table`'s rows (x) that `condition` finds stale on their platform's (p) clock, read platform by
 * platform as one range of its (platformId, <dated column>) index: the condition must bound that
 * column. (A plain join to "Platform" is planned as a scan of the whole table, live rows included,
 * as the planner cannot tell how many rows each clock expires.)
 */
const perPlatform = (table: string, condition: string) =>
  deleteRows(
    table,
    `SELECT x.ctid FROM "Platform" p CROSS JOIN LATERAL (
        SELECT x.ctid FROM "${table}" x WHERE x."platformId" = p."id" AND ${condition} LIMIT ${BATCH}) x
      LIMIT ${BATCH}`,
  );
/** `table`'s rows whose `expiresAt` lies `grace` behind their platform's clock. */
const expired = (table: string, grace: string) => perPlatform(table, `x."expiresAt" <= ${PLATFORM_NOW} - interval '${grace}'`);
/**
 * A staff password throttle's rows whose window and lockout are both over (wall clock). A lockout is
 * set within its window and lasts lockoutMs, so such a row's window started at least the shorter of
 * windowMs and lockoutMs ago: that bound reads them as one range of the windowStartedAt index,
 * never the running rows of a sign-in storm.
 */
const throttlesOver = (table: string, limits: PasswordAttemptLimits) =>
  deleteRows(
    table,
    `SELECT t.ctid FROM "${table}" t
      WHERE t."windowStartedAt" <= now() - ${Math.min(limits.windowMs, limits.lockoutMs)} * interval '1 millisecond'
        AND (t."lockedUntil" <= now() OR (t."lockedUntil" IS NULL AND t."windowStartedAt" <= now() - ${limits.windowMs} * interval '1 millisecond'))
      LIMIT ${BATCH}`,
  );
/** Expired rows an API still explains for a while ("session expired", not "unknown") are kept this long. */
const EXPLAINED_FOR = "30 days";

/**
 * The rows nothing reads again, and what deletes them (each statement deletes at most BATCH rows):
 * - idempotency keys past their 24 h retention on the platform's clock (a reuse of the key then runs afresh anyway);
 * - daily-volume totals and changes of days before yesterday on the platform's clock (limits read
 *   today's only; changes of a payer whose payments never fold would otherwise stay for ever);
 * - jobs that finished (DONE) a week ago on the wall clock. FAILED jobs stay for inspection;
 * - staff password throttles, per email and per client address, whose window and lockout are over
 *   (on the wall clock, as the throttle counts): such a row means what no row means, and guesses at
 *   many emails, or from many addresses, would pile them up;
 * - staff sessions past their expiry (findStaffSessionUser refuses them already);
 * - one-use and expiring rows of the wallet, SCA, KYC link, agent and ownership flows, one per
 *   login, challenge or link, once past `expiresAt` on the platform's clock by their grace (below).
 *   Within it an API still answers for an expired row ("session expired", "requestId expired",
 *   "link expired") rather than "unknown", and a request in flight still finds what it read.
 *   Active sessions (GET /auth/sessions) and unexpired challenges are never touched, and an expired
 *   row is refused anyway: a used requestId or OIDC token replayed after its row went still fails;
 * - receiver lookups LOOKUP_RETENTION_DAYS (30) after they were made, on the platform's clock. The
 *   spec gives a lookupId no validity period, but one row is written per lookup and, kept for ever,
 *   they would grow without bound; a month outlasts any quote flow, and a quote naming a swept
 *   lookupId is answered 404 LOOKUP_REQUEST_NOT_FOUND saying how long lookups are kept.
 * Rows with an expiry that stay: quotes, invitations, API tokens, stablecoin operations (the API
 * lists them), factor resets (GET answers EXPIRED; at most 5 a customer a day).
 * The sweeps on platform clocks go platform by platform through a (platformId, <date>) index (perPlatform;
 * daily-volume changes through the payer's (platformId, payerId, day): few are ever left unfolded);
 * the wall-clock ones through an index on their dated column (finished jobs: a partial one).
 */
export const SWEEPS = {
  idempotencyKeys: perPlatform("IdempotencyKey", `x."expiresAt" <= ${PLATFORM_NOW}`),
  dailyVolumeChanges: perPlatform("DailyVolumeChange", `x."day" < ${PLATFORM_TODAY} - 1`),
  dailyVolumes: perPlatform("DailyVolume", `x."day" < ${PLATFORM_TODAY} - 1`),
  receiverLookups: perPlatform("ReceiverLookup", `x."createdAt" <= ${PLATFORM_NOW} - ${LOOKUP_RETENTION_DAYS} * interval '1 day'`),
  // By when it finished ("updatedAt", on the wall clock as the worker marks it DONE): its "runAt" is on
  // the platform's clock, which may run days ahead (its jobs would stay) or lie long before the run.
  doneJobs: deleteRows("Job", `SELECT j.ctid FROM "Job" j WHERE j."status" = 'DONE' AND j."updatedAt" < now() - interval '${DONE_JOB_RETENTION}' LIMIT ${BATCH}`),
  staffSignInThrottles: throttlesOver("StaffSignInThrottle", PASSWORD_THROTTLE),
  staffSignInIpThrottles: throttlesOver("StaffSignInIpThrottle", SIGN_IN_IP_THROTTLE),
  staffSessions: deleteRows("StaffSession", `SELECT s.ctid FROM "StaffSession" s WHERE s."expiresAt" <= now() LIMIT ${BATCH}`),
  // Holds the HPKE private key of its code: gone soon after the code can no longer be used (verify
  // and the reissue wait treat an expired challenge as none).
  walletOtpChallenges: expired("WalletOtpChallenge", "10 minutes"),
  // Its expiresAt already outlives the token's acceptance (exp, or a day: the iat window is 65 s), as consumeOidcToken prunes.
  walletOidcTokenUses: expired("WalletOidcTokenUse", "0 seconds"),
  walletSignedRequests: expired("WalletSignedRequest", EXPLAINED_FOR),
  walletAuthSessions: expired("WalletAuthSession", EXPLAINED_FOR),
  scaChallenges: expired("ScaChallenge", EXPLAINED_FOR),
  kycLinks: expired("KycLink", EXPLAINED_FOR),
  agentDeviceCodes: expired("AgentDeviceCode", EXPLAINED_FOR),
  ownershipChallenges: expired("ExternalAccountOwnershipChallenge", EXPLAINED_FOR),
} as const;

/**
 * Deletes rows that only take space (SWEEPS), in batches; the worker runs it every few minutes so
 * a long-lived sandbox does not grow without bound. Safe beside live traffic and other workers:
 * nothing deleted is read or locked by a request. Answers how many rows of each kind went.
 */
export async function sweepStaleRows(db: Db): Promise<Record<keyof typeof SWEEPS, number>> {
  const deleted = Object.fromEntries(Object.keys(SWEEPS).map((kind) => [kind, 0])) as Record<keyof typeof SWEEPS, number>;
  for (const [kind, statement] of Object.entries(SWEEPS) as [keyof typeof SWEEPS, string][]) {
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const count = await db.$executeRawUnsafe(statement);
      deleted[kind] += count;
      if (count < BATCH) break;
    }
  }
  return deleted;
}
