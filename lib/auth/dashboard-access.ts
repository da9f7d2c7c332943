import type { Session } from "next-auth";
import type { ActionError, ActionResult } from "@/lib/client/action-result";

/**
 * Who may use the dashboard: a signed-in staff user whose password is their own. A user whose
 * password an admin set (added, reset) or the first start generated must choose a new one first
 * (StaffUser.hasTemporaryPassword): pages send them to CHANGE_PASSWORD_PATH, server actions and
 * route handlers refuse with PASSWORD_CHANGE_REQUIRED. Pure, so both rules are unit-tested.
 */
export const CHANGE_PASSWORD_PATH = "/change-password";

/**
 * The path and query of the page being requested, set by proxy.ts (Next tells server components
 * nothing about their URL). Only ever used as a same-origin redirect target, through safeNextPath.
 */
export const REQUEST_PATH_HEADER = "x-request-path";

export const SESSION_ENDED: ActionError = {
  code: "UNAUTHENTICATED",
  message: "Your session has ended, so nothing was done. Sign in again in another tab (what you typed here stays), then try again here.",
};

export const PASSWORD_CHANGE_REQUIRED: ActionError = {
  code: "PASSWORD_CHANGE_REQUIRED",
  message: "Choose a new password first: yours was set by someone else. Nothing was done.",
};

/**
 * The sign-in could not be checked (the database did not answer): the user is not signed out, and
 * the request was not carried out. Retry-After as the API's own 503 for a database outage.
 */
export const SESSION_UNAVAILABLE: ActionError = {
  code: "SERVICE_UNAVAILABLE",
  message: "The dashboard cannot check your sign-in right now (its database is unavailable for a moment), so nothing was done. Try again in a moment.",
  retryAfterSeconds: 1,
};

/**
 * The digest of the error a dashboard page throws when the session could not be read: Next sends an
 * error's own digest to the browser (never its message, in production), so the error boundary of a
 * page reached by client-side navigation (the layout not rendered again) can say what happened.
 */
export const SESSION_UNAVAILABLE_DIGEST = "SESSION_UNAVAILABLE";

/**
 * The staff session as a request read it: signed in, null when signed out, or "unavailable" when
 * it could not be read (authOptions' session callback could not look the user up).
 */
export type SessionRead = Session | null | "unavailable";

/** The session when it may use the dashboard, or why not, as the value a server action answers. */
export function dashboardAccessOf(session: SessionRead): ActionResult<Session> {
  if (session === "unavailable") return { ok: false, error: SESSION_UNAVAILABLE };
  if (!session?.user) return { ok: false, error: SESSION_ENDED };
  if (session.user.hasTemporaryPassword) return { ok: false, error: PASSWORD_CHANGE_REQUIRED };
  return { ok: true, data: session };
}

/**
 * `next` when it is a path on this site worth returning to, "/" (the overview) otherwise: never
 * another origin (`//evil.example`, `/\evil.example`, `https://…`), the sign-in page or the
 * change-password screen itself.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2000 || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  // Control characters could smuggle a different target past a URL parser.
  if ([...next].some((c) => c < " " || c === "\u007f")) return "/";
  const url = new URL(next, "http://dashboard.invalid");
  if (url.origin !== "http://dashboard.invalid") return "/";
  if (["/login", CHANGE_PASSWORD_PATH].some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`))) return "/";
  url.searchParams.delete("_rsc"); // Next's cache-busting parameter on client navigations
  return `${url.pathname}${url.search}`;
}

/** Where a signed-out user is sent from `requestedPath` (a tab left open past its session); they come back to it after signing in. */
export function signInUrl(requestedPath: string | null | undefined): string {
  const next = safeNextPath(requestedPath);
  return next === "/" ? "/login" : `/login?next=${encodeURIComponent(next)}`;
}

/** Where a user with a temporary password is sent from `requestedPath`; they come back to it afterwards. */
export function changePasswordUrl(requestedPath: string | null | undefined): string {
  const next = safeNextPath(requestedPath);
  return next === "/" ? CHANGE_PASSWORD_PATH : `${CHANGE_PASSWORD_PATH}?next=${encodeURIComponent(next)}`;
}
