import type { Db } from "../db";
import { parseId } from "../http/ids";
import { lockTeam } from "./lock-team";
import { StaffError } from "./staff-error";

/**
 * Deletes a staff user's sign-in; their open sessions end on their next request. Throws: FORBIDDEN
 * (actor not an admin), STAFF_NOT_FOUND, CANNOT_REMOVE_SELF, LAST_ADMIN.
 */
export async function removeStaffUser(db: Db, input: { platformId: string; actorId: string; staffId: string }): Promise<void> {
  const id = parseId("StaffUser", input.staffId, { allowBare: true });
  await db.$transaction(async (tx) => {
    const team = await lockTeam(tx, input.platformId, input.actorId);
    const target = team.find((member) => member.id === id);
    if (!id || !target) throw new StaffError("STAFF_NOT_FOUND", `Staff user ${input.staffId} not found`);
    if (id === input.actorId) throw new StaffError("CANNOT_REMOVE_SELF", "You cannot remove yourself: ask another admin");
    // The actor is an admin other than the target, so this holds today; kept so the rule does not
    // depend on who may remove whom.
    if (target.role === "ADMIN" && team.filter((member) => member.role === "ADMIN").length <= 1)
      throw new StaffError("LAST_ADMIN", "This is the platform's only admin: make someone else an admin first");
    await tx.staffUser.delete({ where: { id, platformId: input.platformId } });
  });
}
