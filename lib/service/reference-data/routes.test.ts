import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform(["VIEW"]);
});
afterAll(() => t.close());

describe("GET /discoveries", () => {
  it("filters by country and currency, case-insensitively", async () => {
    const res = await t.call("GET", "/discoveries?country=mx&currency=MXN", { auth: p.auth });
    expect(res.status).toBe(200);
    expect(res.json.data.length).toBeGreaterThan(0);
    expect(res.json.data.every((d: { country: string; currency: string }) => d.country === "MX" && d.currency === "MXN")).toBe(true);
    expect(res.json).not.toHaveProperty("hasMore");
  });

  it("returns everything without filters and nothing for an unknown corridor", async () => {
    const all = await t.call("GET", "/discoveries", { auth: p.auth });
    expect(new Set(all.json.data.map((d: { country: string }) => d.country)).size).toBeGreaterThan(5);
    const none = await t.call("GET", "/discoveries?country=AQ", { auth: p.auth });
    expect(none.json.data).toEqual([]);
  });

  it("rejects malformed codes", async () => {
    const res = await t.call("GET", "/discoveries?country=Mexico&currency=pesos", { auth: p.auth });
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["query.country", "query.currency"]);
  });
});

describe("GET /vasps", () => {
  it("pages through every VASP without totalCount", async () => {
    const first = await t.call("GET", "/vasps?limit=5", { auth: p.auth });
    expect(first.json.data).toHaveLength(5);
    expect(first.json.hasMore).toBe(true);
    expect(first.json).not.toHaveProperty("totalCount");
    const rest = await t.call("GET", `/vasps?limit=100&cursor=${first.json.nextCursor}`, { auth: p.auth });
    expect(rest.json.hasMore).toBe(false);
    const names = [...first.json.data, ...rest.json.data].map((v: { vaspName: string }) => v.vaspName);
    expect(new Set(names).size).toBe(names.length);
  });

  it("rejects a cursor it did not issue", async () => {
    expect((await t.call("GET", "/vasps?cursor=abc", { auth: p.auth })).status).toBe(400);
  });
});

describe("GET /uma-providers", () => {
  it("filters by country and currency and can hide blocked providers", async () => {
    const mx = await t.call("GET", "/uma-providers?countryCode=MX&currencyCode=MXN", { auth: p.auth });
    expect(mx.status).toBe(200);
    expect(mx.json.data.map((u: { domain: string }) => u.domain).sort()).toEqual(["sandbox-blocked.uma.example", "sandbox-mx.uma.example"]);
    expect(mx.json.data[0].supportedCurrencies[0]).toHaveProperty("decimals");
    const allowed = await t.call("GET", "/uma-providers?countryCode=MX&hasBlockedProviders=false", { auth: p.auth });
    expect(allowed.json.data.map((u: { allowListStatus: boolean }) => u.allowListStatus)).toEqual([true]);
    expect(allowed.json.totalCount).toBe(1);
  });

  it("sorts by name in the requested order", async () => {
    const asc = await t.call("GET", "/uma-providers?sortOrder=asc", { auth: p.auth });
    const names = asc.json.data.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort());
    expect((await t.call("GET", "/uma-providers?sortOrder=sideways", { auth: p.auth })).status).toBe(400);
    expect((await t.call("GET", "/uma-providers?hasBlockedProviders=maybe", { auth: p.auth })).status).toBe(400);
  });
});
