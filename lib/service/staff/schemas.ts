import { z } from "zod";
import { StaffError } from "./staff-error";

export const STAFF_ROLES = ["ADMIN", "OPERATOR", "SUPPORT"] as const;

/** Long enough that a guessed password is no real threat to an account that can move money. */
export const MIN_PASSWORD_LENGTH = 12;

export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: "must be Admin, Operator or Support" });

export const StaffNameSchema = z.string().trim().min(1, "is required").max(100, "must be at most 100 characters");

/** The longest email address SMTP can carry (RFC 5321). */
export const MAX_EMAIL_LENGTH = 254;

/** Lowercased, as createStaffUser stores it and verifyStaffLogin looks it up. */
export const StaffEmailSchema = z.string().trim().toLowerCase().max(MAX_EMAIL_LENGTH, `must be at most ${MAX_EMAIL_LENGTH} characters`).pipe(z.email("is not a valid email address"));

export const StaffPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, "must be at most 200 characters");

/** Parses `input` or throws INVALID_INPUT naming every bad field. */
export function parseStaffInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.map(String).join(".") || "input"] ??= issue.message;
  const summary = Object.entries(fieldErrors).map(([field, message]) => `${field} ${message}`).join("; ");
  throw new StaffError("INVALID_INPUT", `Invalid input: ${summary}`, fieldErrors);
}
