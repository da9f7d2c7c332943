import type { StaffRole } from "./roles";

/** A row of the Team page. */
export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  /** Still on a password an admin set: they have not signed in and chosen their own yet. */
  hasTemporaryPassword: boolean;
  /** ISO 8601: when the member was added. */
  createdAt: string;
}

export function serializeStaffMember(row: { id: string; name: string; email: string; role: StaffRole; hasTemporaryPassword: boolean; createdAt: Date }): StaffMember {
  return { id: row.id, name: row.name, email: row.email, role: row.role, hasTemporaryPassword: row.hasTemporaryPassword, createdAt: row.createdAt.toISOString() };
}
