import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { MAX_EMAIL_LENGTH } from "./schemas";
import { StaffError } from "./staff-error";

/**
 * How many wrong staff passwords an email may take (OWASP API2, ASVS 2.2.1). 5 leaves room for a
 * typo, caps lock and a half-remembered password; past that an online guesser gets 5 guesses per
 * quarter hour (under 500 a day, against passwords of at least 12 characters). A 15-minute lockout
 * is short enough to wait out, which matters because anyone who knows an email can lock it (the
 * known cost of a per-account lockout). A correct password clears the count.
 */
export const PASSWORD_THROTTLE = {
  /** Wrong passwords per window; the attempt that reaches it starts the lockout. */
  maxFailures: 5,
  /** The count starts again this long after the window's first attempt. */
  windowMs: 15 * 60_000,
  /** How long every attempt for the email is refused, the right password included. */
  lockoutMs: 15 * 60_000,
} as const;

/**
 * Runs `isCorrect` (one password check for `email`) under the email's throttle, shared by sign-in
 * and password change, and answers its result. The attempt is counted before the check, in one
 * conditional UPSERT, so a burst of concurrent attempts each get their own count and at most
 * `maxFailures` of them reach the check; an attempt that is refused or never finishes stays counted.
 * A correct password deletes the count. Counts are per lowercased email whether or not a staff
 * user has it. `now` is the wall clock (staff sign-in is not on any platform's sandbox clock).
 * Throws: TOO_MANY_ATTEMPTS (the email is locked, or this wrong password locked it).
 */
export async function throttlePasswordCheck(db: Db, input: { email: string; now: Date }, isCorrect: () => Promise<boolean>): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  // No staff user can have it (StaffEmailSchema), so it can only be wrong: no row for it.
  if (email.length > MAX_EMAIL_LENGTH) return false;
  const attempt = await countAttempt(db, email, input.now);
  if (attempt.failures > PASSWORD_THROTTLE.maxFailures) throw tooManyAttempts(attempt.lockedUntil, input.now);
  if (await isCorrect()) {
    await db.staffSignInThrottle.deleteMany({ where: { email } });
    return true;
  }
  if (attempt.failures === PASSWORD_THROTTLE.maxFailures) throw tooManyAttempts(attempt.lockedUntil, input.now);
  return false;
}

/**
 * One statement: a new row, a new window (the old one, or its lockout, is over), or one more
 * attempt; the attempt that reaches maxFailures sets the lockout. Column names on the right of
 * SET read the row as it was before this statement.
 */
async function countAttempt(db: Db, email: string, now: Date): Promise<{ failures: number; lockedUntil: Date | null }> {
  const { maxFailures, windowMs, lockoutMs } = PASSWORD_THROTTLE;
  const windowOpenedAfter = new Date(now.getTime() - windowMs);
  const lockUntil = new Date(now.getTime() + lockoutMs);
  const isOver = Prisma.sql`(t."lockedUntil" <= ${now}::timestamptz OR (t."lockedUntil" IS NULL AND t."windowStartedAt" <= ${windowOpenedAfter}::timestamptz))`;
  const firstLock = Prisma.sql`CASE WHEN 1 >= ${maxFailures}::int THEN ${lockUntil}::timestamptz END`;
  const [row] = await db.$queryRaw<{ failures: number; lockedUntil: Date | null }[]>`
    INSERT INTO "StaffSignInThrottle" AS t ("email", "failures", "windowStartedAt", "lockedUntil")
    VALUES (${email}, 1, ${now}::timestamptz, ${firstLock})
    ON CONFLICT ("email") DO UPDATE SET
      "failures" = CASE WHEN ${isOver} THEN 1 ELSE t."failures" + 1 END,
      "windowStartedAt" = CASE WHEN ${isOver} THEN ${now}::timestamptz ELSE t."windowStartedAt" END,
      "lockedUntil" = CASE
        WHEN ${isOver} THEN ${firstLock}
        WHEN t."lockedUntil" IS NOT NULL THEN t."lockedUntil"
        WHEN t."failures" + 1 >= ${maxFailures}::int THEN ${lockUntil}::timestamptz
      END
    RETURNING "failures", "lockedUntil"`;
  if (!row) throw new Error("INSERT … ON CONFLICT DO UPDATE … RETURNING answered no row");
  return row;
}

function tooManyAttempts(lockedUntil: Date | null, now: Date): StaffError {
  // lockedUntil is set whenever failures reached maxFailures; the window's end is the fallback.
  const until = lockedUntil?.getTime() ?? now.getTime() + PASSWORD_THROTTLE.lockoutMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new StaffError("TOO_MANY_ATTEMPTS", `Too many wrong passwords for this email. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, undefined, { retryAfterSeconds });
}
