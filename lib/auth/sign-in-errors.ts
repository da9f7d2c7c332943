/**
 * What a failed staff sign-in tells the login form. next-auth 4 turns an Error thrown in the
 * credentials provider's authorize() into `error=<message>` on its error URL, and
 * signIn({ redirect: false }) answers that as `result.error`: the only channel from authorize to
 * the form, so what goes through it is a code (plus, for a lockout, the seconds to wait), never
 * prose or an internal error's message. A null from authorize arrives as "CredentialsSignin".
 * Shared by the server (lib/auth/options.ts) and the browser (app/login).
 */
export type SignInProblem =
  | { code: "WRONG_CREDENTIALS" }
  | { code: LockoutCode; retryAfterSeconds: number }
  | { code: "UNAVAILABLE" };

/** The email is locked (TOO_MANY_ATTEMPTS), or the client's address is (TOO_MANY_ATTEMPTS_FROM_IP). */
export type LockoutCode = "TOO_MANY_ATTEMPTS" | "TOO_MANY_ATTEMPTS_FROM_IP";
const LOCKOUT_CODES: readonly string[] = ["TOO_MANY_ATTEMPTS", "TOO_MANY_ATTEMPTS_FROM_IP"] satisfies LockoutCode[];

/** The message authorize() throws for a lockout: `<code>:<seconds to wait>`. */
export function lockoutSignInError(code: LockoutCode, retryAfterSeconds: number): string {
  return `${code}:${Math.max(1, Math.ceil(retryAfterSeconds))}`;
}

/** The message authorize() throws when sign-in failed for a reason that is not the user's. */
export const SIGN_IN_UNAVAILABLE = "SIGN_IN_UNAVAILABLE";

/** signIn()'s `error` read back; anything unknown (a network failure: no result) is UNAVAILABLE. */
export function readSignInError(error: string | null | undefined): SignInProblem {
  if (error === "CredentialsSignin") return { code: "WRONG_CREDENTIALS" };
  const [code, seconds, ...rest] = error?.split(":") ?? [];
  if (code && LOCKOUT_CODES.includes(code) && rest.length === 0) {
    const retryAfterSeconds = Number(seconds);
    if (seconds && Number.isSafeInteger(retryAfterSeconds) && retryAfterSeconds > 0) return { code: code as LockoutCode, retryAfterSeconds };
  }
  return { code: "UNAVAILABLE" };
}

/** "14 minutes", "1 minute": rounded up, so nobody is told to come back before the lockout ends. */
export function describeWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
