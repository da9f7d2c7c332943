import { z } from "zod";

/**
 * What the change-password forms send (Team → Your password, and the forced change of a temporary
 * password). Shape only: changeStaffPassword owns the password rules and names the bad field.
 */
const text = z.string().max(1000);
export const ChangePasswordInputSchema = z
  .object({ currentPassword: text, newPassword: text, confirmPassword: text })
  .refine((input) => input.newPassword === input.confirmPassword, { path: ["confirmPassword"], message: "does not match the new password" });
