import type { StaffRole } from "./roles";

/** A row of the Team page. */
export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  /** ISO 8601: when the member was added. */
  createdAt: string;
}

export function serializeStaffMember(row: { id: string; name: string; email: string; role: StaffRole; createdAt: Date }): StaffMember {
  return { id: row.id, name: row.name, email: row.email, role: row.role, createdAt: row.createdAt.toISOString() };
}
