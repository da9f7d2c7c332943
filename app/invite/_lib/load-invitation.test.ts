// The public /invite/<code> page's lookup: the invitation as GET /invitations/{code} answers it, for
// the embedded service (the default) and for SERVICE_BASE_URL; an unknown or malformed code is none.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, type TestApp } from "@/lib/service/testing/test-app";
import { API_BASE_PATH } from "@/lib/service/http/openapi";
import { services } from "@/lib/services";
import { loadInvitation } from "./load-invitation";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;
let server: http.Server;
let baseUrl: string;
let code: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
  expect((await t.call("PATCH", "/config", { auth: p.auth, body: { umaDomain: "invite.example.com" } })).status).toBe(200);
  const created = await t.call("POST", "/invitations", { auth: p.auth, body: { inviterUma: "$alice@invite.example.com", firstName: "Eve", amountToSend: 500 } });
  expect(created.status).toBe(201);
  code = created.json.code;
  server = http.createServer(getRequestListener(t.api.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_BASE_PATH}`;
  process.env.DATABASE_URL = inject("databaseUrl"); // the embedded service (services()) on this run's database
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await services().close();
  await t.close();
});

describe.each([
  ["the embedded service", () => delete process.env.SERVICE_BASE_URL],
  [
    "SERVICE_BASE_URL",
    () => Object.assign(process.env, { SERVICE_BASE_URL: baseUrl, SERVICE_CLIENT_ID: p.auth.clientId, SERVICE_CLIENT_SECRET: p.auth.clientSecret }),
  ],
])("loadInvitation through %s", (_, use) => {
  it("answers the invitation as the API shows it, whatever the case of the code", async () => {
    use();
    expect(await loadInvitation(code)).toMatchObject({ code, status: "PENDING", inviterUma: "$alice@invite.example.com", firstName: "Eve", amountToSend: { amount: 500 } });
    expect((await loadInvitation(code.toLowerCase()))?.code).toBe(code);
  });

  it("answers null for a code no invitation has, or one that cannot be a code", async () => {
    use();
    expect(await loadInvitation("NOPE0000")).toBeNull();
    expect(await loadInvitation("../config")).toBeNull();
    expect(await loadInvitation("x".repeat(65))).toBeNull();
  });
});
