import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../external-accounts/external-account-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { AgentCreateResponseSchema, AgentSchema } from "./schemas";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;
let customerId: string;

const POLICY = {
  permissions: ["VIEW_TRANSACTIONS", "CREATE_QUOTES"],
  defaultExecutionMode: "AUTO",
  spendingLimits: { currency: "USD", perTransactionLimit: 10_000, dailyLimit: 50_000 },
};

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
  customerId = await createCustomer(t, p.auth);
});
afterAll(() => t.close());

const create = async (name = "Budget bot", auth = p.auth, owner = customerId) => {
  const res = await t.call("POST", "/agents", { auth, body: { name, customerId: owner, policy: POLICY } });
  return res;
};
const advance = (seconds: number) => t.call("POST", "/sandbox/clock/advance", { auth: p.auth, body: { seconds } });

describe("agent management", () => {
  it("creates an agent with a 15-minute ABCD-2345 device code, readable and listed", async () => {
    const res = await create();
    expect(res.status).toBe(201);
    expect(AgentCreateResponseSchema.safeParse(res.json).success).toBe(true);
    const { agent, deviceCode } = res.json;
    expect(agent).toMatchObject({ name: "Budget bot", customerId, isPaused: false, isConnected: false, policy: POLICY, usage: { dailyTransactionCount: 0, dailySpend: 0, monthlySpend: 0 } });
    expect(agent.id).toMatch(/^Agent:[0-9a-f-]{36}$/);
    expect(deviceCode.code).toMatch(/^[A-Z]{4}-[2-9]{4}$/);
    expect(deviceCode).toMatchObject({ agentId: agent.id, redeemed: false });
    expect(new Date(deviceCode.expiresAt).getTime() - new Date(agent.createdAt).getTime()).toBe(15 * 60 * 1000);

    const read = await t.call("GET", `/agents/${agent.id}`, { auth: p.auth });
    expect(read.status).toBe(200);
    expect(AgentSchema.safeParse(read.json).success).toBe(true);
    expect(read.json).toEqual(agent);
    const badFilter = await t.call("GET", "/agents?customerId=nonsense", { auth: p.auth });
    expect(badFilter.status).toBe(400);
    expect(badFilter.json.details.errors[0].field).toBe("customerId");
    const list = await t.call("GET", `/agents?customerId=${customerId}`, { auth: p.auth });
    expect(list.status).toBe(200);
    expect(list.json.data.map((a: { id: string }) => a.id)).toContain(agent.id);
  });

  it("rejects an invalid policy listing the fields, an unknown customer with 404, and needs MANAGE", async () => {
    const bad = await t.call("POST", "/agents", { auth: p.auth, body: { name: "x", customerId, policy: { permissions: ["FLY"], defaultExecutionMode: "AUTO", spendingLimits: { currency: "USD", perTransactionLimit: -1 } } } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("INVALID_INPUT");
    const fields = bad.json.details.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["policy.permissions.0", "policy.spendingLimits.perTransactionLimit"]));
    const unknown = await create("x", p.auth, "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10");
    expect(unknown.status).toBe(404);
    const viewOnly = await p.tokenWith(["VIEW"]);
    expect((await create("x", viewOnly)).status).toBe(403);
  });

  it("another platform cannot see or change the agent (404)", async () => {
    const { agent } = (await create()).json;
    const other = await t.createTestPlatform();
    expect((await t.call("GET", `/agents/${agent.id}`, { auth: other.auth })).status).toBe(404);
    expect((await t.call("PATCH", `/agents/${agent.id}`, { auth: other.auth, body: { isPaused: true } })).status).toBe(404);
    expect((await t.call("DELETE", `/agents/${agent.id}`, { auth: other.auth })).status).toBe(404);
    expect((await t.call("GET", `/agents/nonsense`, { auth: p.auth })).status).toBe(404);
  });

  it("renames, pauses and resumes; filters by isPaused", async () => {
    const { agent } = (await create()).json;
    const paused = await t.call("PATCH", `/agents/${agent.id}`, { auth: p.auth, body: { isPaused: true, name: "Renamed" } });
    expect(paused.status).toBe(200);
    expect(paused.json).toMatchObject({ isPaused: true, name: "Renamed" });
    const list = await t.call("GET", `/agents?isPaused=true`, { auth: p.auth });
    expect(list.json.data.map((a: { id: string }) => a.id)).toEqual([agent.id]);
    const resumed = await t.call("PATCH", `/agents/${agent.id}`, { auth: p.auth, body: { isPaused: false } });
    expect(resumed.json).toMatchObject({ isPaused: false, name: "Renamed" });
  });

  it("PATCH /policy changes only the fields sent (spendingLimits merged, permissions replaced)", async () => {
    const { agent } = (await create()).json;
    const res = await t.call("PATCH", `/agents/${agent.id}/policy`, { auth: p.auth, body: { permissions: ["CREATE_TRANSFERS"], spendingLimits: { perTransactionLimit: 500 } } });
    expect(res.status).toBe(200);
    expect(res.json.policy).toEqual({
      permissions: ["CREATE_TRANSFERS"],
      defaultExecutionMode: "AUTO",
      spendingLimits: { currency: "USD", perTransactionLimit: 500, dailyLimit: 50_000 },
    });
    const bad = await t.call("PATCH", `/agents/${agent.id}/policy`, { auth: p.auth, body: { defaultExecutionMode: "SOMETIMES" } });
    expect(bad.status).toBe(400);
  });

  it("concurrent policy patches of different fields all land (none overwrites another with a stale policy)", async () => {
    const { agent } = (await create()).json;
    const patches = [
      { permissions: ["VIEW_TRANSACTIONS", "CREATE_QUOTES", "EXECUTE_QUOTES"] },
      { defaultExecutionMode: "APPROVAL_REQUIRED" },
      { spendingLimits: { perTransactionLimit: 700 } },
      { spendingLimits: { monthlyLimit: 90_000 } },
      { approvalThresholds: { amount: 5_000 } },
    ];
    const answers = await Promise.all(patches.map((body) => t.call("PATCH", `/agents/${agent.id}/policy`, { auth: p.auth, body })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const read = await t.call("GET", `/agents/${agent.id}`, { auth: p.auth });
    expect(read.json.policy).toEqual({
      permissions: ["VIEW_TRANSACTIONS", "CREATE_QUOTES", "EXECUTE_QUOTES"],
      defaultExecutionMode: "APPROVAL_REQUIRED",
      spendingLimits: { currency: "USD", perTransactionLimit: 700, dailyLimit: 50_000, monthlyLimit: 90_000 },
      approvalThresholds: { amount: 5_000 },
    });
  });

  it("concurrent deletes of one agent: one 204, the others 404", async () => {
    const { agent } = (await create()).json;
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call("DELETE", `/agents/${agent.id}`, { auth: p.auth })));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 404, 404, 404, 404]);
  });

  it("DELETE → 204, then 404 and not listed", async () => {
    const { agent } = (await create()).json;
    expect((await t.call("DELETE", `/agents/${agent.id}`, { auth: p.auth })).status).toBe(204);
    expect((await t.call("GET", `/agents/${agent.id}`, { auth: p.auth })).status).toBe(404);
    const list = await t.call("GET", `/agents?limit=100`, { auth: p.auth });
    expect(list.json.data.map((a: { id: string }) => a.id)).not.toContain(agent.id);
  });
});

describe("device codes", () => {
  it("redeem without credentials returns the token once; the code is then redeemed and single use", async () => {
    const { agent, deviceCode } = (await create()).json;
    const res = await t.call("POST", `/agents/device-codes/${deviceCode.code}/redeem`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ agentId: agent.id, agentName: "Budget bot", policy: POLICY });
    expect(res.json.accessToken).toMatch(/^agt_.{40,}$/);
    const row = await t.db.agent.findFirstOrThrow({ where: { id: agent.id.split(":")[1] } });
    expect(row.accessTokenHash).not.toContain(res.json.accessToken);
    expect(row.accessTokenHash).toHaveLength(64);

    const status = await t.call("GET", `/agents/device-codes/${deviceCode.code}/status`, { auth: p.auth });
    expect(status.json).toEqual({ code: deviceCode.code, redeemed: true });
    expect((await t.call("GET", `/agents/${agent.id}`, { auth: p.auth })).json.isConnected).toBe(true);

    const again = await t.call("POST", `/agents/device-codes/${deviceCode.code}/redeem`);
    expect(again.status).toBe(400);
    expect(again.json.code).toBe("INVALID_INPUT");
    // connected: no new code
    const more = await t.call("POST", `/agents/${agent.id}/device-codes`, { auth: p.auth });
    expect(more.status).toBe(409);
  });

  it("unknown code → 404 on redeem and status; status needs credentials", async () => {
    expect((await t.call("POST", `/agents/device-codes/ZZZZ-9999/redeem`)).status).toBe(404);
    expect((await t.call("GET", `/agents/device-codes/ZZZZ-9999/status`, { auth: p.auth })).status).toBe(404);
    expect((await t.call("GET", `/agents/device-codes/ZZZZ-9999/status`)).status).toBe(401);
  });

  it("a new code voids the unredeemed one (400 on redeem)", async () => {
    const { agent, deviceCode } = (await create()).json;
    const fresh = await t.call("POST", `/agents/${agent.id}/device-codes`, { auth: p.auth });
    expect(fresh.status).toBe(201);
    expect(fresh.json.code).not.toBe(deviceCode.code);
    expect((await t.call("POST", `/agents/device-codes/${deviceCode.code}/redeem`)).status).toBe(400);
    expect((await t.call("POST", `/agents/device-codes/${fresh.json.code}/redeem`)).status).toBe(200);
  });

  it("status of a replaced or expired unredeemed code is 404 saying why, so a poller stops; the newest code reports redeemed", async () => {
    const { agent, deviceCode } = (await create()).json;
    const fresh = await t.call("POST", `/agents/${agent.id}/device-codes`, { auth: p.auth });
    const replaced = await t.call("GET", `/agents/device-codes/${deviceCode.code}/status`, { auth: p.auth });
    expect(replaced.status, replaced.text).toBe(404);
    expect(replaced.json).toMatchObject({ code: "NOT_FOUND", details: { code: deviceCode.code, agentId: agent.id, reason: "REPLACED" } });
    expect(replaced.json.message).toContain("replaced by a newer one");
    expect((await t.call("GET", `/agents/device-codes/${fresh.json.code}/status`, { auth: p.auth })).json).toEqual({ code: fresh.json.code, redeemed: false });
    expect((await t.call("POST", `/agents/device-codes/${fresh.json.code}/redeem`)).status).toBe(200);
    expect((await t.call("GET", `/agents/device-codes/${fresh.json.code}/status`, { auth: p.auth })).json).toEqual({ code: fresh.json.code, redeemed: true });
    // Still replaced (not "redeemed") after the newer code connected the agent.
    expect((await t.call("GET", `/agents/device-codes/${deviceCode.code}/status`, { auth: p.auth })).json.details.reason).toBe("REPLACED");

    const idle = (await create()).json;
    expect((await advance(15 * 60)).status).toBe(200);
    const expired = await t.call("GET", `/agents/device-codes/${idle.deviceCode.code}/status`, { auth: p.auth });
    expect(expired.status, expired.text).toBe(404);
    expect(expired.json).toMatchObject({ details: { reason: "EXPIRED", agentId: idle.agent.id } });
    expect(expired.json.message).toContain(`POST /agents/${idle.agent.id}/device-codes`);
  });

  it("a code redeems until 15 minutes and fails after (sandbox clock)", async () => {
    const first = (await create()).json;
    const second = (await create()).json;
    expect((await advance(15 * 60 - 1)).status).toBe(200);
    expect((await t.call("POST", `/agents/device-codes/${first.deviceCode.code}/redeem`)).status).toBe(200);
    expect((await advance(1)).status).toBe(200);
    const late = await t.call("POST", `/agents/device-codes/${second.deviceCode.code}/redeem`);
    expect(late.status).toBe(400);
    expect(late.json.message).toContain("expired");
  });

  it("concurrent new codes leave one live code, and of all the codes one redeem connects the agent", async () => {
    const { agent, deviceCode } = (await create()).json;
    const fresh = await Promise.all(Array.from({ length: 5 }, () => t.call("POST", `/agents/${agent.id}/device-codes`, { auth: p.auth })));
    expect(fresh.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const agentUuid = agent.id.split(":")[1];
    expect(await t.db.agentDeviceCode.count({ where: { agentId: agentUuid, redeemedAt: null, voidedAt: null } })).toBe(1);

    const codes = [deviceCode.code, ...fresh.map((r) => r.json.code as string)];
    const redeems = await Promise.all(codes.map((code) => t.call("POST", `/agents/device-codes/${code}/redeem`)));
    expect(redeems.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const winner = redeems.find((r) => r.status === 200)!;
    expect((await t.call("GET", "/agents/me", { auth: `Bearer ${winner.json.accessToken as string}` })).status).toBe(200);
  });

  it("a new code racing the redeem of the current one: never a connected agent with a live code", async () => {
    for (let i = 0; i < 5; i++) {
      const { agent, deviceCode } = (await create()).json;
      const [redeem, fresh] = await Promise.all([t.call("POST", `/agents/device-codes/${deviceCode.code}/redeem`), t.call("POST", `/agents/${agent.id}/device-codes`, { auth: p.auth })]);
      // Either order is fine: redeem first → no new code (409); new code first → the old one is void (400).
      expect([[200, 409], [400, 201]]).toContainEqual([redeem.status, fresh.status]);
      const live = await t.db.agentDeviceCode.count({ where: { agentId: agent.id.split(":")[1], redeemedAt: null, voidedAt: null } });
      expect(live).toBe(redeem.status === 200 ? 0 : 1);
    }
  });

  it("a deleted agent's codes are dead (404)", async () => {
    const { agent, deviceCode } = (await create()).json;
    await t.call("DELETE", `/agents/${agent.id}`, { auth: p.auth });
    expect((await t.call("POST", `/agents/device-codes/${deviceCode.code}/redeem`)).status).toBe(404);
  });
});

describe("the OpenAPI document of agents (walk-time: device codes and usage)", () => {
  it("AgentDeviceCode.expiresAt is a date-time; usage and limits say UTC and what the reset fields hold; status documents its 404 EXPIRED", async () => {
    const doc = (await t.call("GET", "/openapi.json")).json;
    const schemas = doc.components.schemas;
    expect(schemas.AgentDeviceCode.properties.expiresAt.format).toBe("date-time");
    expect(schemas.AgentUsage.properties.dailyResetDate.description).toMatch(/current UTC day.*not the next reset/);
    expect(schemas.AgentUsage.properties.monthlyResetMonth.description).toMatch(/current UTC month.*not the next reset/);
    expect(schemas.AgentSpendingLimits.properties.dailyLimit.description).toContain("UTC");
    expect(schemas.AgentSpendingLimits.properties.monthlyLimit.description).toContain("UTC");
    const status = doc.paths["/agents/device-codes/{code}/status"].get;
    expect(status.description).toMatch(/\{code, redeemed\}.*404 NOT_FOUND.*EXPIRED/);
    expect(Object.keys(status.responses)).toContain("404");
  });
});
