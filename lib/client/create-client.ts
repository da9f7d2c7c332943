import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "./generated/schema";
import { REQUIRED_PERMISSIONS } from "./generated/required-permissions";
import { API_BASE_PATH } from "../service/http/openapi";
import type { Permission } from "../service/http/context";
import { missingPermissionError } from "../service/http/required-permission";

export type ServiceClient = ReturnType<typeof createClient<paths>>;

/** The error envelope every failing call answers with (SPEC.md § Errors). */
export interface ServiceErrorBody {
  status: number;
  code: string;
  message: string;
  details?: { errors?: { field: string; message?: string; constraint?: Record<string, unknown> }[]; [key: string]: unknown };
}

export type Transport =
  /** The embedded service, called in-process with a signed-in staff user's identity. */
  | { kind: "in-process"; fetch: (request: Request) => Promise<Response> | Response; headers: Record<string, string> }
  /**
   * Any implementation of the interface over HTTP, with an API token. `permissions`: the signed-in
   * staff user's (their role's); every call goes out with the one token, which does not know the
   * user, so a call whose operation requires a permission not among them is refused here, before
   * anything is sent. Omitted: the token's own permissions are the only limit.
   */
  | { kind: "http"; baseUrl: string; clientId: string; clientSecret: string; permissions?: readonly Permission[] };

export function createServiceClient(transport: Transport): ServiceClient {
  if (transport.kind === "http") {
    const authorization = `Basic ${Buffer.from(`${transport.clientId}:${transport.clientSecret}`).toString("base64")}`;
    const client = createClient<paths>({ baseUrl: transport.baseUrl.replace(/\/$/, ""), headers: { authorization } });
    if (transport.permissions) client.use(refuseWithout(transport.permissions, transport.baseUrl));
    return client;
  }
  return createClient<paths>({
    baseUrl: `http://in-process${API_BASE_PATH}`,
    headers: transport.headers,
    fetch: (request: Request) => Promise.resolve(transport.fetch(request)),
  });
}

/**
 * Answers a call whose operation requires (`x-required-permission`, the route's own
 * requirePermission) a permission outside `permissions` exactly as the API would answer a token
 * without it — 403 FORBIDDEN in the envelope — without sending it.
 */
function refuseWithout(permissions: readonly Permission[], baseUrl: string): Middleware {
  const held = new Set<Permission>(permissions);
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, "");
  return {
    onRequest({ request, schemaPath }) {
      const operation = operationOf(request, schemaPath, basePath);
      if (!operation || held.has(operation.permission)) return undefined;
      const body = missingPermissionError(operation.permission, request.method, operation.path).toBody();
      return new Response(JSON.stringify(body), { status: body.status, headers: { "content-type": "application/json" } });
    },
  };
}

/** HEAD is routed as GET, and so requires what GET does. */
const routedMethod = (method: string) => (method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase());

const TEMPLATES = Object.entries(REQUIRED_PERMISSIONS).map(([key, permission]) => {
  const [method, path] = key.split(" ") as [string, string];
  const segments = path.split("/");
  const pattern = new RegExp(`^${segments.map((s) => (/^\{[^}]+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}/?$`);
  return { method, path, permission, pattern, literals: segments.filter((s) => s && !s.startsWith("{")).length };
});

/**
 * The operation a request calls, by method and path template: the template the typed client was
 * called with, or else (a path built by hand) the most specific template the URL's path matches,
 * as the API routes fixed segments before parameters (/customers/internal-accounts is not
 * /customers/{customerId}). Undefined when the operation requires no permission (or is unknown:
 * the API answers that).
 */
function operationOf(request: Request, schemaPath: string, basePath: string): { path: string; permission: Permission } | undefined {
  const method = routedMethod(request.method);
  const key = `${method} ${schemaPath}`;
  if (key in REQUIRED_PERMISSIONS) {
    const permission = REQUIRED_PERMISSIONS[key];
    return permission ? { path: schemaPath, permission } : undefined;
  }
  const pathname = new URL(request.url).pathname;
  if (!pathname.startsWith(basePath)) return undefined;
  // Undecoded, as the API routes it: an escaped "/" (%2F) stays inside its segment.
  const path = pathname.slice(basePath.length) || "/";
  const match = TEMPLATES.filter((t) => t.method === method && t.pattern.test(path)).sort((a, b) => b.literals - a.literals)[0];
  return match?.permission ? { path: match.path, permission: match.permission } : undefined;
}
