import type { Permission } from "./context";
import { ServiceError } from "./errors";

/**
 * The OpenAPI extension naming the token permission an operation requires. The route's own
 * `requirePermission(...)` middleware is its only source: createRouter() reads it off the route's
 * middleware (tagged below) when the route is registered, so the document cannot say otherwise.
 * The dashboard's HTTP transport enforces a staff role with it (lib/client/create-client.ts).
 */
export const REQUIRED_PERMISSION_EXTENSION = "x-required-permission";

// Symbol.for: Next bundles several copies of this module; a tag set by one must read in another.
const TAG = Symbol.for("service.requiredPermission");

/** Marks `middleware` as the check that the caller holds `permission`. */
export function tagRequiredPermission<T extends object>(middleware: T, permission: Permission): T {
  Object.defineProperty(middleware, TAG, { value: permission });
  return middleware;
}

/** The permission a handler or middleware (as Hono holds it in its routes) enforces, if it is requirePermission's. */
export function requiredPermissionOf(handler: unknown): Permission | undefined {
  if ((typeof handler !== "function" && typeof handler !== "object") || handler === null) return undefined;
  return (handler as { [TAG]?: Permission })[TAG];
}

/**
 * The permission a route's `middleware` (createRoute's option: one middleware or a list) requires.
 * A route with two permission checks would need the extension to become a list: refused until then.
 */
export function routeRequiredPermission(middleware: unknown, label: string): Permission | undefined {
  const list: unknown[] = middleware === undefined ? [] : Array.isArray(middleware) ? middleware : [middleware];
  const found = list.map(requiredPermissionOf).filter((p): p is Permission => p !== undefined);
  if (found.length > 1) throw new Error(`${label}: more than one requirePermission(...) (${found.join(", ")}); ${REQUIRED_PERMISSION_EXTENSION} names one`);
  return found[0];
}

/**
 * 403 FORBIDDEN for a caller without `permission`, as requirePermission answers it. `path` is the
 * operation's path below the base path, as a Hono route (`/tokens/:tokenId`) or as the OpenAPI
 * document writes it (`/tokens/{tokenId}`); the message always uses Hono's form.
 */
export function missingPermissionError(permission: Permission, method: string, path: string): ServiceError {
  const routePath = path.replace(/\{([^}/]+)\}/g, ":$1");
  return new ServiceError("FORBIDDEN", `This credential lacks the ${permission} permission required for ${method.toUpperCase()} ${routePath}`, {
    details: { requiredPermission: permission },
  });
}
