/**
 * Why a team change was refused. Staff users are not part of the Service API (SPEC.md), so these
 * codes never reach the HTTP error table; the dashboard's server actions turn them into values.
 */
export const STAFF_ERROR_CODES = [
  /** A field broke a rule; `fieldErrors` names each one. */
  "INVALID_INPUT",
  /** The signed-in staff user is not (or no longer) an admin of the platform. */
  "FORBIDDEN",
  /** Unknown, malformed, or another platform's staff id. */
  "STAFF_NOT_FOUND",
  /** StaffUser.email is unique across all platforms: the address already signs in somewhere. */
  "STAFF_EMAIL_TAKEN",
  /** The change would leave the platform without an admin. */
  "LAST_ADMIN",
  /** An admin removing their own sign-in: another admin has to do it. */
  "CANNOT_REMOVE_SELF",
  /** An admin resetting their own password: they change it under "Your password", with the current one. */
  "CANNOT_RESET_SELF",
  /** The current password given with a password change is not the current password. */
  "WRONG_PASSWORD",
  /**
   * Too many wrong passwords for this email lately (sign-in and password change count together):
   * every attempt is refused, the right password included, for `retryAfterSeconds`.
   */
  "TOO_MANY_ATTEMPTS",
  /**
   * Too many failed sign-ins from the client's address lately, whatever the emails: every sign-in
   * from it is refused, the right password included, for `retryAfterSeconds`.
   */
  "TOO_MANY_ATTEMPTS_FROM_IP",
] as const;

export type StaffErrorCode = (typeof STAFF_ERROR_CODES)[number];

export class StaffError extends Error {
  readonly code: StaffErrorCode;
  /** Field name → message, for the form to show beside the field. */
  readonly fieldErrors?: Record<string, string>;
  /** TOO_MANY_ATTEMPTS(_FROM_IP): seconds until the email (the address) may try again. */
  readonly retryAfterSeconds?: number;

  constructor(code: StaffErrorCode, message: string, fieldErrors?: Record<string, string>, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "StaffError";
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Duck-typed: Next bundles several copies of this module, so `instanceof` can miss (TOOLCHAIN.md §13). */
export function isStaffError(e: unknown): e is StaffError {
  return e instanceof Error && e.name === "StaffError" && (STAFF_ERROR_CODES as readonly string[]).includes((e as StaffError).code);
}
