import type { ServerResponse } from "node:http";
import type { Db } from "../db";

export const PERMISSIONS = ["VIEW", "TRANSACT", "MANAGE"] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface AuthContext {
  platformId: string;
  environment: "SANDBOX" | "PRODUCTION";
  permissions: ReadonlySet<Permission>;
  /**
   * Who is calling: an API token, a signed-in staff user through the dashboard, or an agent
   * (AgentAuth bearer; no permissions, only /agents/me/** of its one customer).
   */
  principal: { kind: "token"; tokenId: string } | { kind: "staff"; staffUserId: string } | { kind: "agent"; agentId: string; customerId: string };
}

export interface AppEnv {
  /** Under the Node server (@hono/node-server) the raw response; absent for in-process fetch calls. */
  Bindings: { outgoing?: ServerResponse } | undefined;
  Variables: {
    requestId: string;
    db: Db;
    auth: AuthContext;
  };
}

export interface ApiDeps {
  /** Opens (once) and returns the database. */
  getDb: () => Promise<Db>;
  /**
   * Random per-process key that lets the dashboard's in-process calls act for a signed-in staff
   * user. It never leaves the process, so the staff headers cannot be forged over HTTP.
   */
  internalKey: string;
  /** Requests per second per API token (0 = unlimited); see rate-limit.ts. Default 100. */
  rateLimitPerSecond?: number;
}
