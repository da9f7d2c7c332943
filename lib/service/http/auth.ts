import { createHash, timingSafeEqual } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { ServiceError } from "./errors";
import { PERMISSIONS, type ApiDeps, type AppEnv, type AuthContext, type Permission } from "./context";
import { authenticateToken } from "../tokens/authenticate-token";
import { missingPermissionError, tagRequiredPermission } from "./required-permission";

export const STAFF_HEADERS = {
  key: "x-service-internal-key",
  platform: "x-service-staff-platform",
  staff: "x-service-staff-user",
  permissions: "x-service-staff-permissions",
} as const;

function unauthorized(reason: string): ServiceError {
  return new ServiceError("UNAUTHORIZED", `Authentication failed: ${reason}`, { details: { reason } });
}

const AGENT_PATH = /^\/api\/[^/]+\/agents\/me(\/|$)/;

/** The challenge a 401 carries (RFC 9110 §11.6.1): Basic for the platform's API token, Bearer on the agents' own paths. */
export function wwwAuthenticate(path: string): string {
  return AGENT_PATH.test(path) ? 'Bearer realm="Service API agents"' : 'Basic realm="Service API", charset="UTF-8"';
}

/** HTTP Basic with an API token (SPEC.md § Authentication), or the dashboard's in-process staff call. */
export function authenticate(deps: ApiDeps) {
  const internalKey = Buffer.from(deps.internalKey);
  return createMiddleware<AppEnv>(async (c, next) => {
    const db = c.get("db");
    const staffKey = c.req.header(STAFF_HEADERS.key);
    if (staffKey !== undefined) {
      c.set("auth", await staffAuth(c.req.header.bind(c.req), staffKey, internalKey, db));
      return next();
    }
    const header = c.req.header("authorization");
    if (!header) throw unauthorized("missing Authorization header; send HTTP Basic credentials: clientId as user name, clientSecret as password");
    const isAgentPath = AGENT_PATH.test(c.req.path);
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (bearer && isAgentPath) {
      c.set("auth", await agentAuth(db, bearer[1]!));
      return next();
    }
    if (bearer && (await agentAuth(db, bearer[1]!).catch(() => null)))
      throw new ServiceError("FORBIDDEN", "An agent credential can only call /agents/me/**; platform endpoints need the platform's HTTP Basic API token");
    if (isAgentPath) throw unauthorized("/agents/me/** takes the agent's credential: send Authorization: Bearer <accessToken> from the device-code redeem");
    const basic = /^Basic\s+(\S*)\s*$/i.exec(header);
    if (!basic)
      throw unauthorized(bearer ? "Authorization header is not HTTP Basic; Bearer tokens are only for agents on /agents/me/**" : "Authorization header is not HTTP Basic");
    if (!/^[A-Za-z0-9+/=_-]+$/.test(basic[1]!))
      throw unauthorized(`Basic credentials must be base64 of clientId:clientSecret${basic[1]!.includes(":") ? " (these look unencoded)" : ""}`);
    const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon <= 0 || colon === decoded.length - 1) throw unauthorized("Basic credentials must be clientId:clientSecret");
    const clientId = decoded.slice(0, colon);
    const result = await authenticateToken(db, clientId, decoded.slice(colon + 1));
    // `Token:<uuid>:<secret>` splits at its first colon into the user name "Token": the token's id, not its clientId.
    if (!result.ok && result.reason === "unknown clientId" && clientId.toLowerCase() === "token")
      throw unauthorized("unknown clientId: the user name is the token's clientId (the bare uuid), not its Token:<uuid> id");
    if (!result.ok) throw unauthorized(result.reason);
    c.set("auth", result.auth);
    return next();
  });
}

/** AgentAuth: the bearer token returned once by POST /agents/device-codes/{code}/redeem, stored hashed; dead once the agent is deleted. */
async function agentAuth(db: AppEnv["Variables"]["db"], accessToken: string): Promise<AuthContext> {
  const agent = await db.agent.findUnique({ where: { accessTokenHash: sha256Hex(accessToken) }, include: { platform: { select: { environment: true } } } });
  if (!agent || agent.deletedAt) throw unauthorized("unknown or revoked agent access token");
  return { platformId: agent.platformId, environment: agent.platform.environment, permissions: new Set(), principal: { kind: "agent", agentId: agent.id, customerId: agent.customerId } };
}

async function staffAuth(
  header: (name: string) => string | undefined,
  presentedKey: string,
  internalKey: Buffer,
  db: AppEnv["Variables"]["db"],
): Promise<AuthContext> {
  const presented = Buffer.from(presentedKey);
  if (presented.length !== internalKey.length || !timingSafeEqual(presented, internalKey)) throw unauthorized("invalid internal key");
  const platformId = header(STAFF_HEADERS.platform) ?? "";
  const staffUserId = header(STAFF_HEADERS.staff) ?? "";
  const platform = await db.platform.findUnique({ where: { id: platformId }, select: { environment: true } });
  if (!platform) throw unauthorized("unknown platform");
  const permissions = (header(STAFF_HEADERS.permissions) ?? "")
    .split(",")
    .filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p));
  return { platformId, environment: platform.environment, permissions: new Set(permissions), principal: { kind: "staff", staffUserId } };
}

/**
 * 403 FORBIDDEN unless the caller's token carries `permission`. Tagged, so that the route's
 * operation in the OpenAPI document states it as `x-required-permission` (required-permission.ts).
 */
export function requirePermission(permission: Permission) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get("auth").permissions.has(permission)) throw missingPermissionError(permission, c.req.method, c.req.routePath.replace(/^\/api\/[^/]+/, ""));
    return next();
  });
  return tagRequiredPermission(middleware, permission);
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
