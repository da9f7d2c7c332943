import type { Db } from "../db";
import { parseId } from "../http/ids";
import { sessionStampOf } from "./session-stamp";
import { STAFF_SESSION_SELECT, toStaffSessionUser, type StaffSessionUser } from "./staff-session-user";

/**
 * The staff user behind a dashboard session, read fresh on every request (one query by primary key)
 * so that a role change applies to the next request. Null when the user was removed, or when the
 * password changed since the session signed in (its stamp no longer matches): the session is over.
 */
export async function findStaffSessionUser(db: Db, session: { staffId: string; sessionStamp: string }): Promise<StaffSessionUser | null> {
  const id = parseId("StaffUser", session.staffId, { allowBare: true });
  if (!id) return null;
  const user = await db.staffUser.findUnique({ where: { id }, select: STAFF_SESSION_SELECT });
  if (!user || sessionStampOf(user.passwordHash) !== session.sessionStamp) return null;
  return toStaffSessionUser(user);
}
