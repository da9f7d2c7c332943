import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachPool, poolOf } from "@/lib/db/sql";
import type { Db } from "../db";
import { holdEveryPooledConnection } from "../testing/hold-pool";
import { blockedBy, holdLocks } from "../testing/lock-waits";
import { basic, createTestApp, type TestApp } from "../testing/test-app";
import { waitUntil } from "../testing/wait-until";
import { buildApi } from "./app";
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
