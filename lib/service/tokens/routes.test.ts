import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
});
afterAll(() => t.close());

describe("POST /tokens", () => {
  it("creates a token whose secret is shown once and works for Basic auth", async () => {
    const res = await t.call("POST", "/tokens", { auth: p.auth, body: { name: "CI deploys", permissions: ["VIEW", "TRANSACT"] } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "CI deploys", permissions: ["VIEW", "TRANSACT"] });
    expect(res.json.id).toMatch(/^Token:[0-9a-f-]{36}$/);
    expect(res.json.clientSecret.length).toBeGreaterThanOrEqual(40);
    expect(res.json).not.toHaveProperty("expiresAt");

    const fetched = await t.call("GET", `/tokens/${res.json.id}`, { auth: p.auth });
    expect(fetched.status).toBe(200);
    expect(fetched.json).not.toHaveProperty("clientSecret");
    expect(fetched.json.clientId).toBe(res.json.clientId);

    const own = await t.call("GET", "/config", { auth: { clientId: res.json.clientId, clientSecret: res.json.clientSecret } });
    expect(own.status).toBe(200);
  });

  it("stores only a slow hash of the secret", async () => {
    const res = await t.call("POST", "/tokens", { auth: p.auth, body: { name: "hash check", permissions: [] } });
    const row = await t.db.apiToken.findUniqueOrThrow({ where: { clientId: res.json.clientId } });
    expect(row.secretHash).toMatch(/^scrypt\$/);
    expect(row.secretHash).not.toContain(res.json.clientSecret);
  });

  it("accepts an empty permission list and an expiry in the future", async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const res = await t.call("POST", "/tokens", { auth: p.auth, body: { name: "read nothing", permissions: [], expiresAt } });
    expect(res.status).toBe(201);
    expect(res.json.permissions).toEqual([]);
    expect(res.json.expiresAt).toBe(expiresAt);
  });

  it("lists every invalid field at once", async () => {
    const res = await t.call("POST", "/tokens", { auth: p.auth, body: { name: "", permissions: ["VIEW", "ADMIN"], expiresAt: "tomorrow", extra: 1 } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    const fields = res.json.details.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(["expiresAt", "extra", "name", "permissions.1"]);
    const permission = res.json.details.errors.find((e: { field: string }) => e.field === "permissions.1");
    expect(permission.constraint).toEqual({ enum: ["VIEW", "TRANSACT", "MANAGE"] });
  });

  it("requires name and permissions", async () => {
    const res = await t.call("POST", "/tokens", { auth: p.auth, body: {} });
    expect(res.status).toBe(400);
    expect(res.json.details.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "name", message: "is required", constraint: expect.objectContaining({ required: true }) }),
        expect.objectContaining({ field: "permissions", message: "is required" }),
      ]),
    );
  });

  it("rejects repeated permissions and an expiry in the past", async () => {
    const repeated = await t.call("POST", "/tokens", { auth: p.auth, body: { name: "x", permissions: ["VIEW", "VIEW"] } });
    expect(repeated.status).toBe(400);
    expect(repeated.json.details.errors[0].field).toBe("permissions");
    const past = await t.call("POST", "/tokens", { auth: p.auth, body: { name: "x", permissions: [], expiresAt: "2020-01-01T00:00:00Z" } });
    expect(past.status).toBe(400);
    expect(past.json.details.errors[0]).toMatchObject({ field: "expiresAt", message: expect.stringMatching(/^must be after the platform's current time, \S+Z \(its sandbox clock\)$/) });
  });

  it("refusing an expiry that is ahead on the caller's clock but past on the platform's sandbox clock names the platform's time", async () => {
    const q = await t.createTestPlatform();
    const advanced = await t.call("POST", "/sandbox/clock/advance", { auth: q.auth, body: { seconds: 21 * 3600 } });
    expect(advanced.status).toBe(200);
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString(); // the caller's clock: an hour ahead
    const res = await t.call("POST", "/tokens", { auth: q.auth, body: { name: "x", permissions: ["VIEW"], expiresAt: inAnHour } });
    expect(res.status).toBe(400);
    const [error] = res.json.details.errors;
    const platformNow = error.constraint.minimum as string;
    expect(Date.parse(platformNow)).toBeGreaterThanOrEqual(Date.parse(advanced.json.now));
    expect(error).toMatchObject({ field: "expiresAt", message: `must be after the platform's current time, ${platformNow} (its sandbox clock)` });
  });

  it("needs MANAGE", async () => {
    const transact = await p.tokenWith(["VIEW", "TRANSACT"]);
    const res = await t.call("POST", "/tokens", { auth: transact, body: { name: "x", permissions: ["MANAGE"] } });
    expect(res.status).toBe(403);
  });
});

describe("GET /tokens", () => {
  it("pages newest first with hasMore, nextCursor and totalCount", async () => {
    const q = await t.createTestPlatform();
    for (let i = 0; i < 4; i++) await t.call("POST", "/tokens", { auth: q.auth, body: { name: `page-${i}`, permissions: [] } });
    const first = await t.call("GET", "/tokens?limit=2", { auth: q.auth });
    expect(first.status).toBe(200);
    expect(first.json.totalCount).toBe(5);
    expect(first.json.hasMore).toBe(true);
    expect(first.json.data.map((d: { name: string }) => d.name)).toEqual(["page-3", "page-2"]);
    const second = await t.call("GET", `/tokens?limit=2&cursor=${first.json.nextCursor}`, { auth: q.auth });
    expect(second.json.data.map((d: { name: string }) => d.name)).toEqual(["page-1", "page-0"]);
    const third = await t.call("GET", `/tokens?limit=2&cursor=${second.json.nextCursor}`, { auth: q.auth });
    expect(third.json.data.map((d: { name: string }) => d.name)).toEqual(["test"]);
    expect(third.json.hasMore).toBe(false);
    expect(third.json).not.toHaveProperty("nextCursor");
    for (const page of [first, second, third]) for (const token of page.json.data) expect(token).not.toHaveProperty("clientSecret");
  });

  it("filters by name and creation time", async () => {
    const q = await t.createTestPlatform();
    const before = new Date().toISOString();
    await t.call("POST", "/tokens", { auth: q.auth, body: { name: "needle", permissions: [] } });
    const byName = await t.call("GET", "/tokens?name=needle", { auth: q.auth });
    expect(byName.json.data).toHaveLength(1);
    const after = await t.call("GET", `/tokens?createdAfter=${encodeURIComponent(before)}`, { auth: q.auth });
    expect(after.json.data.map((d: { name: string }) => d.name)).toEqual(["needle"]);
    const beforeAll = await t.call("GET", `/tokens?createdBefore=${encodeURIComponent(before)}`, { auth: q.auth });
    expect(beforeAll.json.data.map((d: { name: string }) => d.name)).toEqual(["test"]);
  });

  it("validates limit, cursor and dates", async () => {
    for (const query of ["limit=0", "limit=101", "limit=abc", "cursor=garbage", "createdAfter=yesterday"]) {
      const res = await t.call("GET", `/tokens?${query}`, { auth: p.auth });
      expect(res.status, query).toBe(400);
      expect(res.json.code).toBe("INVALID_INPUT");
      expect(res.json.details.errors[0].field).toMatch(/^query\./);
    }
  });
});

describe("GET and DELETE /tokens/{tokenId}", () => {
  it("revokes a token: it stops authenticating and disappears from the API", async () => {
    const created = await t.call("POST", "/tokens", { auth: p.auth, body: { name: "to revoke", permissions: ["VIEW"] } });
    const auth = { clientId: created.json.clientId, clientSecret: created.json.clientSecret };
    expect((await t.call("GET", "/config", { auth })).status).toBe(200);
    const del = await t.call("DELETE", `/tokens/${created.json.id}`, { auth: p.auth });
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    const after = await t.call("GET", "/config", { auth });
    expect(after.status).toBe(401);
    expect(after.json.reason).toBe("token has been revoked");
    expect((await t.call("GET", `/tokens/${created.json.id}`, { auth: p.auth })).status).toBe(404);
    expect((await t.call("DELETE", `/tokens/${created.json.id}`, { auth: p.auth })).status).toBe(404);
  });

  it("concurrent DELETEs of one token: exactly one 204, the others 404 TOKEN_NOT_FOUND as after it", async () => {
    const created = await t.call("POST", "/tokens", { auth: p.auth, body: { name: "revoked twice", permissions: ["VIEW"] } });
    await t.warmPool();
    const results = await Promise.all(Array.from({ length: 5 }, () => t.call("DELETE", `/tokens/${created.json.id}`, { auth: p.auth })));
    expect(results.map((r) => r.status).sort()).toEqual([204, 404, 404, 404, 404]);
    expect(results.filter((r) => r.status === 404).every((r) => r.json.code === "TOKEN_NOT_FOUND")).toBe(true);
  });

  it("answers 404 TOKEN_NOT_FOUND for malformed, foreign-typed and other platforms' ids", async () => {
    const other = await t.createTestPlatform();
    for (const id of ["nope", "Customer:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10", other.token.id]) {
      const get = await t.call("GET", `/tokens/${encodeURIComponent(id)}`, { auth: p.auth });
      expect(get.status, id).toBe(404);
      expect(get.json).toMatchObject({ status: 404, code: "TOKEN_NOT_FOUND" });
      expect((await t.call("DELETE", `/tokens/${encodeURIComponent(id)}`, { auth: p.auth })).status).toBe(404);
    }
    expect((await t.call("GET", "/config", { auth: other.auth })).status).toBe(200);
  });

  it("does not list another platform's tokens", async () => {
    const other = await t.createTestPlatform();
    const res = await t.call("GET", "/tokens?limit=100", { auth: other.auth });
    expect(res.json.data.map((d: { id: string }) => d.id)).toEqual([other.token.id]);
  });
});
