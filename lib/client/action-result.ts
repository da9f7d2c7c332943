import type { z } from "zod";
import { SESSION_ENDED } from "@/lib/auth/dashboard-access";
import type { ServiceErrorBody } from "./create-client";

/** What a server action answers: expected failures are values, and UIs branch on `code`. */
export interface ActionError {
  code: string;
  message: string;
  /** HTTP status when the error came from the API. */
  status?: number;
  /** Field path as the API names it (`webhookEndpoint`, `feeConfigs.0.fixedFee.currency`) → message. */
  fieldErrors?: Record<string, string>;
  /** For a refusal that lifts by itself (a lockout): seconds until trying again can succeed. */
  retryAfterSeconds?: number;
  /** The envelope's other `details` (which account a status refusal is about, limits), `errors` being in fieldErrors. */
  details?: Record<string, unknown>;
}

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };

export function actionOk<T>(data: T): ActionResult<T> {
  return { ok: true, data };
}

/**
 * Calls a server action from the browser and answers its failure to answer as an error value too.
 * Thrown, it would reach the page's error boundary and replace the form the user filled in. A
 * request that got no answer (offline, the server restarting) may or may not have been carried out.
 */
export async function callAction<A extends unknown[], R extends { ok: boolean }>(action: (...args: A) => Promise<R>, ...args: A): Promise<R | { ok: false; error: ActionError }> {
  try {
    return await action(...args);
  } catch (thrown) {
    const message =
      thrown instanceof TypeError // fetch's own failure: no answer came back
        ? "The dashboard could not be reached, so this may not have been done. Check your connection, then reload the page to see whether it was before trying again."
        : "Something went wrong on the dashboard's server, so it is not known whether this was done. Reload the page to see whether it was before trying again.";
    return { ok: false, error: { code: "DASHBOARD_UNREACHABLE", message } };
  }
}

/** The action's own input check failed; same shape as the API's INVALID_INPUT. */
export function invalidInputResult(error: z.ZodError): ActionResult<never> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, error: { code: "INVALID_INPUT", message: "Some fields are invalid", fieldErrors } };
}

/** The API's error envelope (or a bare status when the body was not one) as an action error. */
export function serviceErrorResult(body: unknown, status: number): ActionResult<never> {
  if (!isErrorBody(body)) {
    return { ok: false, error: { code: status === 401 ? "UNAUTHORIZED" : "UNEXPECTED_RESPONSE", message: `The service answered ${status}`, status } };
  }
  const fieldErrors: Record<string, string> = {};
  for (const e of body.details?.errors ?? []) fieldErrors[e.field] ??= e.message ?? "is invalid";
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const { errors: _errors, ...details } = body.details ?? {};
  const hasDetails = Object.keys(details).length > 0;
  return { ok: false, error: { code: body.code, message: body.message, status, ...(hasFieldErrors && { fieldErrors }), ...(hasDetails && { details }) } };
}

/**
 * The service could not be reached (the dashboard runs against SERVICE_BASE_URL and it is down):
 * fetch's TypeError, else null. A refused or unresolvable connection never carried the request;
 * after any other failure the request may have gone out, so the user must check before repeating it.
 */
export function serviceUnreachableResult(error: unknown): ActionResult<never> | null {
  if (!(error instanceof TypeError) || error.message !== "fetch failed") return null;
  const cause = (error.cause as { code?: unknown } | undefined)?.code;
  const isNeverSent = cause === "ECONNREFUSED" || cause === "ENOTFOUND" || cause === "EAI_AGAIN";
  const message = isNeverSent
    ? "The service could not be reached, so nothing was done. Try again in a moment."
    : "The connection to the service failed before it answered, so it is not known whether this was done. Check before trying again.";
  return { ok: false, error: { code: "SERVICE_UNREACHABLE", message } };
}

function isErrorBody(body: unknown): body is ServiceErrorBody {
  return typeof body === "object" && body !== null && typeof (body as { code?: unknown }).code === "string";
}

/** Plain-language text for the codes every form meets; a form handles its own codes first. */
export function describeActionError(error: ActionError): string {
  switch (error.code) {
    case "INVALID_INPUT":
      return "Some fields need attention. Nothing was saved.";
    case "FORBIDDEN":
      return "Your role does not allow this. Ask an admin.";
    case "UNAUTHENTICATED":
    case "UNAUTHORIZED":
      return SESSION_ENDED.message;
    default:
      // Each resource has its own 404 code (TOKEN_NOT_FOUND, QUOTE_NOT_FOUND, …); all mean the same here.
      return error.status === 404 ? "It no longer exists; reload the page." : error.message;
  }
}
