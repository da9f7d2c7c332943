import type { Db } from "../db";
import { verifySecret } from "../crypto/password";
import { ROLE_PERMISSIONS, type StaffRole } from "./roles";
import { sessionStampOf } from "./session-stamp";
import { STAFF_SESSION_SELECT, toStaffSessionUser, type StaffSessionUser } from "./staff-session-user";

export type { StaffSessionUser } from "./staff-session-user";

/** A successful sign-in: the user and the stamp the session keeps (see findStaffSessionUser). */
export interface StaffLogin extends StaffSessionUser {
  sessionStamp: string;
}

// A fixed dummy hash keeps the timing of "unknown email" close to "wrong password".
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** Staff sign-in check. Returns null for any wrong email/password pair. */
export async function verifyStaffLogin(db: Db, email: string, password: string): Promise<StaffLogin | null> {
  const user = await db.staffUser.findUnique({ where: { email: email.trim().toLowerCase() }, select: STAFF_SESSION_SELECT });
  const ok = await verifySecret(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) return null;
  return { ...toStaffSessionUser(user), sessionStamp: sessionStampOf(user.passwordHash) };
}

export function permissionsOf(role: StaffRole) {
  return ROLE_PERMISSIONS[role];
}
