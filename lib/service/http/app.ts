import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import type { H, RouterRoute } from "hono/types";
import type { ApiDeps, AppEnv } from "./context";
import { ServiceError, databaseBusyError, databaseUnavailableError, isServiceError, retriedRequestOf, transactionExpiredError, transientConflictError, type ErrorBody } from "./errors";
import { uuidv7 } from "./ids";
import { authenticate, wwwAuthenticate } from "./auth";
import { honouredIdempotencyKey, idempotency } from "./idempotency";
import { rateLimit } from "./rate-limit";
import { API_BASE_PATH, API_VERSION, SANDBOX_SUMMARY } from "./openapi";
import { WEBHOOK_SIGNATURE_SUMMARY } from "../webhooks/signature-docs";
import { registerWebhooks } from "../webhooks/webhooks-document";
import { validationHook } from "./validation";
import { SegmentRouter } from "./segment-router";
import { configRouter } from "../config/routes";
import { tokensRouter } from "../tokens/routes";
import { exchangeRatesRouter } from "../exchange-rates/routes";
import { referenceDataRouter } from "../reference-data/routes";
import { webhooksRouter } from "../webhooks/routes";
import { sandboxRouter } from "../sandbox/routes";
import { customersRouter } from "../customers/routes";
import { internalAccountsRouter } from "../internal-accounts/routes";
import { externalAccountsRouter } from "../external-accounts/routes";
import { transactionsRouter } from "../transactions/routes";
import { transfersRouter } from "../transfers/routes";
import { quotesRouter } from "../quotes/routes";
import { receiversRouter } from "../receivers/routes";
import { verificationsRouter } from "../verifications/routes";
import { documentsRouter } from "../documents/routes";
import { beneficialOwnersRouter } from "../beneficial-owners/routes";
import { contactVerificationRouter } from "../contact-verification/routes";
import { invitationsRouter } from "../invitations/routes";
import { scaRouter } from "../sca/routes";
import { incomingPaymentsRouter } from "../incoming-payments/routes";
import { cryptoWithdrawalsRouter } from "../crypto-withdrawals/routes";
import { walletAuthRouter } from "../wallet-auth/routes";
import { stablecoinsRouter } from "../stablecoins/routes";
import { cardsRouter } from "../cards/routes";
import { cardsSandboxRouter } from "../cards/sandbox-routes";
import { agentsRouter } from "../agents/routes";
import { agentActionsRouter } from "../agents/action-routes";
import { agentMeRouter } from "../agents/me-routes";

const MAX_JSON_BYTES = 1024 * 1024;
/** File uploads (bulk CSV up to 5 MB, documents) get more room than JSON bodies. */
const MAX_UPLOAD_BYTES = 12 * 1024 * 1024;
const PUBLIC_PATHS = new Set([`${API_BASE_PATH}/openapi.json`]);
/** Operations that take no credentials but do use the database (agent installation). */
const UNAUTHENTICATED_PATHS = [new RegExp(`^${API_BASE_PATH}/agents/device-codes/[^/]+/redeem$`)];
const isUnauthenticated = (path: string) => UNAUTHENTICATED_PATHS.some((re) => re.test(path));

/**
 * Every area router, mounted at the base path. Adding an area = one line here. The first matching
 * route wins, so routers with fixed paths under /customers/… (internal and external accounts) must
 * come before customersRouter, whose /customers/{customerId} would otherwise catch them.
 */
const ROUTERS = [configRouter, tokensRouter, exchangeRatesRouter, referenceDataRouter, webhooksRouter, sandboxRouter, externalAccountsRouter, walletAuthRouter, internalAccountsRouter, transactionsRouter, transfersRouter, quotesRouter, receiversRouter, incomingPaymentsRouter, cryptoWithdrawalsRouter, verificationsRouter, documentsRouter, beneficialOwnersRouter, contactVerificationRouter, invitationsRouter, scaRouter, stablecoinsRouter, cardsRouter, cardsSandboxRouter, agentActionsRouter, agentMeRouter, agentsRouter, customersRouter];

/**
 * The Service API: request id, body limit, authentication, idempotency, the areas' routes, the
 * OpenAPI document, and one error envelope for everything that goes wrong (DESIGN.md "Errors").
 */
export function buildApi(deps: ApiDeps) {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  api.openAPIRegistry.registerComponent("securitySchemes", "BasicAuth", {
    type: "http",
    scheme: "basic",
    description: "API token: `clientId` as user name, `clientSecret` as password.",
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "AgentAuth", {
    type: "http",
    scheme: "bearer",
    description: "Agent access token from POST /agents/device-codes/{code}/redeem; only for /agents/me/**.",
  });

  api.use("*", async (c, next) => {
    const requestId = uuidv7();
    c.set("requestId", requestId);
    // On the Node response when there is one: c.header() makes a WHATWG Headers object per request,
    // which node-server then converts back; a response whose only header is its content type goes
    // out as a plain object.
    const outgoing = c.env?.outgoing;
    if (outgoing) outgoing.setHeader("X-Request-Id", requestId);
    else c.header("X-Request-Id", requestId);
    await next();
  });
  const limitFor = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new ServiceError("PAYLOAD_TOO_LARGE", `Request body exceeds ${maxSize} bytes`);
      },
    });
  const jsonLimit = limitFor(MAX_JSON_BYTES);
  const uploadLimit = limitFor(MAX_UPLOAD_BYTES);
  // GET and HEAD carry no body. A body with a Content-Length is checked from the header alone
  // (Node's parser never reads past it); hono's bodyLimit would first build a full Request from
  // the incoming message (~0.2 ms per request). Only chunked bodies are counted as they stream.
  api.use("*", (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const maxSize = c.req.header("content-type")?.startsWith("multipart/form-data") ? MAX_UPLOAD_BYTES : MAX_JSON_BYTES;
    const declared = c.req.header("content-length");
    if (declared !== undefined && c.req.header("transfer-encoding") === undefined) {
      if (Number(declared) > maxSize) throw new ServiceError("PAYLOAD_TOO_LARGE", `Request body exceeds ${maxSize} bytes`);
      return next();
    }
    return maxSize === MAX_UPLOAD_BYTES ? uploadLimit(c, next) : jsonLimit(c, next);
  });
  const auth = authenticate(deps);
  api.use("*", async (c, next) => {
    if (PUBLIC_PATHS.has(c.req.path)) return next();
    c.set("db", await deps.getDb());
    if (isUnauthenticated(c.req.path)) return next();
    return auth(c, next);
  });
  const limit = rateLimit(deps.rateLimitPerSecond ?? 100);
  api.use("*", (c, next) => (PUBLIC_PATHS.has(c.req.path) || isUnauthenticated(c.req.path) ? next() : limit(c, next)));
  api.use("*", (c, next) => (isUnauthenticated(c.req.path) ? next() : idempotency(c, next)));

  for (const router of ROUTERS) api.route("/", router);
  registerWebhooks(api);

  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Service API",
      version: API_VERSION,
      description: [
        "Payments, embedded-wallet and stablecoin service (sandbox). Errors share one envelope `{status, code, message, details?}`, one schema per status (`Error400`, `Error404`, …) whose `code` lists the codes that status carries; every response carries `X-Request-Id`. Besides the answers each operation lists, any operation may answer 413 PAYLOAD_TOO_LARGE (body over 1 MB, uploads 12 MB) and 429 RATE_LIMITED (back off for `Retry-After` seconds), and 409 CONFLICT for a write that collided with a concurrent one (`details.retryable`: nothing was written; send it again) or whose `Idempotency-Key` was already used for another body.",
        WEBHOOK_SIGNATURE_SUMMARY,
        SANDBOX_SUMMARY,
      ].join(" "),
    },
    servers: [{ url: API_BASE_PATH }],
    security: [{ BasicAuth: [] }],
  });

  // Errors and unknown paths are answered by the outer app alone: a sub-app with its own onError
  // has each of its handlers wrapped in one more error-catching layer when mounted (hono's route()),
  // a cost every request paid once per matched middleware.
  // Only the outer app's router matches requests (route() copies the areas' routes into it).
  const router = new SmartRouter<[H, RouterRoute]>({ routers: [new SegmentRouter(), new TrieRouter()] });
  return new Hono<AppEnv>({ router }).route(API_BASE_PATH, api).notFound((c) => notFound(api, c)).onError((err, c) => errorResponse(err, c, api));
}

export type ServiceApi = ReturnType<typeof buildApi>;

/**
 * 405 when the path exists with other methods, else 404, both in the envelope. A path with a
 * trailing slash is not the operation's path: 404 naming the path without it. One spelling per
 * operation, as the interface writes it, so a client that works here works against any
 * implementation, and a payment request to a mistyped path fails before anything moves.
 */
function notFound(api: OpenAPIHono<AppEnv>, c: Context<AppEnv>) {
  const path = c.req.path.startsWith(API_BASE_PATH) ? c.req.path.slice(API_BASE_PATH.length) || "/" : c.req.path;
  if (path.length > 1 && path.endsWith("/")) {
    const withoutSlash = path.replace(/\/+$/, "");
    const isServed = withoutSlash !== "" && api.routes.some((route) => route.method !== "ALL" && !route.path.includes("*") && routePattern(route.path).test(withoutSlash));
    if (isServed)
      return send(c, {
        status: 404,
        code: "NOT_FOUND",
        message: `No such endpoint: ${c.req.method} ${c.req.path}. API paths take no trailing slash: use ${c.req.method} ${API_BASE_PATH}${withoutSlash}`,
        details: { path: `${API_BASE_PATH}${withoutSlash}` },
      });
  }
  const allowed = new Set<string>();
  for (const route of api.routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    if (routePattern(route.path).test(path)) allowed.add(route.method);
  }
  if (allowed.size > 0) {
    c.header("Allow", [...allowed].join(", "));
    return send(c, { status: 405, code: "METHOD_NOT_ALLOWED", message: `${c.req.method} is not allowed on ${path}; allowed: ${[...allowed].join(", ")}` });
  }
  const suggestion = nearestPath(api, path);
  return send(c, {
    status: 404,
    code: "NOT_FOUND",
    message: `No such endpoint: ${c.req.method} ${c.req.path}.${suggestion ? ` Did you mean ${API_BASE_PATH}${suggestion}?` : ""} The API is described at ${API_BASE_PATH}/openapi.json`,
  });
}

/** A served path one or two typed letters away from `path` (/costumers → /customers), with its parameters as sent; or null. */
function nearestPath(api: OpenAPIHono<AppEnv>, path: string): string | null {
  const segments = path.split("/");
  let best: { path: string; distance: number } | null = null;
  for (const route of api.routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    const pattern = route.path.split("/");
    if (pattern.length !== segments.length) continue;
    let distance = 0;
    for (let i = 0; i < pattern.length && distance <= 2; i++) distance += pattern[i]!.startsWith(":") ? (segments[i] === "" ? 3 : 0) : editDistance(pattern[i]!, segments[i]!);
    if (distance > 0 && distance <= 2 && (!best || distance < best.distance))
      best = { path: pattern.map((part, i) => (part.startsWith(":") ? segments[i] : part)).join("/"), distance };
  }
  return best?.path ?? null;
}

function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

const patterns = new Map<string, RegExp>();
function routePattern(path: string): RegExp {
  let re = patterns.get(path);
  if (!re) {
    re = new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z0-9_]+/g, "[^/]+")}$`);
    patterns.set(path, re);
  }
  return re;
}

async function errorResponse(err: Error, c: Context<AppEnv>, api: OpenAPIHono<AppEnv>) {
  // An operation the idempotency middleware skips or refuses the key on is advised as if sent without one.
  const request = retriedRequestOf(c.req.method, isUnauthenticated(c.req.path) ? undefined : honouredIdempotencyKey(c));
  const known = isServiceError(err) ? err : (transientConflictError(err, request) ?? databaseBusyError(err, request) ?? transactionExpiredError(err, request) ?? databaseUnavailableError(err, request));
  if (known) {
    // An outage of the database is for the operators to see, whatever the client is told.
    if (known.code === "SERVICE_UNAVAILABLE" && !isServiceError(err))
      console.error(JSON.stringify({ level: "warn", msg: "database unavailable", requestId: c.get("requestId"), method: c.req.method, path: c.req.path, error: String(err), cause: String((err as { cause?: unknown }).cause ?? "") }));
    for (const [name, value] of Object.entries(known.headers ?? {})) c.header(name, value);
    if (known.status === 401) c.header("WWW-Authenticate", wwwAuthenticate(c.req.path));
    return send(c, known.toBody());
  }
  if (err instanceof HTTPException) {
    if (err.status === 415) return send(c, wrongContentType(c, requestBodyOf(api, c)));
    if (err.status === 400) return send(c, err.message.startsWith("Malformed JSON") ? await malformedJson(c, requestBodyOf(api, c)) : { status: 400, code: "INVALID_INPUT", message: err.message });
    if (err.status === 413) return send(c, { status: 413, code: "PAYLOAD_TOO_LARGE", message: err.message });
  }
  const requestId = c.get("requestId") ?? "unknown";
  console.error(JSON.stringify({ level: "error", msg: "unhandled error", requestId, method: c.req.method, path: c.req.path, error: err.stack ?? String(err) }));
  return send(c, {
    status: 500,
    code: "INTERNAL_ERROR",
    message: `An unexpected error occurred. Quote request id ${requestId} when contacting support.`,
    details: { requestId },
  });
}

interface RequestBodyDefinition {
  required: boolean;
  mediaTypes: string[];
  /** A form body's fields, required ones first. */
  formFields?: { required: string[]; optional: string[] };
}

const requestBodies = new WeakMap<OpenAPIHono<AppEnv>, Map<string, RequestBodyDefinition>>();
/** The request body the matched operation declares (its media types, a form's fields), from the OpenAPI registry. */
function requestBodyOf(api: OpenAPIHono<AppEnv>, c: Context<AppEnv>): RequestBodyDefinition | undefined {
  let bodies = requestBodies.get(api);
  if (!bodies) {
    bodies = new Map();
    for (const definition of api.openAPIRegistry.definitions) {
      if (definition.type !== "route") continue;
      const body = definition.route.request?.body;
      if (!body || !("content" in body)) continue;
      const content = body.content as Record<string, { schema?: unknown }>;
      const mediaTypes = Object.keys(content);
      const form = mediaTypes.find((type) => type === "multipart/form-data" || type === "application/x-www-form-urlencoded");
      const shape = form ? (content[form]?.schema as { shape?: Record<string, { safeParse: (v: unknown) => { success: boolean } }> } | undefined)?.shape : undefined;
      const fields = shape && Object.keys(shape);
      const formFields = shape && fields && { required: fields.filter((f) => !shape[f]!.safeParse(undefined).success), optional: fields.filter((f) => shape[f]!.safeParse(undefined).success) };
      const path = `${API_BASE_PATH}${definition.route.path.replace(/\{([^}]+)\}/g, ":$1")}`;
      bodies.set(`${definition.route.method.toUpperCase()} ${path}`, { required: body.required === true, mediaTypes, formFields });
    }
    requestBodies.set(api, bodies);
  }
  return bodies.get(`${c.req.method} ${c.req.routePath}`);
}

/** A body sent with a media type the operation does not take: say which it takes (and a form's fields) and what came. */
function wrongContentType(c: Context<AppEnv>, body: RequestBodyDefinition | undefined): ErrorBody {
  const expected = body?.mediaTypes ?? ["application/json"];
  const received = c.req.header("content-type")?.split(";")[0]?.trim() || undefined;
  const fields = body?.formFields && [body.formFields.required.length > 0 && `required ${body.formFields.required.join(", ")}`, body.formFields.optional.length > 0 && `optional ${body.formFields.optional.join(", ")}`].filter(Boolean).join("; ");
  return {
    status: 400,
    code: "INVALID_INPUT",
    message: `Content-Type must be ${expected.join(" or ")} for ${c.req.method} ${c.req.path.slice(API_BASE_PATH.length)}${fields ? ` (fields: ${fields})` : ""}; got ${received ?? "a body without a Content-Type"}`,
    details: { expectedContentType: expected, receivedContentType: received ?? null },
  };
}

/** The JSON parser's own words (with the position) for a body that is not JSON, and a plain answer for an empty one. */
async function malformedJson(c: Context<AppEnv>, body: RequestBodyDefinition | undefined): Promise<ErrorBody> {
  const text = await c.req.text().catch(() => "");
  if (text.trim() === "")
    return {
      status: 400,
      code: "INVALID_INPUT",
      message: body?.required === false ? "Request body is empty; send a JSON object, or no Content-Type header when there is nothing to send" : "Request body is empty; send a JSON object",
    };
  let reason = "";
  try {
    JSON.parse(text);
  } catch (e) {
    reason = e instanceof Error ? `: ${e.message}` : "";
  }
  return { status: 400, code: "INVALID_INPUT", message: `Request body is not valid JSON${reason}` };
}

function send(c: Context<AppEnv>, body: ErrorBody) {
  return c.json(body, body.status as 400);
}
