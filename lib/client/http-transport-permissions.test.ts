// The dashboard against SERVICE_BASE_URL: every call goes out with one API token, so the staff
// user's role is enforced by the client, answering as the API would and sending nothing. That
// serviceClient() hands the signed-in user's role to it: e2e/errors/remote-service.spec.ts.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@/lib/service/testing/test-app";
import { API_BASE_PATH } from "@/lib/service/http/openapi";
import { ROLE_PERMISSIONS, type StaffRole } from "@/lib/service/staff/roles";
import { createServiceClient } from "./create-client";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;
let server: http.Server;
let baseUrl: string;
/** What reached the Service API over HTTP, as "METHOD /path". */
const received: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform(); // p.auth: the dashboard's one API token, with every permission
  const listener = getRequestListener(t.api.fetch);
  server = http.createServer((req, res) => {
    received.push(`${req.method} ${decodeURIComponent(req.url ?? "").slice(API_BASE_PATH.length)}`);
    return listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_BASE_PATH}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});
afterEach(() => {
  received.length = 0;
});

const clientFor = (role: StaffRole) => createServiceClient({ kind: "http", baseUrl, ...p.auth, permissions: ROLE_PERMISSIONS[role] });
const tokenCount = async () => t.db.apiToken.count({ where: { platformId: p.platform.id } });
const newToken = { name: "from the dashboard", permissions: ["VIEW" as const] };

/** What the API itself answers a token with just these permissions. */
async function apiAnswer(role: StaffRole, method: string, path: string, body?: unknown) {
  const res = await t.call(method, path, { auth: await p.tokenWith([...ROLE_PERMISSIONS[role]]), body });
  return { status: res.status, body: res.json };
}

describe("the HTTP transport with a staff user's permissions", () => {
  it("refuses a Support user's MANAGE call (POST /tokens) as the API would, and sends nothing", async () => {
    const apiWould = await apiAnswer("SUPPORT", "POST", "/tokens", newToken);
    const before = await tokenCount();
    const { data, error, response } = await clientFor("SUPPORT").POST("/tokens", { body: newToken });
    expect(data).toBeUndefined();
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(error).toEqual({
      status: 403,
      code: "FORBIDDEN",
      message: "This credential lacks the MANAGE permission required for POST /tokens",
      details: { requiredPermission: "MANAGE" },
    });
    expect({ status: response.status, body: error }).toEqual(apiWould);
    expect(received).toEqual([]);
    expect(await tokenCount()).toBe(before);
  });

  it("refuses with the path as the API names it (templated path, DELETE)", async () => {
    const tokenId = (await t.call("POST", "/tokens", { auth: p.auth, body: { name: "to keep", permissions: ["VIEW"] } })).json.id as string;
    const { error, response } = await clientFor("OPERATOR").DELETE("/tokens/{tokenId}", { params: { path: { tokenId } } });
    expect(received).toEqual([]);
    expect({ status: response.status, body: error }).toEqual(await apiAnswer("OPERATOR", "DELETE", `/tokens/${tokenId}`));
    expect((error as { message: string }).message).toBe("This credential lacks the MANAGE permission required for DELETE /tokens/:tokenId");
    // A path built by hand is matched to its template by the URL.
    const byHand = (await (clientFor("OPERATOR").DELETE as (path: string) => Promise<{ error?: unknown; response: Response }>)(`/tokens/${tokenId}`));
    expect({ status: byHand.response.status, body: byHand.error }).toEqual({ status: response.status, body: error });
    expect(received).toEqual([]);
    expect((await t.call("GET", `/tokens/${tokenId}`, { auth: p.auth })).status).toBe(200);
  });

  it("lets a Support user's VIEW call through", async () => {
    const { data, response } = await clientFor("SUPPORT").GET("/customers");
    expect(response.status).toBe(200);
    expect(data?.data).toEqual(expect.any(Array));
    expect(received).toEqual(["GET /customers"]);
  });

  it("lets an Operator TRANSACT but not MANAGE", async () => {
    const operator = clientFor("OPERATOR");
    const accounts = await operator.GET("/platform/internal-accounts");
    const accountId = accounts.data!.data[0]!.id;
    const funded = await operator.POST("/sandbox/internal-accounts/{accountId}/fund", { params: { path: { accountId } }, body: { amount: 100 } });
    expect(funded.response.status).toBe(200);
    const config = await operator.PATCH("/config", { body: { umaDomain: "operator.example.com" } });
    expect(config.response.status).toBe(403);
    expect(config.error).toMatchObject({ code: "FORBIDDEN", details: { requiredPermission: "MANAGE" } });
    expect(received).toEqual(["GET /platform/internal-accounts", `POST /sandbox/internal-accounts/${accountId}/fund`]);
  });

  it("lets an Admin do everything the token may", async () => {
    const before = await tokenCount();
    const { data, response } = await clientFor("ADMIN").POST("/tokens", { body: newToken });
    expect(response.status).toBe(201);
    expect(data?.clientSecret).toEqual(expect.any(String));
    expect(received).toEqual(["POST /tokens"]);
    expect(await tokenCount()).toBe(before + 1);
  });

  it("without permissions (not a staff user's client) leaves the token as the only limit", async () => {
    const { response } = await createServiceClient({ kind: "http", baseUrl, ...p.auth }).POST("/tokens", { body: newToken });
    expect(response.status).toBe(201);
    expect(received).toEqual(["POST /tokens"]);
  });
});
