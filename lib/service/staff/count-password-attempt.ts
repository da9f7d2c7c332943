import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "../db";

/** A counter's rule: wrong passwords per window, and the lockout the one that reaches the limit starts. */
export interface PasswordAttemptLimits {
  /** Failures per window; the attempt that reaches it starts the lockout. */
  maxFailures: number;
  /** The count starts again this long after the window's first attempt. */
  windowMs: number;
  /** How long every attempt is refused, the right password included. */
  lockoutMs: number;
}

/** The tables that count password attempts, each keyed by one text column (closed: spliced into SQL). */
const COUNTERS = {
  email: { table: Prisma.raw(`"StaffSignInThrottle"`), key: Prisma.raw(`"email"`) },
  clientIp: { table: Prisma.raw(`"StaffSignInIpThrottle"`), key: Prisma.raw(`"ip"`) },
} as const;

export type PasswordAttemptCounter = keyof typeof COUNTERS;

export interface CountedAttempt {
  /** This attempt's place in the window: above maxFailures means refused unchecked. */
  failures: number;
  lockedUntil: Date | null;
  windowStartedAt: Date;
}

/**
 * Counts one attempt for `key` in one statement: a new row, a new window (the old one, or its
 * lockout, is over), or one more attempt; the attempt that reaches maxFailures sets the lockout. So
 * concurrent attempts each get their own count. Column names on the right of SET read the row as
 * it was before this statement.
 */
export async function countPasswordAttempt(db: Db, counter: PasswordAttemptCounter, key: string, limits: PasswordAttemptLimits, now: Date): Promise<CountedAttempt> {
  const { table, key: column } = COUNTERS[counter];
  const windowOpenedAfter = new Date(now.getTime() - limits.windowMs);
  const lockUntil = new Date(now.getTime() + limits.lockoutMs);
  const isOver = Prisma.sql`(t."lockedUntil" <= ${now}::timestamptz OR (t."lockedUntil" IS NULL AND t."windowStartedAt" <= ${windowOpenedAfter}::timestamptz))`;
  const firstLock = Prisma.sql`CASE WHEN 1 >= ${limits.maxFailures}::int THEN ${lockUntil}::timestamptz END`;
  const [row] = await db.$queryRaw<CountedAttempt[]>`
    INSERT INTO ${table} AS t (${column}, "failures", "windowStartedAt", "lockedUntil")
    VALUES (${key}, 1, ${now}::timestamptz, ${firstLock})
    ON CONFLICT (${column}) DO UPDATE SET
      "failures" = CASE WHEN ${isOver} THEN 1 ELSE t."failures" + 1 END,
      "windowStartedAt" = CASE WHEN ${isOver} THEN ${now}::timestamptz ELSE t."windowStartedAt" END,
      "lockedUntil" = CASE
        WHEN ${isOver} THEN ${firstLock}
        WHEN t."lockedUntil" IS NOT NULL THEN t."lockedUntil"
        WHEN t."failures" + 1 >= ${limits.maxFailures}::int THEN ${lockUntil}::timestamptz
      END
    RETURNING "failures", "lockedUntil", "windowStartedAt"`;
  if (!row) throw new Error("INSERT … ON CONFLICT DO UPDATE … RETURNING answered no row");
  return row;
}

/**
 * Takes back an attempt counted by countPasswordAttempt that turned out right, so only failures
 * stay counted; the lockout it set, if any, goes with it unless other attempts still reach the
 * limit. Nothing when the window it was counted in is over meanwhile.
 */
export async function takeBackPasswordAttempt(db: Db, counter: PasswordAttemptCounter, key: string, limits: PasswordAttemptLimits, attempt: CountedAttempt): Promise<void> {
  const { table, key: column } = COUNTERS[counter];
  await db.$executeRaw`
    UPDATE ${table} SET
      "failures" = "failures" - 1,
      "lockedUntil" = CASE WHEN "failures" - 1 >= ${limits.maxFailures}::int THEN "lockedUntil" END
    WHERE ${column} = ${key} AND "windowStartedAt" = ${attempt.windowStartedAt}::timestamptz AND "failures" > 0`;
}
