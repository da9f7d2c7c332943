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
 * `table`'s rows whose `expiresAt` lies `grace` behind their platform's clock, read platform by
 * platform as one range of its (platformId, expiresAt) index. (A plain join to "Platform" is
 * planned as a scan of the whole table, as the planner cannot tell how many rows each clock expires.)
 */
const expired = (table: string, grace: string) => `DELETE FROM "${table}" WHERE ctid IN (
      SELECT x.ctid FROM "Platform" p CROSS JOIN LATERAL (
        SELECT x.ctid FROM "${table}" x WHERE x."platformId" = p."id" AND x."expiresAt" <= ${PLATFORM_NOW} - interval '${grace}' LIMIT ${BATCH}) x
      LIMIT ${BATCH})`;
/** Expired rows an API still explains for a while ("session expired", not "unknown") are kept this long. */
const EXPLAINED_FOR = "30 days";

/**
 * The rows nothing reads again, and what deletes them (each statement deletes at most BATCH rows):
 * - idempotency keys past their 24 h retention (a reuse of the key then runs afresh anyway);
 * - daily-volume totals and changes of days before yesterday on the platform's clock (limits read
 *   today's only; changes of a payer whose payments never fold would otherwise stay for ever);
 * - jobs that finished (DONE) a week ago. FAILED jobs stay for inspection;
 * - staff password throttles, per email and per client address, whose window and lockout are over
 *   (on the wall clock, as the throttle counts): such a row means what no row means, and guesses at
 *   many emails, or from many addresses, would pile them up;
 * - staff sessions past their expiry (findStaffSessionUser refuses them already);
 * - one-use and expiring rows of the wallet, SCA, KYC link, agent and ownership flows, one per
 *   login, challenge or link, once past `expiresAt` on the platform's clock by their grace (below).
 *   Within it an API still answers for an expired row ("session expired", "requestId expired",
 *   "link expired") rather than "unknown", and a request in flight still finds what it read.
 *   Active sessions (GET /auth/sessions) and unexpired challenges are never touched, and an expired
 *   row is refused anyway: a used requestId or OIDC token replayed after its row went still fails.
 * Rows with an expiry that stay: quotes, invitations, API tokens, stablecoin operations (the API
 * lists them), factor resets (GET answers EXPIRED; at most 5 a customer a day), receiver lookups
 * (a lookupId has no expiry: POST /quotes accepts it for good).
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
