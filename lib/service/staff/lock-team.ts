import type { Tx } from "../db";
import type { StaffRole } from "./roles";
import { StaffError } from "./staff-error";

/**
 * Locks every staff row of the platform (in id order, so two lockers never deadlock) and answers
 * them, after checking that `actorId` is one of its admins. Team changes of one platform so run one
 * at a time and each sees the others' outcome: two admins demoting each other at once cannot both
 * pass the "another admin remains" check. Throws: FORBIDDEN (actor not, or no longer, an admin).
 */
export async function lockTeam(tx: Tx, platformId: string, actorId: string): Promise<{ id: string; role: StaffRole }[]> {
  const team = await tx.$queryRaw<{ id: string; role: StaffRole }[]>`
    SELECT "id"::text AS "id", "role"::text AS "role" FROM "StaffUser" WHERE "platformId" = ${platformId}::uuid ORDER BY "id" FOR UPDATE`;
  if (!team.some((member) => member.id === actorId && member.role === "ADMIN")) throw new StaffError("FORBIDDEN", "Only admins can change the team");
  return team;
}
