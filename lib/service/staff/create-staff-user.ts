import type { DbOrTx } from "../db";
import { uuidv7 } from "../http/ids";
import { hashSecret } from "../crypto/password";
import type { StaffRole } from "./roles";

/**
 * Inserts a staff user. `hasTemporaryPassword`: someone other than the user chose or saw the
 * password (an admin adding them, a generated first-start password), so the user must choose their
 * own before using the dashboard. Every caller decides; there is no default.
 */
export async function createStaffUser(db: DbOrTx, input: { platformId: string; email: string; name: string; role: StaffRole; password: string; hasTemporaryPassword: boolean }) {
  return db.staffUser.create({
    data: {
      id: uuidv7(),
      platformId: input.platformId,
      email: input.email.trim().toLowerCase(),
      name: input.name,
      role: input.role,
      passwordHash: await hashSecret(input.password),
      hasTemporaryPassword: input.hasTemporaryPassword,
    },
  });
}
