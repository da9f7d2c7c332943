"use server";

import { revalidatePath } from "next/cache";
import type { Session } from "next-auth";
import { z } from "zod";
import { ChangePasswordInputSchema } from "@/lib/auth/change-password-input";
import { getActionSession } from "@/lib/auth/session";
import { staffActionResult } from "@/lib/auth/staff-action-result";
import { actionOk, invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { services } from "@/lib/services";
import type { Db } from "@/lib/service/db";
import { addStaffUser } from "@/lib/service/staff/add-staff-user";
import { changeStaffPassword } from "@/lib/service/staff/change-staff-password";
import { changeStaffRole } from "@/lib/service/staff/change-staff-role";
import { removeStaffUser } from "@/lib/service/staff/remove-staff-user";
import { resetStaffPassword } from "@/lib/service/staff/reset-staff-password";
import { StaffRoleSchema } from "@/lib/service/staff/schemas";
import type { StaffMember } from "@/lib/service/staff/serialize-staff-member";

// Staff users are not part of the Service API (SPEC.md): these actions call lib/service/staff
// directly, as sign-in does. Shape only here; the use cases own the rules and name the bad fields.
const text = z.string().max(1000);
const AddMemberInputSchema = z.object({ name: text, email: text, role: StaffRoleSchema });
const ChangeRoleInputSchema = z.object({ staffId: z.string().max(200), role: StaffRoleSchema });
const RemoveMemberInputSchema = z.object({ staffId: z.string().max(200) });
const ResetPasswordInputSchema = z.object({ staffId: z.string().max(200) });

/** Runs a staff use case as the signed-in user; its refusals (StaffError) become values. */
async function asStaffUser<T>(run: (user: Session["user"], db: Db) => Promise<T>): Promise<ActionResult<T>> {
  const access = await getActionSession();
  if (!access.ok) return access;
  const db = await services().db();
  return staffActionResult(() => run(access.data.user, db));
}

/** Adds a member; the answer carries their temporary password, which the UI shows once. Admins only. */
export async function addTeamMemberAction(input: unknown): Promise<ActionResult<{ member: StaffMember; temporaryPassword: string }>> {
  const parsed = AddMemberInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const result = await asStaffUser((user, db) => addStaffUser(db, { platformId: user.platformId, actorId: user.id, ...parsed.data }));
  if (result.ok) revalidatePath("/team");
  return result;
}

/** Gives a member another role, effective on their next request. Admins only; never the last admin. */
export async function changeTeamMemberRoleAction(input: unknown): Promise<ActionResult<StaffMember>> {
  const parsed = ChangeRoleInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const result = await asStaffUser((user, db) => changeStaffRole(db, { platformId: user.platformId, actorId: user.id, ...parsed.data }));
  if (result.ok) revalidatePath("/team");
  return result;
}

/** Removes a member's sign-in; their open sessions end on their next request. Admins only, never themselves. */
export async function removeTeamMemberAction(input: unknown): Promise<ActionResult<null>> {
  const parsed = RemoveMemberInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const result = await asStaffUser((user, db) => removeStaffUser(db, { platformId: user.platformId, actorId: user.id, staffId: parsed.data.staffId }));
  if (!result.ok) return result;
  revalidatePath("/team");
  return actionOk(null);
}

/**
 * Gives another member a new temporary password, answered once, and unlocks their email; their
 * open sessions end on their next request. Admins only, never their own (that is "Your password").
 */
export async function resetTeamMemberPasswordAction(input: unknown): Promise<ActionResult<{ member: StaffMember; temporaryPassword: string }>> {
  const parsed = ResetPasswordInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  return asStaffUser((user, db) => resetStaffPassword(db, { platformId: user.platformId, actorId: user.id, staffId: parsed.data.staffId }));
}

/**
 * The signed-in user's own password. It ends every session signed in with the old password, this
 * one included, so the browser signs in again with the new one (the answer carries the email).
 * No revalidatePath: the page would render with the ended session and land on /login.
 */
export async function changePasswordAction(input: unknown): Promise<ActionResult<{ email: string }>> {
  const parsed = ChangePasswordInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { currentPassword, newPassword } = parsed.data;
  return asStaffUser((user, db) => changeStaffPassword(db, { platformId: user.platformId, staffId: user.id, currentPassword, newPassword }));
}
