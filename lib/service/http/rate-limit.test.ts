import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { TokenBuckets } from "./rate-limit";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitPerSecond: 5 });
});
afterAll(() => t.close());

describe("per-token rate limit", () => {
  it("answers 429 RATE_LIMITED with Retry-After once a token exceeds its burst, without slowing other tokens", async () => {
    const a = await t.createTestPlatform();
    const b = await t.createTestPlatform();
    const started = performance.now();
    const burst = await Promise.all(Array.from({ length: 20 }, () => t.call("GET", "/config", { auth: a.auth })));
    const elapsedSeconds = (performance.now() - started) / 1000;
    const statuses = burst.map((r) => r.status);
    // The burst of 5, plus whatever refilled (5 per second) while the requests ran.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(5);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5 + Math.ceil(elapsedSeconds * 5));
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    const limited = burst.find((r) => r.status === 429)!;
    expect(limited.json).toMatchObject({ status: 429, code: "RATE_LIMITED", details: { limitPerSecond: 5 } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);

    expect((await t.call("GET", "/config", { auth: b.auth })).status).toBe(200);
  });

  it("lets the token through again once the bucket refills", async () => {
    const a = await t.createTestPlatform();
    for (let i = 0; i < 5; i++) expect((await t.call("GET", "/config", { auth: a.auth })).status).toBe(200);
    expect((await t.call("GET", "/config", { auth: a.auth })).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await t.call("GET", "/config", { auth: a.auth })).status).toBe(200);
  });
});

describe("TokenBuckets", () => {
  it("stays bounded as tokens come and go: thousands of tokens sending once each leave at most the cap plus a second's worth", async () => {
    const buckets = new TokenBuckets(5, 100);
    for (let i = 0; i < 5_000; i++) {
      expect(buckets.take(`token-${i}`, i * 10)).toBeNull(); // one every 10 ms: 100 a second
      expect(buckets.size).toBeLessThanOrEqual(200);
    }
  });

  it("drops only the buckets that refilled: a token still spent stays limited", async () => {
    const buckets = new TokenBuckets(5, 3);
    buckets.take("a", 0);
    buckets.take("b", 0);
    for (let i = 0; i < 5; i++) expect(buckets.take("busy", 1_400)).toBeNull();
    expect(buckets.size).toBe(3);
    expect(buckets.take("new", 1_500)).toBeNull(); // at the cap: a and b, full again long since, go
    expect(buckets.size).toBe(2);
    expect(buckets.take("busy", 1_500)).toBe(1); // half a token refilled: still limited
  });
});
