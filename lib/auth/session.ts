import "server-only";
import { cache } from "react";
import { getServerSession, type Session } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ActionResult } from "@/lib/client/action-result";
import { changePasswordUrl, dashboardAccessOf, REQUEST_PATH_HEADER } from "./dashboard-access";
import { authOptions } from "./options";

/**
 * Whoever is signed in, or null, including a user who must still choose a new password
 * (user.hasTemporaryPassword). Each call looks the staff user up (authOptions' session callback),
 * so the role is the current one; cached per request so a layout, its page and their service
 * client share one lookup. Only the sign-in and change-password screens use it directly: all else
 * goes through requireSession or getActionSession, which keep such a user out.
 */
export const getSignedInSession = cache(async (): Promise<Session | null> => {
  const session = await getServerSession(authOptions);
  return session?.user ? session : null;
});

/**
 * For pages: the session allowed to use the dashboard. Redirects to /login when signed out (also
 * a removed user), and to the change-password screen, remembering the page asked for, when the
 * password is temporary.
 */
export const requireSession = cache(async (): Promise<Session> => {
  const session = await getSignedInSession();
  if (!session) redirect("/login");
  if (session.user.hasTemporaryPassword) redirect(changePasswordUrl((await headers()).get(REQUEST_PATH_HEADER)));
  return session;
});

/**
 * For server actions and route handlers: the session allowed to use the dashboard, or the refusal
 * to answer (UNAUTHENTICATED, PASSWORD_CHANGE_REQUIRED).
 */
export const getActionSession = cache(async (): Promise<ActionResult<Session>> => dashboardAccessOf(await getSignedInSession()));
