import type { Db } from "../db";
import { parseId } from "../http/ids";
import { wallClock } from "../sandbox/clock";
import { sessionStampOf } from "./session-stamp";
import { STAFF_SESSION_SELECT, toStaffSessionUser, type StaffSessionUser } from "./staff-session-user";
import { isStaffSessionId } from "./staff-sessions";

/**
 * The staff user behind a dashboard session, read fresh on every request (one query by primary key)
 * so that a role change applies to the next request. Null when the session was signed out or is
 * past its expiry (its StaffSession row is gone or old), when the user was removed, or when the
 * password changed since the session signed in (its stamp no longer matches): the session is over.
 */
export async function findStaffSessionUser(
  db: Db,
  session: { staffId: string; sessionStamp: string; sessionId: string },
  now: Date = wallClock(),
): Promise<StaffSessionUser | null> {
  const staffId = parseId("StaffUser", session.staffId, { allowBare: true });
  if (!staffId || !isStaffSessionId(session.sessionId)) return null;
  const row = await db.staffSession.findUnique({ where: { id: session.sessionId }, select: { staffUserId: true, expiresAt: true, staffUser: { select: STAFF_SESSION_SELECT } } });
  if (!row || row.staffUserId !== staffId || row.expiresAt <= now) return null;
  const user = row.staffUser;
  if (sessionStampOf(user.passwordHash) !== session.sessionStamp) return null;
  return toStaffSessionUser(user);
}
