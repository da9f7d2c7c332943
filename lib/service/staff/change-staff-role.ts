import { z } from "zod";
import type { Db } from "../db";
import { parseId } from "../http/ids";
import { lockTeam } from "./lock-team";
import { StaffRoleSchema, parseStaffInput } from "./schemas";
import { serializeStaffMember, type StaffMember } from "./serialize-staff-member";
import { StaffError } from "./staff-error";
import type { StaffRole } from "./roles";

/**
 * Gives a staff user another role; it applies to their next dashboard request. Admins may demote
 * themselves while another admin remains. Throws: INVALID_INPUT, FORBIDDEN (actor not an admin),
 * STAFF_NOT_FOUND, LAST_ADMIN.
 */
export async function changeStaffRole(db: Db, input: { platformId: string; actorId: string; staffId: string; role: StaffRole }): Promise<StaffMember> {
  const { role } = parseStaffInput(z.object({ role: StaffRoleSchema }), { role: input.role });
  const id = parseId("StaffUser", input.staffId, { allowBare: true });
  return db.$transaction(async (tx) => {
    const team = await lockTeam(tx, input.platformId, input.actorId);
    const target = team.find((member) => member.id === id);
    if (!id || !target) throw new StaffError("STAFF_NOT_FOUND", `Staff user ${input.staffId} not found`);
    const admins = team.filter((member) => member.role === "ADMIN").length;
    if (target.role === "ADMIN" && role !== "ADMIN" && admins <= 1)
      throw new StaffError("LAST_ADMIN", "This is the platform's only admin: make someone else an admin first");
    const row = await tx.staffUser.update({ where: { id, platformId: input.platformId }, data: { role } });
    return serializeStaffMember(row);
  });
}
