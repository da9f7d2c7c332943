import type { Db } from "../db";
import { verifySecret } from "../crypto/password";
import { wallClock } from "../sandbox/clock";
import { sessionStampOf } from "./session-stamp";
import { STAFF_SESSION_SELECT, toStaffSessionUser, type StaffSessionUser } from "./staff-session-user";
import { startStaffSession } from "./staff-sessions";
import { throttlePasswordCheck } from "./throttle-password-check";

/** A successful sign-in: the user, the stamp the session keeps and the session opened (see findStaffSessionUser). */
export interface StaffLogin extends StaffSessionUser {
  sessionStamp: string;
  sessionId: string;
}

// A fixed dummy hash keeps the timing of "unknown email" close to "wrong password".
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/**
 * Staff sign-in check, throttled per email and, given the client's address, per address
 * (throttlePasswordCheck): an unknown email is counted and locked like a known one. Returns null
 * for any wrong email/password pair; a right one opens a session (startStaffSession). Without `clientIp` (no trustworthy address) only the email's
 * limit applies; `ipMaxFailures` replaces the default per-address limit. `now` is for tests.
 * Throws: TOO_MANY_ATTEMPTS, TOO_MANY_ATTEMPTS_FROM_IP (StaffError with retryAfterSeconds), whatever the password.
 */
export async function verifyStaffLogin(db: Db, email: string, password: string, options: { now?: Date; clientIp?: string | null; ipMaxFailures?: number } = {}): Promise<StaffLogin | null> {
  const user = await db.staffUser.findUnique({ where: { email: email.trim().toLowerCase() }, select: STAFF_SESSION_SELECT });
  const isCorrect = () => verifySecret(password, user?.passwordHash ?? DUMMY_HASH).then((ok) => ok && user !== null);
  const now = options.now ?? wallClock();
  if (!(await throttlePasswordCheck(db, { email, clientIp: options.clientIp, ipMaxFailures: options.ipMaxFailures, now }, isCorrect)) || !user) return null;
  return { ...toStaffSessionUser(user), sessionStamp: sessionStampOf(user.passwordHash), sessionId: await startStaffSession(db, user.id, now) };
}
