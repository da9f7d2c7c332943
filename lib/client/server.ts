import "server-only";
import { getActionSession } from "@/lib/auth/session";
import { services } from "@/lib/services";
import { STAFF_HEADERS } from "@/lib/service/http/auth";
import { ROLE_PERMISSIONS } from "@/lib/service/staff/roles";
import type { ActionError } from "./action-result";
import { createServiceClient, type ServiceClient } from "./create-client";

/** No staff session that may use the dashboard: signed out, a new password still to choose, or the session could not be read now. */
export class NotSignedInError extends Error {
  /** UNAUTHENTICATED, PASSWORD_CHANGE_REQUIRED or SERVICE_UNAVAILABLE, as a server action answers it. */
  readonly actionError: ActionError;

  constructor(actionError: ActionError) {
    super(actionError.message);
    this.actionError = actionError;
  }

  /** A route handler's answer: 401 when signed out, 403 until the user chooses a new password, 503 (Retry-After) when the session could not be read. */
  toResponse(): Response {
    const { code, message, retryAfterSeconds } = this.actionError;
    const status = code === "PASSWORD_CHANGE_REQUIRED" ? 403 : code === "SERVICE_UNAVAILABLE" ? 503 : 401;
    const headers: Record<string, string> = { "content-type": "text/plain; charset=utf-8", ...(retryAfterSeconds !== undefined && { "retry-after": String(retryAfterSeconds) }) };
    return new Response(`${message}\n`, { status, headers });
  }
}

/**
 * The dashboard's only door to the service: the embedded service in-process by default, or
 * SERVICE_BASE_URL with SERVICE_CLIENT_ID/SERVICE_CLIENT_SECRET when set. In-process the API
 * enforces the staff user's role; over HTTP the one API token would allow whatever it allows, so
 * the client refuses (403 FORBIDDEN, as the API would) each call the role lacks the permission for.
 */
export async function serviceClient(): Promise<ServiceClient> {
  // The staff user as of this request: a changed role brings its permissions, a removed user has
  // none, and a user with a temporary password none until they choose their own.
  const access = await getActionSession();
  if (!access.ok) throw new NotSignedInError(access.error);
  const session = access.data;
  const baseUrl = process.env.SERVICE_BASE_URL;
  if (baseUrl) {
    return createServiceClient({
      kind: "http",
      baseUrl,
      clientId: process.env.SERVICE_CLIENT_ID ?? "",
      clientSecret: process.env.SERVICE_CLIENT_SECRET ?? "",
      // The token acts for whoever is signed in: the client refuses what their role may not do.
      permissions: ROLE_PERMISSIONS[session.user.role],
    });
  }
  const svc = services();
  return createServiceClient({
    kind: "in-process",
    fetch: (request) => svc.api.fetch(request),
    headers: {
      [STAFF_HEADERS.key]: svc.internalKey,
      [STAFF_HEADERS.platform]: session.user.platformId,
      [STAFF_HEADERS.staff]: session.user.id,
      [STAFF_HEADERS.permissions]: ROLE_PERMISSIONS[session.user.role].join(","),
    },
  });
}

/**
 * serviceClient() for a route handler (a download): the client, or the answer to give when no one
 * may use the dashboard (401 signed out, 403 until a new password is chosen).
 */
export async function routeServiceClient(): Promise<ServiceClient | Response> {
  try {
    return await serviceClient();
  } catch (error) {
    if (error instanceof NotSignedInError) return error.toResponse();
    throw error;
  }
}
