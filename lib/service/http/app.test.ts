import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { SILENCE_LIMITS } from "@/lib/db/silent-connection";
import { createTestApp, basic, type TestApp } from "../testing/test-app";
import { transientConflictError } from "./errors";
import { API_BASE_PATH } from "./openapi";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
});
afterAll(() => t.close());

describe("authentication", () => {
  it("answers 401 with a reason when no credentials are sent", async () => {
    const res = await t.call("GET", "/config");
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    expect(res.json.reason).toMatch(/missing Authorization header/);
  });

  it("answers 401 for a wrong secret, an unknown clientId and a non-Basic scheme, naming each check", async () => {
    const wrong = await t.call("GET", "/config", { auth: { clientId: p.auth.clientId, clientSecret: "nope" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.reason).toBe("clientSecret does not match clientId");
    const unknown = await t.call("GET", "/config", { auth: { clientId: "no-such-client", clientSecret: "x" } });
    expect(unknown.json.reason).toBe("unknown clientId");
    const bearer = await t.call("GET", "/config", { auth: "Bearer abc" });
    expect(bearer.status).toBe(401);
    expect(bearer.json.reason).toBe("Authorization header is not HTTP Basic; Bearer tokens are only for agents on /agents/me/**");
    const noColon = await t.call("GET", "/config", { auth: `Basic ${Buffer.from("justone").toString("base64")}` });
    expect(noColon.json.reason).toBe("Basic credentials must be clientId:clientSecret");
  });

  it("answers 401 once a token has expired (by the platform's sandbox clock)", async () => {
    const created = await t.call("POST", "/tokens", {
      auth: p.auth,
      body: { name: "short-lived", permissions: ["VIEW"], expiresAt: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(created.status).toBe(201);
    const auth = { clientId: created.json.clientId, clientSecret: created.json.clientSecret };
    expect((await t.call("GET", "/config", { auth })).status).toBe(200);
    await t.db.platform.update({ where: { id: p.platform.id }, data: { clockOffsetMs: 120_000n } });
    const { forgetClockOffset } = await import("../sandbox/clock");
    forgetClockOffset(p.platform.id);
    const expired = await t.call("GET", "/config", { auth });
    expect(expired.status).toBe(401);
    expect(expired.json.reason).toMatch(/^token expired at /);
    await t.db.platform.update({ where: { id: p.platform.id }, data: { clockOffsetMs: 0n } });
    forgetClockOffset(p.platform.id);
  });

  it("refuses forged staff headers without the process's internal key", async () => {
    const res = await t.call("GET", "/config", {
      headers: { "x-service-internal-key": "guess", "x-service-staff-platform": p.platform.id, "x-service-staff-permissions": "MANAGE" },
    });
    expect(res.status).toBe(401);
  });

  it("accepts the dashboard's in-process staff identity with the internal key, with the role's permissions", async () => {
    const headers = { "x-service-internal-key": t.internalKey, "x-service-staff-platform": p.platform.id, "x-service-staff-user": "u", "x-service-staff-permissions": "VIEW" };
    expect((await t.call("GET", "/config", { headers })).status).toBe(200);
    expect((await t.call("PATCH", "/config", { headers, body: { umaDomain: "example.com" } })).status).toBe(403);
  });
});

describe("permissions", () => {
  it("answers 403 FORBIDDEN naming the missing permission", async () => {
    const viewOnly = await p.tokenWith(["VIEW"]);
    const res = await t.call("PATCH", "/config", { auth: viewOnly, body: { umaDomain: "example.com" } });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ status: 403, code: "FORBIDDEN", details: { requiredPermission: "MANAGE" } });
  });

  it("lets a token with no permissions read nothing", async () => {
    const none = await p.tokenWith([]);
    expect((await t.call("GET", "/config", { auth: none })).status).toBe(403);
    expect((await t.call("GET", "/exchange-rates", { auth: none })).status).toBe(403);
  });
});

describe("error envelope", () => {
  it("answers unknown routes with 404 in the envelope", async () => {
    const res = await t.call("GET", "/no-such-thing", { auth: p.auth });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(res.json.message).toContain("/no-such-thing");
  });

  it("answers a wrong method with 405 and an Allow header", async () => {
    const res = await t.call("DELETE", "/config", { auth: p.auth });
    expect(res.status).toBe(405);
    expect(res.json).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
    expect(res.headers.get("allow")).toBe("GET, PATCH");
    expect((await t.call("PUT", "/tokens/Token:0190", { auth: p.auth })).status).toBe(405);
  });

  it("names a wrong type in words: a fraction where a whole number goes, text where a number goes", async () => {
    const fraction = await t.call("POST", "/sandbox/clock/advance", { auth: p.auth, body: { seconds: 1.5 } });
    expect(fraction.status).toBe(400);
    expect(fraction.json.details.errors).toEqual([{ field: "seconds", message: "must be a whole number", constraint: { type: "int" } }]);
    const text = await t.call("POST", "/sandbox/clock/advance", { auth: p.auth, body: { seconds: "soon" } });
    expect(text.json.details.errors).toEqual([{ field: "seconds", message: "must be a number", constraint: { type: "number" } }]);
  });

  it("says a number beyond JSON's range is out of range, and names the route's own limit for a huge whole number", async () => {
    const json = { "content-type": "application/json" };
    const infinite = await t.call("POST", "/sandbox/clock/advance", { auth: p.auth, rawBody: '{"seconds": 1e400}', headers: json });
    expect(infinite.status).toBe(400);
    expect(infinite.json.details.errors).toEqual([{ field: "seconds", message: "is too large: it must be a finite number", constraint: { type: "number" } }]);
    const negative = await t.call("POST", "/sandbox/clock/advance", { auth: p.auth, rawBody: '{"seconds": -1e400}', headers: json });
    expect(negative.json.details.errors).toEqual([{ field: "seconds", message: "is too small: it must be a finite number", constraint: { type: "number" } }]);
    const huge = await t.call("POST", "/sandbox/clock/advance", { auth: p.auth, body: { seconds: 1e300 } });
    expect(huge.json.details.errors).toEqual([{ field: "seconds", message: "must be at most 315360000", constraint: { maximum: 315360000 } }]);
  });

  it("answers malformed JSON with 400 INVALID_INPUT", async () => {
    const res = await t.call("PATCH", "/config", { auth: p.auth, rawBody: '{"umaDomain": ', headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, code: "INVALID_INPUT", message: expect.stringMatching(/^Request body is not valid JSON: /) });
  });

  it("answers a non-JSON content type with 400 INVALID_INPUT", async () => {
    const res = await t.call("PATCH", "/config", { auth: p.auth, rawBody: "umaDomain=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    expect(res.json.message).toMatch(/Content-Type must be application\/json/);
  });

  it("answers an oversized body with 413", async () => {
    const res = await t.call("PATCH", "/config", { auth: p.auth, rawBody: JSON.stringify({ umaDomain: "x".repeat(1_100_000) }), headers: { "content-type": "application/json" } });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
  });

  it("answers a body whose Content-Length exceeds the limit with 413, and takes one within it", async () => {
    const big = JSON.stringify({ umaDomain: "x".repeat(1_100_000) });
    const tooLarge = await t.call("PATCH", "/config", { auth: p.auth, rawBody: big, headers: { "content-type": "application/json", "content-length": String(big.length) } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
    const small = JSON.stringify({ umaDomain: "declared.example" });
    const ok = await t.call("PATCH", "/config", { auth: p.auth, rawBody: small, headers: { "content-type": "application/json", "content-length": String(small.length) } });
    expect(ok.status).toBe(200);
    expect(ok.json.umaDomain).toBe("declared.example");
  });

  it("puts a request id on every response, errors included", async () => {
    const ok = await t.call("GET", "/config", { auth: p.auth });
    const bad = await t.call("GET", "/config");
    expect(ok.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.headers.get("x-request-id")).not.toBe(bad.headers.get("x-request-id"));
  });

  it("puts it on every response served by the Node server too, which sets it on the raw response", async () => {
    const server = http.createServer(getRequestListener(t.api.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_BASE_PATH}`;
    try {
      const ok = await fetch(`${origin}/config`, { headers: { authorization: basic(p.auth) } });
      const bad = await fetch(`${origin}/config`);
      const unknown = await fetch(`${origin}/no-such-endpoint`, { headers: { authorization: basic(p.auth) } });
      for (const res of [ok, bad, unknown]) {
        expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      }
      expect([ok.status, bad.status, unknown.status]).toEqual([200, 401, 404]);
      expect((await bad.json()).code).toBe("UNAUTHORIZED");
      expect(new Set([ok, bad, unknown].map((res) => res.headers.get("x-request-id"))).size).toBe(3);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("turns an unexpected failure into 500 INTERNAL_ERROR with the request id and no stack trace", async () => {
    const { buildApi } = await import("./app");
    const broken = buildApi({ getDb: () => Promise.reject(new Error("database is on fire")), internalKey: "k" });
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      const res = await broken.request("/api/2025-10-13/config", { headers: { authorization: basic(p.auth) } });
      const body = await res.json();
      expect(res.status).toBe(500);
      expect(body).toMatchObject({ status: 500, code: "INTERNAL_ERROR", details: { requestId: res.headers.get("x-request-id") } });
      expect(JSON.stringify(body)).not.toContain("on fire");
      expect(errors.join("\n")).toContain(res.headers.get("x-request-id")!);
    } finally {
      console.error = original;
    }
  });

  it("serves the OpenAPI document without credentials", async () => {
    const res = await t.call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.json.info.version).toBe("2025-10-13");
    expect(res.json.openapi).toBe("3.1.0");
    expect(Object.keys(res.json.paths)).toEqual(expect.arrayContaining(["/config", "/tokens", "/tokens/{tokenId}", "/exchange-rates"]));
  });

  it("its patterns are JSON Schema patterns: no JavaScript regex flags leak into them, so a validator matches what the server accepts", async () => {
    const doc = (await t.call("GET", "/openapi.json")).json;
    const patterns: [string, string][] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}/${i}`));
      else if (node && typeof node === "object")
        for (const [k, v] of Object.entries(node)) {
          if (k === "pattern" && typeof v === "string") patterns.push([at, v]);
          else walk(v, `${at}/${k}`);
        }
    };
    walk(doc, "");
    expect(patterns.length).toBeGreaterThan(10);
    expect(patterns.filter(([, pattern]) => /\/[dgimsuvy]+$/.test(pattern))).toEqual([]);
    const patternOf = (schema: string, property: string) => new RegExp(doc.components.schemas[schema].properties[property].pattern);
    expect(["walk.example.com", "Walk.Example.COM"].map((v) => patternOf("PlatformConfigUpdateRequest", "umaDomain").test(v))).toEqual([true, true]);
    expect(patternOf("LightningExternalAccountCreateInfo", "invoice").test("LNBCRT10U1PJQ9X8XPP5QYQSQZJQGQQQQQQQQQQQ")).toBe(true);
    expect(patternOf("LightningExternalAccountCreateInfo", "bolt12").test("lno1qgsqvgnwgcg35z6ee2h3yczraddm72xrfua9uve2rlrm9deu7xyfzrc")).toBe(true);
    const accepted = await t.call("PATCH", "/config", { auth: p.auth, body: { umaDomain: "Walk.Example.COM" } });
    expect(accepted.status).toBe(200);
  });
});

describe("idempotency", () => {
  it("replays the first response for the same key and body", async () => {
    const headers = { "idempotency-key": `k-${Math.random()}` };
    const first = await t.call("PATCH", "/config", { auth: p.auth, headers, body: { umaDomain: "first.example.com" } });
    await t.call("PATCH", "/config", { auth: p.auth, body: { umaDomain: "changed.example.com" } });
    const again = await t.call("PATCH", "/config", { auth: p.auth, headers, body: { umaDomain: "first.example.com" } });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const current = await t.call("GET", "/config", { auth: p.auth });
    expect(current.json.umaDomain).toBe("changed.example.com");
  });

  it("through the Node server: a keyed answer keeps its status, headers and body, replays, and a malformed body under a key is still 400", async () => {
    const server = http.createServer(getRequestListener(t.api.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_BASE_PATH}`;
    const send = (method: string, path: string, key: string, body?: string) =>
      fetch(`${origin}${path}`, { method, headers: { authorization: basic(p.auth), "content-type": "application/json", "idempotency-key": key }, body });
    try {
      const key = `node-${Math.random()}`;
      const body = JSON.stringify({ name: "keyed over HTTP", permissions: ["VIEW"] });
      const first = await send("PATCH", "/config", key, JSON.stringify({ umaDomain: "keyed.example.com" }));
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toMatch(/^application\/json/);
      expect(first.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      const firstJson = await first.json();
      expect(firstJson.umaDomain).toBe("keyed.example.com");
      const again = await send("PATCH", "/config", key, JSON.stringify({ umaDomain: "keyed.example.com" }));
      expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
      expect(await again.json()).toEqual(firstJson);
      const malformed = await send("PATCH", "/config", `${key}-bad`, "{not json");
      expect([malformed.status, (await malformed.json()).code]).toEqual([400, "INVALID_INPUT"]);
      // A keyed 204 goes out without a body, and replays so.
      const token = await t.call("POST", "/tokens", { auth: p.auth, body: JSON.parse(body) });
      const revoked = await send("DELETE", `/tokens/${token.json.id}`, `${key}-revoke`);
      const revokedAgain = await send("DELETE", `/tokens/${token.json.id}`, `${key}-revoke`);
      expect([revoked.status, await revoked.text(), revokedAgain.status, await revokedAgain.text()]).toEqual([204, "", 204, ""]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("rejects the same key with another body with 409 CONFLICT", async () => {
    const headers = { "idempotency-key": `k-${Math.random()}` };
    await t.call("PATCH", "/config", { auth: p.auth, headers, body: { umaDomain: "a.example.com" } });
    const res = await t.call("PATCH", "/config", { auth: p.auth, headers, body: { umaDomain: "b.example.com" } });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("CONFLICT");
    expect(res.json.message).toMatch(/different request body/);
  });

  it("counts a JSON body by its content: a retry serialized again (other key order, other spacing) replays the first answer", async () => {
    const headers = { "idempotency-key": `k-${Math.random()}`, "content-type": "application/json" };
    const first = await t.call("PATCH", "/config", { auth: p.auth, headers, rawBody: '{"umaDomain":"content.example.com","feeConfigs":[]}' });
    expect(first.status).toBe(200);
    // Before, the exact text was compared: this retry got 409 "use a new key", the advice that pays twice.
    const again = await t.call("PATCH", "/config", { auth: p.auth, headers, rawBody: '{\n  "feeConfigs": [ ],\n  "umaDomain": "content.example.com"\n}' });
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(again.json).toEqual(first.json);
    const other = await t.call("PATCH", "/config", { auth: p.auth, headers, rawBody: '{"feeConfigs":[],"umaDomain":"other.example.com"}' });
    expect([other.status, other.json.code]).toEqual([409, "CONFLICT"]);
  });

  it("a key stored before bodies were compared by content still matches a retry of its exact text", async () => {
    const key = `k-${Math.random()}`;
    const headers = { "idempotency-key": key, "content-type": "application/json" };
    const text = '{ "umaDomain": "legacy.example.com" }';
    const first = await t.call("PATCH", "/config", { auth: p.auth, headers, rawBody: text });
    expect(first.status).toBe(200);
    // As the key would have been stored until now: the hash of the exact text.
    await t.db.$executeRaw`UPDATE "IdempotencyKey" SET "fingerprint" = ${createHash("sha256").update(text).digest("hex")} WHERE "key" = ${key}`;
    const retry = await t.call("PATCH", "/config", { auth: p.auth, headers, rawBody: text });
    expect([retry.status, retry.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(retry.json).toEqual(first.json);
  });

  it("executes concurrent duplicates once", async () => {
    const headers = { "idempotency-key": `k-${Math.random()}` };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.call("PATCH", "/config", { auth: p.auth, headers, body: { umaDomain: "race.example.com" } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
    expect(new Set(results.map((r) => r.json.updatedAt)).size).toBe(1);
  });

  it("a duplicate that finds the first still running after its wait answers 409 CONFLICT with Retry-After; the first's answer is then replayed", async () => {
    // The first waits on a lock for over 5 s, the silence check's quiet limit: on a loaded machine
    // the check's question to the database can time out and end the first's connection (a 503,
    // silent-connection.ts's own tests). Here the wait must simply be waited out.
    const patient = await createTestApp({ silenceLimits: { ...SILENCE_LIMITS, quietMs: 60_000 } });
    onTestFinished(() => patient.close());
    const own = await patient.createTestPlatform();
    const headers = { "idempotency-key": `k-${Math.random()}` };
    const send = () => patient.call("PATCH", "/config", { auth: own.auth, headers, body: { umaDomain: "slow.example.com" } });
    // The first request blocks on the platform's row, held here, while holding its key.
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = patient.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM "Platform" WHERE "id" = ${own.platform.id}::uuid FOR UPDATE`;
        locked();
        await new Promise<void>((resolve) => (release = resolve));
      },
      { timeout: 30_000 },
    );
    await isLocked;
    const first = send();
    await new Promise((r) => setTimeout(r, 200)); // the first has claimed the key
    const duplicate = await send();
    release();
    await holder;
    expect([duplicate.status, duplicate.json.code, duplicate.headers.get("retry-after"), duplicate.json.details.retryable]).toEqual([409, "CONFLICT", "1", true]);
    expect(duplicate.json.message).toMatch(/still being processed/);
    const answered = await first;
    expect(answered.status).toBe(200);
    const again = await send();
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(again.json).toEqual(answered.json);
  }, 20_000);

  it("keeps keys apart per platform", async () => {
    const other = await t.createTestPlatform();
    const headers = { "idempotency-key": "shared-key" };
    const a = await t.call("PATCH", "/config", { auth: p.auth, headers, body: { umaDomain: "p1.example.com" } });
    const b = await t.call("PATCH", "/config", { auth: other.auth, headers, body: { umaDomain: "p2.example.com" } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.json.umaDomain).toBe("p2.example.com");
  });

  it("rejects an over-long key and refuses keys where the response carries a secret", async () => {
    const long = await t.call("PATCH", "/config", { auth: p.auth, headers: { "idempotency-key": "k".repeat(256) }, body: {} });
    expect(long.status).toBe(400);
    expect(long.json.details.errors[0].field).toBe("header.Idempotency-Key");
    const token = await t.call("POST", "/tokens", { auth: p.auth, headers: { "idempotency-key": "abc" }, body: { name: "x", permissions: [] } });
    expect(token.status).toBe(400);
    expect(token.json.message).toMatch(/one-time secret/);
  });
});

describe("transient database conflicts", () => {
  it("a deadlock PostgreSQL aborts becomes 409 CONFLICT with Retry-After (nothing written), for ORM and raw statements", async () => {
    const a = (await t.createTestPlatform()).platform.id;
    const b = (await t.createTestPlatform()).platform.id;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    const orm = (first: string, second: string) =>
      t.db.$transaction(async (tx) => {
        await tx.platform.update({ where: { id: first }, data: { name: `deadlock ${first}` } });
        await pause();
        await tx.platform.update({ where: { id: second }, data: { name: `deadlock ${second}` } });
      });
    const raw = (first: string, second: string) =>
      t.db.$transaction(async (tx) => {
        await tx.$executeRaw`UPDATE "Platform" SET "name" = 'raw' WHERE "id" = ${first}::uuid`;
        await pause();
        await tx.$executeRaw`UPDATE "Platform" SET "name" = 'raw' WHERE "id" = ${second}::uuid`;
      });
    for (const run of [orm, raw]) {
      const outcomes = await Promise.allSettled([run(a, b), run(b, a)]);
      const failures = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
      expect(failures).toHaveLength(1);
      const error = transientConflictError(failures[0]!.reason);
      expect(error?.toBody()).toMatchObject({ status: 409, code: "CONFLICT", details: { retryable: true } });
      expect(error?.headers).toEqual({ "Retry-After": "1" });
    }
    expect(transientConflictError(new Error("something else"))).toBeNull();
  });
});
