import type { Db } from "../db";
import { serializeStaffMember, type StaffMember } from "./serialize-staff-member";

/** The platform's staff users, first added first. A team is a handful of people, so there is no paging. */
export async function listStaffUsers(db: Db, platformId: string): Promise<StaffMember[]> {
  const rows = await db.staffUser.findMany({
    where: { platformId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true, email: true, role: true, hasTemporaryPassword: true, createdAt: true },
  });
  return rows.map(serializeStaffMember);
}
