import { inject } from "vitest";
import { openDatabase, type Database } from "@/lib/db/open-database";
import type { SilenceLimits } from "@/lib/db/silent-connection";
import { buildApi } from "../http/app";
import { API_BASE_PATH } from "../http/openapi";
import { createPlatform } from "../platforms/create-platform";
import { createToken } from "../tokens/create-token";
import type { Permission } from "../http/context";
import { forgetAllTokens } from "../tokens/authenticate-token";
import { contractProblems } from "./answer-contract";

/** The API against this run's fresh PostgreSQL database, called in-process with app.request(). */
export async function createTestApp(options: { rateLimitPerSecond?: number; silenceLimits?: SilenceLimits } = {}) {
  const database: Database = await openDatabase({ url: inject("databaseUrl"), silenceLimits: options.silenceLimits });
  const db = database.prisma;
  const internalKey = "test-internal-key";
  // Unlimited unless a test is about the limit: tests fire requests faster than any client should.
  const api = buildApi({ getDb: async () => db, internalKey, rateLimitPerSecond: options.rateLimitPerSecond ?? 0 });

  async function call(
    method: string,
    path: string,
    options: { auth?: Credentials | string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.auth && typeof options.auth === "object") headers.authorization = basic(options.auth);
    else if (typeof options.auth === "string") headers.authorization = options.auth;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    const res = await api.request(`${API_BASE_PATH}${path}`, { method, headers, body });
    const text = await res.text();
    let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests assert on the shape
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: tests read `text`
    }
    // Every test is also a check of the OpenAPI document against what the API really answers.
    const problems = contractProblems({ method, path, requestHeaders: headers, status: res.status, contentType: res.headers.get("content-type"), json, text });
    if (problems.length > 0) throw new Error(`The answer does not match lib/client/generated/openapi.json (fix the route's schema or the code, then \`npm run openapi\`):\n${problems.join("\n")}`);
    return { status: res.status, headers: res.headers, json, text };
  }

  /** A new sandbox platform with a token of the given permissions (all three by default). */
  async function createTestPlatform(permissions: Permission[] = ["VIEW", "TRANSACT", "MANAGE"]) {
    const platform = await createPlatform(db, { name: `Test platform ${Math.random().toString(36).slice(2, 8)}` });
    const token = await createToken(db, { platformId: platform.id, name: "test", permissions });
    const auth: Credentials = { clientId: token.clientId, clientSecret: token.clientSecret! };
    return { platform, token, auth, tokenWith: (p: Permission[]) => tokenFor(platform.id, p) };
  }

  async function tokenFor(platformId: string, permissions: Permission[]): Promise<Credentials> {
    const token = await createToken(db, { platformId, name: `test ${permissions.join("+") || "none"}`, permissions });
    return { clientId: token.clientId, clientSecret: token.clientSecret! };
  }

  /** Makes a platform PRODUCTION, as the product never does; its cached credentials see it at once. */
  async function makeProduction(platformId: string) {
    await db.platform.update({ where: { id: platformId }, data: { environment: "PRODUCTION" } });
    forgetAllTokens();
  }

  /**
   * Opens the pool's connections before a concurrency test: on a cold pool the first request is done
   * while the others still connect, so "concurrent" requests would run one after another.
   */
  const warmPool = async () => {
    await Promise.all(Array.from({ length: 10 }, () => db.$queryRaw`SELECT 1 FROM pg_sleep(0.01)`));
  };

  return { api, db, call, createTestPlatform, makeProduction, warmPool, internalKey, close: () => database.close() };
}

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export function basic({ clientId, clientSecret }: Credentials): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
