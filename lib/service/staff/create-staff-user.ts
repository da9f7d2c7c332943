import type { DbOrTx } from "../db";
import { uuidv7 } from "../http/ids";
import { hashSecret } from "../crypto/password";
import type { StaffRole } from "./roles";

export async function createStaffUser(db: DbOrTx, input: { platformId: string; email: string; name: string; role: StaffRole; password: string }) {
  return db.staffUser.create({
    data: {
      id: uuidv7(),
      platformId: input.platformId,
      email: input.email.trim().toLowerCase(),
      name: input.name,
      role: input.role,
      passwordHash: await hashSecret(input.password),
    },
  });
}
