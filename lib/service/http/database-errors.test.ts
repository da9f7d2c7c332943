import net from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "@/lib/db/open-database";
import { attachPool, poolOf } from "@/lib/db/sql";
import type { Db } from "../db";
import { holdEveryPooledConnection } from "../testing/hold-pool";
import { blockedBy, holdLocks } from "../testing/lock-waits";
import { contractProblems } from "../testing/answer-contract";
import { basic, createTestApp, type TestApp } from "../testing/test-app";
import { waitUntil } from "../testing/wait-until";
import { buildApi } from "./app";
import { databaseUnavailableError } from "./errors";
import { API_BASE_PATH } from "./openapi";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
});
afterAll(() => t.close());

const individual = (platformCustomerId: string) => ({
  customerType: "INDIVIDUAL",
  platformCustomerId,
  fullName: "Ada Lovelace",
  birthDate: "1990-12-10",
  nationality: "GB",
  address: { line1: "1 Main St", city: "San Francisco", state: "CA", postalCode: "94105", country: "US" },
});
const customersNamed = (platformCustomerId: string) => t.db.customer.count({ where: { platformId: p.platform.id, platformCustomerId } });

/**
 * Sends `request` while the platform's row is held FOR UPDATE: a customer's INSERT checks its
 * platform (a FOR KEY SHARE lock), so its transaction waits, as one waits through a stall of this
 * process; the lock is let go `ms` after the transaction started waiting on it.
 */
async function heldUpFor<T>(ms: number, request: () => Promise<T>): Promise<T> {
  const holder = await holdLocks(t.db, (tx) => tx.$queryRaw`SELECT 1 FROM "Platform" WHERE id = ${p.platform.id}::uuid FOR UPDATE`);
  const answer = request();
  try {
    await waitUntil(async () => (await blockedBy(t.db, [holder.pid])).length > 0, 30_000);
    await new Promise((resolve) => setTimeout(resolve, ms));
  } finally {
    await holder.release();
  }
  return answer;
}

describe("a request whose database transaction takes long or cannot start", () => {
  it("POST /customers whose transaction is held up for 6 s is still carried out: a transaction that names no limits may last 30 s, not Prisma's 5 s", async () => {
    const res = await heldUpFor(6_000, () => t.call("POST", "/customers", { auth: p.auth, body: individual("held-up") }));
    expect(res.status).toBe(201);
    expect(await customersNamed("held-up")).toBe(1);
  });

  it("a transaction that ran past its timeout answers 503 SERVICE_UNAVAILABLE, retryable with Retry-After, and nothing of it is kept", async () => {
    // The API over a client whose transactions may last 1 s, its customer's INSERT held up for 1.5 s.
    const hurried: Db = new Proxy(t.db, {
      get(target, prop) {
        if (prop === "$transaction") return (fn: unknown, options?: object) => (target.$transaction as (fn: unknown, options: object) => Promise<unknown>)(fn, { ...options, timeout: 1_000 });
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    attachPool(hurried, poolOf(t.db)!);
    const api = buildApi({ getDb: async () => hurried, internalKey: t.internalKey, rateLimitPerSecond: 0 });
    const res = await heldUpFor(1_500, async () =>
      api.request(`${API_BASE_PATH}/customers`, {
        method: "POST",
        headers: { authorization: basic(p.auth), "content-type": "application/json" },
        body: JSON.stringify(individual("timed-out")),
      }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await res.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: expect.stringMatching(/took too long and was rolled back/), details: { retryable: true } });
    expect(await customersNamed("timed-out")).toBe(0);
  });

  it("no pooled connection free within the wait still answers 429 RATE_LIMITED, the service being busy", async () => {
    const busy = await holdEveryPooledConnection(t.db);
    try {
      const res = await t.call("POST", "/customers", { auth: p.auth, body: individual("too-busy") });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBe("1");
      expect(res.json).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/no database connection came free in time/) });
    } finally {
      await busy.release();
    }
    expect(await customersNamed("too-busy")).toBe(0);
  });
});

describe("a request while the database refuses connections", () => {
  let outage: { api: ReturnType<typeof buildApi>; close: () => Promise<void> };

  beforeAll(async () => {
    // A port where nothing listens: every connection is refused, as while PostgreSQL is stopped.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const url = new URL(inject("databaseUrl"));
    url.port = String((closed.address() as net.AddressInfo).port);
    await new Promise((resolve) => closed.close(resolve));
    const database = await openDatabase({ url: url.href });
    outage = { api: buildApi({ getDb: async () => database.prisma, internalKey: t.internalKey, rateLimitPerSecond: 0 }), close: () => database.close() };
  });
  afterAll(() => outage.close());

  async function send(method: string, path: string, headers: Record<string, string> = {}, body?: unknown, auth = p.auth) {
    const requestHeaders = { authorization: basic(auth), ...headers, ...(body !== undefined && { "content-type": "application/json" }) };
    const res = await outage.api.request(`${API_BASE_PATH}${path}`, { method, headers: requestHeaders, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const json = JSON.parse(text) as { code: string; message: string };
    // The answer is one the OpenAPI document lists for the operation, in its schema.
    expect(contractProblems({ method, path, requestHeaders, status: res.status, contentType: res.headers.get("content-type"), json, text })).toEqual([]);
    expect([res.status, json.code, res.headers.get("retry-after")]).toEqual([503, "SERVICE_UNAVAILABLE", "1"]);
    return json.message;
  }

  it("a GET is told to retry after 1 s, not to bring an Idempotency-Key it cannot take", async () => {
    const message = await send("GET", "/platform/internal-accounts");
    expect(message).toMatch(/Retry after 1 s\./);
    expect(message).not.toMatch(/Idempotency-Key/);
  });

  it("a write with an Idempotency-Key is told to retry with the same key", async () => {
    expect(await send("POST", "/customers", { "idempotency-key": "outage-keyed" }, individual("outage-keyed"))).toMatch(/Retry after 1 s with the same Idempotency-Key/);
  });

  it("a write to an operation that refuses Idempotency-Key (POST /tokens, the unauthenticated device-code redeem), or with a key of a refused length, is never told to retry with the key", async () => {
    // Each would be refused (400) or have its key ignored if sent again with it: the advice is the unkeyed write's.
    // A token never used before, so its check meets the outage (a cached one would pass it, and the key be refused at once).
    const fresh = () => p.tokenWith(["VIEW", "TRANSACT", "MANAGE"]);
    const refused = [
      await send("POST", "/tokens", { "idempotency-key": "outage-token" }, { name: "reporting", permissions: ["VIEW"] }, await fresh()),
      await send("POST", "/agents/device-codes/ABCD-EFGH/redeem", { "idempotency-key": "outage-redeem" }),
      await send("POST", "/customers", { "idempotency-key": "k".repeat(256) }, individual("outage-long-key"), await fresh()),
    ];
    for (const message of refused) {
      expect(message).not.toMatch(/Idempotency-Key/);
      expect(message).toMatch(/nothing this request would have written was kept\. Retry after 1 s\.|look whether it was done before sending it again/);
    }
  });

  it("a write without an Idempotency-Key is told that nothing was kept, or to look whether it was done before sending it again; never to use a key it did not send", async () => {
    // Which it is depends on where the request met the outage: in its transaction (rolled back), or in a lone statement.
    const message = await send("POST", "/customers", {}, individual("outage-unkeyed"));
    expect(message).toMatch(/nothing this request would have written was kept\. Retry after 1 s\.|look whether it was done before sending it again/);
    expect(message).not.toMatch(/Idempotency-Key/);
    const loneStatement = databaseUnavailableError(new Error("Connection terminated unexpectedly"), "unkeyed-write")!.message;
    expect(loneStatement).toMatch(/may or may not have been made: look whether it was done before sending it again, after 1 s/);
    expect(loneStatement).not.toMatch(/Idempotency-Key/);
  });
});
