import type { Db } from "../db";
import { hashSecret } from "../crypto/password";
import { parseId } from "../http/ids";
import { generateTemporaryPassword } from "./generate-temporary-password";
import { lockTeam } from "./lock-team";
import { serializeStaffMember, type StaffMember } from "./serialize-staff-member";
import { StaffError } from "./staff-error";

/**
 * An admin gives another member of the platform a new generated temporary password, returned here
 * once and stored only as a hash, for a member who forgot theirs or whose email is locked out. The
 * admin has seen it, so the member must choose their own at the next sign-in (hasTemporaryPassword).
 * Throws: FORBIDDEN (actor not an admin), STAFF_NOT_FOUND, CANNOT_RESET_SELF.
 */
export async function resetStaffPassword(db: Db, input: { platformId: string; actorId: string; staffId: string }): Promise<{ member: StaffMember; temporaryPassword: string }> {
  const id = parseId("StaffUser", input.staffId, { allowBare: true });
  const temporaryPassword = generateTemporaryPassword();
  // Hashed before the transaction: scrypt takes a while, and the team stays locked meanwhile otherwise.
  const passwordHash = await hashSecret(temporaryPassword);
  const row = await db.$transaction(async (tx) => {
    const team = await lockTeam(tx, input.platformId, input.actorId);
    if (!id || !team.some((member) => member.id === id)) throw new StaffError("STAFF_NOT_FOUND", `Staff user ${input.staffId} not found`);
    // Their own password needs the current one (changeStaffPassword): a stolen admin session must not set it.
    if (id === input.actorId) throw new StaffError("CANNOT_RESET_SELF", "You cannot reset your own password here: change it under Your password");
    // The session stamp is derived from the password hash (sessionStampOf), so the new hash ends
    // every session the member has open on its next request (findStaffSessionUser).
    const updated = await tx.staffUser.update({ where: { id, platformId: input.platformId }, data: { passwordHash, hasTemporaryPassword: true } });
    // A locked-out member can sign in with the new password at once.
    await tx.staffSignInThrottle.deleteMany({ where: { email: updated.email } });
    return updated;
  });
  return { member: serializeStaffMember(row), temporaryPassword };
}
