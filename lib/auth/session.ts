import "server-only";
import { cache } from "react";
import { getServerSession, type Session } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ActionResult } from "@/lib/client/action-result";
import { changePasswordUrl, dashboardAccessOf, signInUrl, REQUEST_PATH_HEADER, SESSION_UNAVAILABLE, SESSION_UNAVAILABLE_DIGEST, type SessionRead } from "./dashboard-access";
import { authOptions } from "./options";

/**
 * Whoever is signed in, null when signed out, or "unavailable" when the staff user could not be
 * looked up (the database did not answer): not signed out. Includes a user who must still choose a
 * new password (user.hasTemporaryPassword). Each call looks the staff user up (authOptions' session
 * callback), so the role is the current one; cached per request so a layout, its page and their
 * service client share one lookup.
 */
export const readSession = cache(async (): Promise<SessionRead> => {
  const session = await getServerSession(authOptions);
  if (session?.isUnavailable) return "unavailable";
  return session?.user ? session : null;
});

/**
 * readSession for the sign-in screen, which shows its form when it cannot be read (signing in then
 * says it is unavailable). All else goes through requireSession or getActionSession, which keep a
 * user with a temporary password out, or readSession itself (the change-password screen).
 */
export const getSignedInSession = cache(async (): Promise<Session | null> => {
  const session = await readSession();
  return session === "unavailable" ? null : session;
});

/** The dashboard's session could not be read: the layout, or a page's error boundary, shows that the dashboard is unavailable for a moment. */
class SessionUnavailableError extends Error {
  readonly digest = SESSION_UNAVAILABLE_DIGEST;

  constructor() {
    super(SESSION_UNAVAILABLE.message);
    this.name = "SessionUnavailableError";
  }
}

/**
 * For pages: the session allowed to use the dashboard. Redirects to /login when signed out (also
 * a removed user), and to the change-password screen when the password is temporary, each
 * remembering the page asked for. Throws SessionUnavailableError when it could not be read: never a
 * redirect to /login, as if signed out (the dashboard layout shows that page instead).
 */
export const requireSession = cache(async (): Promise<Session> => {
  const session = await readSession();
  if (session === "unavailable") throw new SessionUnavailableError();
  if (!session) redirect(signInUrl((await headers()).get(REQUEST_PATH_HEADER)));
  if (session.user.hasTemporaryPassword) redirect(changePasswordUrl((await headers()).get(REQUEST_PATH_HEADER)));
  return session;
});

/**
 * For server actions and route handlers: the session allowed to use the dashboard, or the refusal
 * to answer (UNAUTHENTICATED, PASSWORD_CHANGE_REQUIRED, SERVICE_UNAVAILABLE).
 */
export const getActionSession = cache(async (): Promise<ActionResult<Session>> => dashboardAccessOf(await readSession()));
