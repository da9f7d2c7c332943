import { z } from "zod";
import type { Db } from "../db";
import { hashSecret, verifySecret } from "../crypto/password";
import { parseId } from "../http/ids";
import { wallClock } from "../sandbox/clock";
import { StaffPasswordSchema, parseStaffInput } from "./schemas";
import { StaffError } from "./staff-error";
import { throttlePasswordCheck } from "./throttle-password-check";

export interface ChangeStaffPasswordInput {
  platformId: string;
  staffId: string;
  currentPassword: string;
  newPassword: string;
  /** For tests; the wall clock otherwise (the throttle is not on a sandbox clock). */
  now?: Date;
}

/**
 * A staff user's own password change. Every session signed in with the old password ends on its
 * next request (findStaffSessionUser); the caller signs the current one in again with the new
 * password. Answers the user's email for that. The current password check counts toward the
 * email's sign-in throttle, so a stolen session cannot guess the password here either. A password
 * the user chose is no longer temporary: the dashboard opens (hasTemporaryPassword clears).
 * Throws: INVALID_INPUT, STAFF_NOT_FOUND, WRONG_PASSWORD, TOO_MANY_ATTEMPTS.
 */
export async function changeStaffPassword(db: Db, input: ChangeStaffPasswordInput): Promise<{ email: string }> {
  const { newPassword } = parseStaffInput(z.object({ newPassword: StaffPasswordSchema }), { newPassword: input.newPassword });
  const id = parseId("StaffUser", input.staffId, { allowBare: true });
  const user = id ? await db.staffUser.findFirst({ where: { id, platformId: input.platformId }, select: { email: true, passwordHash: true } }) : null;
  if (!id || !user) throw new StaffError("STAFF_NOT_FOUND", `Staff user ${input.staffId} not found`);
  const isCorrect = () => verifySecret(input.currentPassword, user.passwordHash);
  if (!(await throttlePasswordCheck(db, { email: user.email, now: input.now ?? wallClock() }, isCorrect)))
    throw new StaffError("WRONG_PASSWORD", "The current password is wrong", { currentPassword: "is not your current password" });
  if (newPassword === input.currentPassword)
    throw new StaffError("INVALID_INPUT", "The new password is the current one", { newPassword: "must differ from your current password" });
  const passwordHash = await hashSecret(newPassword);
  // Only over the hash just verified: of two changes racing, the second finds its current password outdated.
  const { count } = await db.staffUser.updateMany({ where: { id, platformId: input.platformId, passwordHash: user.passwordHash }, data: { passwordHash, hasTemporaryPassword: false } });
  if (count === 0) throw new StaffError("WRONG_PASSWORD", "The password was changed meanwhile", { currentPassword: "is not your current password" });
  return { email: user.email };
}
