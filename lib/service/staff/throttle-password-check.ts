import type { Db } from "../db";
import { clientIpKey } from "./client-ip-key";
import { countPasswordAttempt, takeBackPasswordAttempt, type CountedAttempt, type PasswordAttemptLimits } from "./count-password-attempt";
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
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockoutMs: 15 * 60_000,
} as const satisfies PasswordAttemptLimits;

/**
 * How many failed sign-ins one client address (clientIpKey) may make, whatever the emails, before
 * every sign-in from it is refused. Without it one address could guess 5 times at every email it
 * knows, and lock them all. 20 is four emails' worth of lockouts: room for a team's typos behind
 * one office NAT, while one address gets 20 guesses per quarter hour in all and can lock at most 4
 * emails per quarter hour. A successful sign-in takes back only its own count, so a guesser who
 * also holds a valid sign-in cannot reset it. A server may set another maxFailures
 * (STAFF_SIGN_IN_IP_MAX_FAILURES, lib/auth/client-ip.ts); window and lockout stay.
 */
export const SIGN_IN_IP_THROTTLE = {
  maxFailures: 20,
  windowMs: 15 * 60_000,
  lockoutMs: 15 * 60_000,
} as const satisfies PasswordAttemptLimits;

/**
 * Runs `isCorrect` (one password check for `email`) under the throttles, shared by sign-in and
 * password change, and answers its result. With `clientIp` (sign-in), the attempt is first counted
 * for the address: an address over SIGN_IN_IP_THROTTLE is refused before the email is counted or
 * the password checked. Then it is counted for the email (PASSWORD_THROTTLE). Each count is one
 * conditional UPSERT made before the check (countPasswordAttempt), so a burst of concurrent attempts
 * each get their own count and at most maxFailures of them reach the check; an attempt that is
 * refused or never finishes stays counted. A correct password deletes the email's count and takes
 * back the address's. Counts are per lowercased email whether or not a staff user has it. `now` is
 * the wall clock (staff sign-in is not on any platform's sandbox clock). `ipMaxFailures` replaces
 * SIGN_IN_IP_THROTTLE's maxFailures.
 * Throws: TOO_MANY_ATTEMPTS_FROM_IP (the address is locked, or this wrong password locked it),
 * TOO_MANY_ATTEMPTS (the email is locked, or this wrong password locked it).
 */
export async function throttlePasswordCheck(
  db: Db,
  input: { email: string; clientIp?: string | null; ipMaxFailures?: number; now: Date },
  isCorrect: () => Promise<boolean>,
): Promise<boolean> {
  const ip = clientIpKey(input.clientIp);
  const ipLimits = { ...SIGN_IN_IP_THROTTLE, maxFailures: input.ipMaxFailures ?? SIGN_IN_IP_THROTTLE.maxFailures };
  const byIp = ip === null ? null : await countPasswordAttempt(db, "clientIp", ip, ipLimits, input.now);
  if (byIp && byIp.failures > ipLimits.maxFailures) throw tooManyAttempts("TOO_MANY_ATTEMPTS_FROM_IP", byIp, ipLimits, input.now);
  if (await checkUnderEmailThrottle(db, input.email, input.now, isCorrect)) {
    if (ip !== null && byIp) await takeBackPasswordAttempt(db, "clientIp", ip, ipLimits, byIp);
    return true;
  }
  if (byIp && byIp.failures === ipLimits.maxFailures) throw tooManyAttempts("TOO_MANY_ATTEMPTS_FROM_IP", byIp, ipLimits, input.now);
  return false;
}

async function checkUnderEmailThrottle(db: Db, rawEmail: string, now: Date, isCorrect: () => Promise<boolean>): Promise<boolean> {
  const email = rawEmail.trim().toLowerCase();
  // No staff user can have it (StaffEmailSchema), so it can only be wrong: no row for it.
  if (email.length > MAX_EMAIL_LENGTH) return false;
  const attempt = await countPasswordAttempt(db, "email", email, PASSWORD_THROTTLE, now);
  if (attempt.failures > PASSWORD_THROTTLE.maxFailures) throw tooManyAttempts("TOO_MANY_ATTEMPTS", attempt, PASSWORD_THROTTLE, now);
  if (await isCorrect()) {
    await db.staffSignInThrottle.deleteMany({ where: { email } });
    return true;
  }
  if (attempt.failures === PASSWORD_THROTTLE.maxFailures) throw tooManyAttempts("TOO_MANY_ATTEMPTS", attempt, PASSWORD_THROTTLE, now);
  return false;
}

const REFUSALS = {
  TOO_MANY_ATTEMPTS: "Too many wrong passwords for this email.",
  TOO_MANY_ATTEMPTS_FROM_IP: "Too many failed sign-ins from this address, whatever the email.",
} as const;

function tooManyAttempts(code: keyof typeof REFUSALS, attempt: CountedAttempt, limits: PasswordAttemptLimits, now: Date): StaffError {
  // lockedUntil is set whenever failures reached maxFailures; a full lockout is the fallback.
  const until = attempt.lockedUntil?.getTime() ?? now.getTime() + limits.lockoutMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new StaffError(code, `${REFUSALS[code]} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, undefined, { retryAfterSeconds });
}
