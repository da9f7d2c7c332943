"use server";

import { ChangePasswordInputSchema } from "@/lib/auth/change-password-input";
import { SESSION_ENDED, SESSION_UNAVAILABLE } from "@/lib/auth/dashboard-access";
import { readSession } from "@/lib/auth/session";
import { staffActionResult } from "@/lib/auth/staff-action-result";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { services } from "@/lib/services";
import { changeStaffPassword } from "@/lib/service/staff/change-staff-password";

/**
 * The one action open to a user with a temporary password: choosing their own. Like Team → Your
 * password it ends the sessions signed in with the old password, this one included, so the browser
 * signs in again with the new one (the answer carries the email); the new session has no
 * temporary password any more.
 */
export async function chooseNewPasswordAction(input: unknown): Promise<ActionResult<{ email: string }>> {
  const parsed = ChangePasswordInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const session = await readSession();
  if (session === "unavailable") return { ok: false, error: SESSION_UNAVAILABLE };
  if (!session) return { ok: false, error: SESSION_ENDED };
  const { currentPassword, newPassword } = parsed.data;
  const db = await services().db();
  return staffActionResult(() => changeStaffPassword(db, { platformId: session.user.platformId, staffId: session.user.id, currentPassword, newPassword }));
}
