import type { Db } from "../db";
import { verifySecret } from "../crypto/password";
import { ROLE_PERMISSIONS, type StaffRole } from "./roles";

export interface StaffSessionUser {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  platformId: string;
  platformName: string;
  environment: "SANDBOX" | "PRODUCTION";
}

// A fixed dummy hash keeps the timing of "unknown email" close to "wrong password".
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** Staff sign-in check. Returns null for any wrong email/password pair. */
export async function verifyStaffLogin(db: Db, email: string, password: string): Promise<StaffSessionUser | null> {
  const user = await db.staffUser.findUnique({ where: { email: email.trim().toLowerCase() }, include: { platform: { select: { name: true, environment: true } } } });
  const ok = await verifySecret(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, platformId: user.platformId, platformName: user.platform.name, environment: user.platform.environment };
}

export function permissionsOf(role: StaffRole) {
  return ROLE_PERMISSIONS[role];
}
