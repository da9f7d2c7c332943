import { OpenAPIHono, z, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { ERROR_STATUS, invalidInput, type ErrorCode } from "./errors";
import type { AppEnv } from "./context";
import { REQUIRED_PERMISSION_EXTENSION, routeRequiredPermission } from "./required-permission";
import { validationHook } from "./validation";

export const API_VERSION = "2025-10-13";
export const API_BASE_PATH = `/api/${API_VERSION}`;

/** The document's word on sandbox time and tools (F3.9, F5.5 of the integrator walk-through). */
export const SANDBOX_SUMMARY =
  "Sandbox: every time the API shows or checks (`createdAt`; the `expiresAt` of quotes, tokens, sessions and challenges; `startDate`/`endDate` filters; webhook `timestamp`s and retries; an `Idempotency-Key`'s 24 hours) is on the platform's own clock, GET /sandbox/clock. POST /sandbox/clock/advance moves it forward and runs what falls due on the way (timed outcomes, expiries, webhook retries). It never goes back and cannot be reset: after an advance the platform stays ahead of the wall clock and of the HTTP `Date` header. The operations tagged Sandbox simulate counterparties (funding, incoming UMA payments, ACH returns, card networks, stablecoin providers); each names the sandbox values it answers to.";

/**
 * A router for one area; every area uses the same validation hook. Each route's operation states
 * the permission its `requirePermission(...)` middleware enforces as `x-required-permission`, read
 * off that middleware as the route is registered (createRoute's `middleware` is not in the document).
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const register = router.openapi;
  router.openapi = ((route: RouteConfig, ...rest: unknown[]) => {
    const permission = routeRequiredPermission(route.middleware, `${route.method.toUpperCase()} ${route.path}`);
    const documented = permission ? { ...route, [REQUIRED_PERMISSION_EXTENSION]: permission } : route;
    const own = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
    const middleware = route.request?.query ? [...own, refuseUnknownQuery(route)] : own;
    return (register as (...args: unknown[]) => unknown)({ ...documented, middleware }, ...rest);
  }) as typeof register;
  return router;
}

/**
 * 400 for a query parameter an operation with query parameters does not take: a misspelt or
 * unsupported filter (`?statuss=`, `?issuerTransactionToken=`) would otherwise be ignored and the
 * list answer every row, which a reconciliation job takes for a match. Runs after the route's
 * permission check.
 */
function refuseUnknownQuery(route: RouteConfig): MiddlewareHandler {
  const schema = route.request!.query as { shape?: Record<string, unknown> };
  if (!schema.shape) throw new Error(`${route.method} ${route.path}: the query schema must be an object schema, so its parameters can be listed`);
  const known = new Set(Object.keys(schema.shape));
  const operation = `${route.method.toUpperCase()} ${API_BASE_PATH}${route.path}`;
  const takes = `it takes ${[...known].join(", ")}`;
  return async (c, next) => {
    if (c.req.url.includes("?")) {
      const unknown = Object.keys(c.req.query()).filter((name) => !known.has(name));
      if (unknown.length > 0)
        throw invalidInput(
          unknown.map((name) => ({ field: `query.${name}`, message: `is not a parameter of ${operation} and would be ignored: ${takes}`, constraint: { additionalProperties: false } })),
        );
    }
    await next();
  };
}

export const FieldErrorSchema = z
  .object({
    field: z.string().openapi({ example: "webhookEndpoint" }),
    message: z.string().optional(),
    constraint: z.record(z.string(), z.unknown()).optional().openapi({ description: "Machine-readable rule that failed, e.g. {maxLength: 255}." }),
  })
  .openapi("FieldError");

/**
 * The error envelope of one HTTP status, `Error<status>`: `status` is that number and `code` one of
 * the codes ERROR_STATUS gives it (SPEC.md § Errors), so a generated client can switch on `code`.
 */
function errorSchema(status: number) {
  const codes = (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => ERROR_STATUS[code] === status);
  if (codes.length === 0) throw new Error(`no error code answers ${status}: add it to ERROR_STATUS first`);
  return z
    .object({
      status: z.literal(status).openapi({ type: "integer", enum: [status] }),
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      details: z.object({ errors: z.array(FieldErrorSchema).optional() }).catchall(z.unknown()).optional(),
      reason: z.string().optional().openapi({ description: "Sandbox: the authentication or signature check that failed." }),
    })
    .openapi(`Error${status}`);
}

const ERROR_SCHEMAS = new Map<number, ReturnType<typeof errorSchema>>();
function errorSchemaOf(status: number) {
  let schema = ERROR_SCHEMAS.get(status);
  if (!schema) ERROR_SCHEMAS.set(status, (schema = errorSchema(status)));
  return schema;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input; `details.errors[]` lists every invalid field",
  401: "Missing, invalid or expired credentials",
  403: "The credential lacks the required permission",
  404: "Not found (also for ids of other platforms)",
  409: "Conflict with the current state",
  429: "Too many requests; back off for `Retry-After` seconds",
  500: "Unexpected error; quote the request id",
  503: "Unavailable for a moment (the database, or a provider the operation names); retry after `Retry-After` seconds, a write with the same `Idempotency-Key`",
};

/** A 503 says when to try again: `Retry-After`, whole seconds. */
const RETRY_AFTER_HEADER = { "Retry-After": { description: "Seconds to wait before sending the request again", schema: { type: "integer", minimum: 0 } } } as const;

/**
 * The error answers of an operation: the statuses given, plus those every operation may answer:
 * 401 (credentials), 500, and 503 (every operation reads the database, which may be down for a moment).
 */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    [...new Set([...statuses, 401, 500, 503])].map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status] ?? `Error ${status}`,
        ...(status === 503 && { headers: RETRY_AFTER_HEADER }),
        content: { "application/json": { schema: errorSchemaOf(status) } },
      },
    ]),
  );
}

export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { required: true, description, content: { "application/json": { schema } } } as const;
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } } as const;
}

export const BASIC_AUTH = [{ BasicAuth: [] }];

/** The optional `Idempotency-Key` header of a mutating operation (the idempotency middleware does the work). */
export const OptionalIdempotencyHeaderSchema = z.object({
  "idempotency-key": z.string().max(255).optional().openapi({ description: "Idempotency-Key: a retry with the same key and body replays the first answer; another body answers 409. A 5xx, or a 4xx refusal that wrote nothing (validation, not found, a rule checked before any write), is not stored: the corrected request may reuse the key." }),
});
