import { randomUUID } from "node:crypto";
import type { Db } from "../db";
import { createPlatform } from "../platforms/create-platform";
import { createStaffUser } from "../staff/create-staff-user";
import type { StaffRole } from "../staff/roles";

export const TEST_STAFF_PASSWORD = "test-password-0001";

/**
 * A staff user of `platformId` with a unique email and TEST_STAFF_PASSWORD, a password of their own
 * unless `hasTemporaryPassword` (as if an admin had set it).
 */
export async function createTestStaff(db: Db, platformId: string, role: StaffRole, options: { hasTemporaryPassword?: boolean } = {}) {
  const email = `${role.toLowerCase()}-${randomUUID()}@example.com`;
  const hasTemporaryPassword = options.hasTemporaryPassword ?? false;
  const row = await createStaffUser(db, { platformId, email, name: `Test ${role.toLowerCase()}`, role, password: TEST_STAFF_PASSWORD, hasTemporaryPassword });
  return { id: row.id, email, role, password: TEST_STAFF_PASSWORD };
}

/** A new platform with one admin. */
export async function createTestTeam(db: Db) {
  const platform = await createPlatform(db, { name: `Team platform ${randomUUID().slice(0, 8)}` });
  const admin = await createTestStaff(db, platform.id, "ADMIN");
  return { platformId: platform.id, admin, add: (role: StaffRole, options?: { hasTemporaryPassword?: boolean }) => createTestStaff(db, platform.id, role, options) };
}
