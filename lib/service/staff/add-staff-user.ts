import { z } from "zod";
import type { Db } from "../db";
import { createStaffUser } from "./create-staff-user";
import { generateTemporaryPassword } from "./generate-temporary-password";
import { lockTeam } from "./lock-team";
import { StaffEmailSchema, StaffNameSchema, StaffRoleSchema, parseStaffInput } from "./schemas";
import { serializeStaffMember, type StaffMember } from "./serialize-staff-member";
import { StaffError } from "./staff-error";
import type { StaffRole } from "./roles";

const AddStaffUserSchema = z.object({ name: StaffNameSchema, email: StaffEmailSchema, role: StaffRoleSchema });

export interface AddStaffUserInput {
  platformId: string;
  /** The signed-in admin making the change. */
  actorId: string;
  name: string;
  email: string;
  role: StaffRole;
}

/**
 * Gives someone their own dashboard sign-in with a generated temporary password, returned here
 * once and stored only as a hash; the member must choose their own password at first sign-in
 * (hasTemporaryPassword), since the admin has seen this one. Throws: INVALID_INPUT, FORBIDDEN (actor not an admin),
 * STAFF_EMAIL_TAKEN (the address already signs in, on this or another platform).
 */
export async function addStaffUser(db: Db, input: AddStaffUserInput): Promise<{ member: StaffMember; temporaryPassword: string }> {
  const fields = parseStaffInput(AddStaffUserSchema, { name: input.name, email: input.email, role: input.role });
  const temporaryPassword = generateTemporaryPassword();
  try {
    const row = await db.$transaction(async (tx) => {
      await lockTeam(tx, input.platformId, input.actorId);
      return createStaffUser(tx, { platformId: input.platformId, ...fields, password: temporaryPassword, hasTemporaryPassword: true });
    });
    return { member: serializeStaffMember(row), temporaryPassword };
  } catch (e) {
    if ((e as { code?: unknown } | null)?.code !== "P2002") throw e;
    throw new StaffError("STAFF_EMAIL_TAKEN", `${fields.email} already has a sign-in`, { email: "already has a sign-in" });
  }
}
