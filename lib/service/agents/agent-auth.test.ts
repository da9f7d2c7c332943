import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../external-accounts/external-account-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;
let customerId: string;

const POLICY = { permissions: ["VIEW_TRANSACTIONS"], defaultExecutionMode: "AUTO", spendingLimits: { currency: "USD", perTransactionLimit: 1000 } };

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
  customerId = await createCustomer(t, p.auth);
});
afterAll(() => t.close());

/** A connected agent and its `Bearer …` header. */
async function installAgent() {
  const created = await t.call("POST", "/agents", { auth: p.auth, body: { name: "Helper", customerId, policy: POLICY } });
  const redeemed = await t.call("POST", `/agents/device-codes/${created.json.deviceCode.code}/redeem`);
  return { agentId: created.json.agent.id as string, bearer: `Bearer ${redeemed.json.accessToken as string}` };
}

describe("AgentAuth", () => {
  it("GET /agents/me answers the calling agent", async () => {
    const { agentId, bearer } = await installAgent();
    const me = await t.call("GET", "/agents/me", { auth: bearer });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: agentId, customerId, isConnected: true, policy: POLICY });
  });

  it("an agent credential cannot call platform endpoints (403) and a platform token cannot call /agents/me (401)", async () => {
    const { agentId, bearer } = await installAgent();
    for (const [method, path] of [["GET", "/customers"], ["GET", `/agents/${agentId}`], ["GET", "/agents"], ["POST", "/agents"], ["GET", "/transactions"]] as const) {
      const res = await t.call(method, path, { auth: bearer, body: method === "POST" ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.code).toBe("FORBIDDEN");
    }
    const platform = await t.call("GET", "/agents/me", { auth: p.auth });
    expect(platform.status).toBe(401);
    expect(platform.json.code).toBe("UNAUTHORIZED");
    expect((await t.call("GET", "/agents/me")).status).toBe(401);
    expect((await t.call("GET", "/agents/me", { auth: "Bearer agt_not-a-real-token" })).status).toBe(401);
  });

  it("a paused agent gets 403 until resumed", async () => {
    const { agentId, bearer } = await installAgent();
    await t.call("PATCH", `/agents/${agentId}`, { auth: p.auth, body: { isPaused: true } });
    const paused = await t.call("GET", "/agents/me", { auth: bearer });
    expect(paused.status).toBe(403);
    expect(paused.json.message).toContain("paused");
    await t.call("PATCH", `/agents/${agentId}`, { auth: p.auth, body: { isPaused: false } });
    expect((await t.call("GET", "/agents/me", { auth: bearer })).status).toBe(200);
  });

  it("deleting the agent revokes its credential (401)", async () => {
    const { agentId, bearer } = await installAgent();
    expect((await t.call("GET", "/agents/me", { auth: bearer })).status).toBe(200);
    expect((await t.call("DELETE", `/agents/${agentId}`, { auth: p.auth })).status).toBe(204);
    const after = await t.call("GET", "/agents/me", { auth: bearer });
    expect(after.status).toBe(401);
    expect(after.json.code).toBe("UNAUTHORIZED");
  });
});
