import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUIRED_PERMISSIONS } from "@/lib/client/generated/required-permissions";
import { createTestApp, type Credentials, type TestApp } from "../testing/test-app";
import { buildApi } from "./app";
import { PERMISSIONS, type Permission } from "./context";
import { API_BASE_PATH } from "./openapi";
import { missingPermissionError, REQUIRED_PERMISSION_EXTENSION, requiredPermissionOf } from "./required-permission";

type Operation = { method: string; path: string; security: unknown; permission: unknown };

/** Every operation of the document, with its x-required-permission (undefined when none). */
function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, security: operation.security, permission: operation[REQUIRED_PERMISSION_EXTENSION] })),
  );
}

/** What Hono actually runs: "METHOD /path/{param}" → the permission of a tagged requirePermission in that route's chain. */
function enforcedByRoutes(api: ReturnType<typeof buildApi>): Map<string, Permission> {
  const enforced = new Map<string, Permission>();
  for (const route of api.routes) {
    // route() wraps the handlers of a sub-app with an error handler of its own, keeping the original here.
    const permission = requiredPermissionOf(route.handler) ?? requiredPermissionOf((route.handler as { __COMPOSED_HANDLER?: unknown }).__COMPOSED_HANDLER);
    if (!permission) continue;
    const key = `${route.method} ${route.path.slice(API_BASE_PATH.length).replace(/:([^/]+)/g, "{$1}")}`;
    expect(enforced.get(key), `${key} has two permission checks`).toBeUndefined();
    enforced.set(key, permission);
  }
  return enforced;
}

describe(`${REQUIRED_PERMISSION_EXTENSION} in the OpenAPI document`, () => {
  const api = buildApi({ getDb: () => Promise.reject(new Error("no database needed")), internalKey: "unused" });
  let operations: Operation[];

  beforeAll(async () => {
    operations = operationsOf(await (await api.request(`${API_BASE_PATH}/openapi.json`)).json());
  });

  it("names, for exactly the operations whose route runs requirePermission(...), the permission it enforces", () => {
    const enforced = enforcedByRoutes(api);
    const documented = new Map(operations.filter((o) => o.permission !== undefined).map((o) => [`${o.method} ${o.path}`, o.permission]));
    expect(enforced.size).toBeGreaterThan(100);
    expect(documented.size).toBe(enforced.size);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(enforced));
    // …and the dashboard's HTTP transport checks against the same table.
    expect(Object.fromEntries(Object.entries(REQUIRED_PERMISSIONS).filter(([, p]) => p !== null))).toEqual(Object.fromEntries(enforced));
    expect(Object.keys(REQUIRED_PERMISSIONS).length).toBe(operations.length);
  });

  it("leaves out only operations a platform token cannot call: AgentAuth and unauthenticated ones", () => {
    const without = operations.filter((o) => o.permission === undefined);
    for (const o of without) expect(JSON.stringify(o.security), `${o.method} ${o.path} takes a platform token but requires no permission`).not.toContain("BasicAuth");
    expect(without.map((o) => `${o.method} ${o.path}`)).toContain("POST /agents/device-codes/{code}/redeem");
    for (const o of operations) if (o.permission !== undefined) expect(PERMISSIONS).toContain(o.permission);
  });
});

describe(`${REQUIRED_PERMISSION_EXTENSION} against real requests`, () => {
  let t: TestApp;
  let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;
  /** A token with every permission but the key. */
  const lacking = {} as Record<Permission, Credentials>;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    p = await t.createTestPlatform();
    for (const permission of PERMISSIONS) lacking[permission] = await p.tokenWith(PERMISSIONS.filter((q) => q !== permission));
    operations = operationsOf((await t.call("GET", "/openapi.json")).json).filter((o) => o.permission !== undefined);
  });
  afterAll(() => t.close());

  it("every operation refuses a token without its permission, with requirePermission's 403 word for word", async () => {
    const placeholder = "Customer:00000000-0000-7000-8000-000000000000";
    for (const o of operations) {
      const permission = o.permission as Permission;
      const path = o.path.replace(/\{[^}]+\}/g, placeholder);
      const res = await t.call(o.method, path, { auth: lacking[permission], ...(o.method === "GET" || o.method === "DELETE" ? {} : { body: {} }) });
      expect({ operation: `${o.method} ${o.path}`, status: res.status, body: res.json }).toEqual({
        operation: `${o.method} ${o.path}`,
        status: 403,
        body: missingPermissionError(permission, o.method, o.path).toBody(),
      });
    }
  });

  it("a token with just that permission gets past the check (spot checks)", async () => {
    const view = await p.tokenWith(["VIEW"]);
    expect((await t.call("GET", "/customers", { auth: view })).status).toBe(200);
    const manage = await p.tokenWith(["MANAGE"]);
    expect((await t.call("POST", "/tokens", { auth: manage, body: { name: "spot", permissions: ["VIEW"] } })).status).toBe(201);
    const account = (await t.call("GET", "/platform/internal-accounts", { auth: p.auth })).json.data[0].id as string;
    const transact = await p.tokenWith(["TRANSACT"]);
    expect((await t.call("POST", `/sandbox/internal-accounts/${account}/fund`, { auth: transact, body: { amount: 100 } })).status).toBe(200);
  });
});
