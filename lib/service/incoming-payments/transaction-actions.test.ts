import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { claimDueJobs, runJobs } from "../jobs/run-jobs";
import { now, setClockForward } from "../sandbox/clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { EXPIRE_APPROVAL_JOB } from "./expire-approval";
import { incomingFixture, startPlatformEndpoint } from "./incoming-fixtures";

let t: TestApp;
const endpoints: Awaited<ReturnType<typeof startPlatformEndpoint>>[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const e of endpoints.splice(0)) await e.close();
});
afterAll(() => t.close());

async function deferringPlatform() {
  const endpoint = await startPlatformEndpoint(() => ({ status: 202 }));
  endpoints.push(endpoint);
  return incomingFixture(t, { endpoint: endpoint.url });
}

const UNKNOWN = "Transaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10";

describe("POST /transactions/{transactionId}/approve and /reject refusals", () => {
  it.each(["approve", "reject"] as const)("%s answers 404 TRANSACTION_NOT_FOUND for unknown, malformed and other platforms' ids", async (action) => {
    const f = await deferringPlatform();
    const other = await deferringPlatform();
    const foreign = (await other.receive()).json.id as string;
    for (const id of [UNKNOWN, "Transaction:nope", "garbage", foreign]) {
      const res = await t.call("POST", `/transactions/${encodeURIComponent(id)}/${action}`, { auth: f.auth });
      expect(res.status, id).toBe(404);
      expect(res.json.code).toBe("TRANSACTION_NOT_FOUND");
    }
  });

  it.each(["approve", "reject"] as const)("%s answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL once decided, and for deposits that never ask", async (action) => {
    const f = await deferringPlatform();
    const pending = (await f.receive()).json.id as string;
    expect((await f.reject(pending)).status).toBe(200);
    await f.fund(f.accountId, 500);
    const deposit = (await t.call("GET", "/transactions?type=INCOMING&status=COMPLETED", { auth: f.auth })).json.data[0].id as string;
    for (const id of [pending, deposit]) {
      const res = await t.call("POST", `/transactions/${id}/${action}`, { auth: f.auth });
      expect(res.status, id).toBe(409);
      expect(res.json).toMatchObject({ code: "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL", details: { transactionId: id } });
    }
  });

  it.each(["approve", "reject"] as const)("%s answers 409 once the 5 s window has passed, even before the timeout job has run", async (action) => {
    const f = await deferringPlatform();
    const id = (await f.receive()).json.id as string;
    await setClockForward(t.db, f.platformId, new Date((await now(t.db, f.platformId)).getTime() + 5_500));
    const res = await t.call("POST", `/transactions/${id}/${action}`, { auth: f.auth });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL", message: expect.stringContaining("window has closed") });
    expect(await f.balance()).toBe(0);
  });

  it.each(["approve", "reject"] as const)(
    "%s answers 409 once the worker has claimed the due timeout, before or while its handler runs: the payment fails once, never credited",
    async (action) => {
      const f = await deferringPlatform();
      await t.warmPool();
      for (let round = 0; round < 4; round++) {
        const id = (await f.receive()).json.id as string;
        await setClockForward(t.db, f.platformId, new Date((await now(t.db, f.platformId)).getTime() + 5_500));
        // What a worker does first: the timeout is RUNNING, its handler waits its turn (up to 8 run at once).
        const claimed = await claimDueJobs(t.db, { limit: 100, platformId: f.platformId });
        expect(claimed.map((j) => j.kind)).toContain(EXPIRE_APPROVAL_JOB);
        // Round 0: the decision arrives before the handler starts; later rounds: side by side with it.
        const decided = round === 0 ? await f[action](id) : (await Promise.all([f[action](id), runJobs(t.db, claimed)]))[0];
        if (round === 0) await runJobs(t.db, claimed);
        expect([decided.status, decided.json.code], `round ${round}`).toEqual([409, "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL"]);
        expect(await f.getTransaction(id), `round ${round}`).toMatchObject({ status: "FAILED", failureReason: "PAYMENT_APPROVAL_TIMED_OUT" });
        expect(await f.eventTypesFor(id), `round ${round}`).toEqual(["INCOMING_PAYMENT.PENDING", "INCOMING_PAYMENT.FAILED"]);
      }
      expect(await f.balance()).toBe(0);
    },
  );

  it("10 concurrent approve and reject calls: exactly one wins, the rest answer 409, credited at most once", async () => {
    const f = await deferringPlatform();
    const id = (await f.receive()).json.id as string;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? f.approve(id) : f.reject(id))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const winner = results.find((r) => r.status === 200)!.json;
    expect(await f.balance()).toBe(winner.status === "COMPLETED" ? 10_000 : 0);
    expect((await f.eventTypesFor(id)).length).toBe(2);
  });

  it("answers 400 INVALID_INPUT for a malformed body and 403 without TRANSACT", async () => {
    const f = await deferringPlatform();
    const id = (await f.receive()).json.id as string;
    const bad = await f.approve(id, { receiverCustomerInfo: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.json.details.errors.map((e: { field: string }) => e.field)).toEqual(["receiverCustomerInfo"]);
    const viewer = await f.tokenWith(["VIEW"]);
    expect((await t.call("POST", `/transactions/${id}/approve`, { auth: viewer })).status).toBe(403);
    expect((await t.call("POST", `/transactions/${id}/reject`, { auth: viewer })).status).toBe(403);
    expect((await f.getTransaction(id)).status).toBe("PENDING");
  });
});

describe("POST /transactions/{transactionId}/confirm", () => {
  it("sets receiptDeliveryConfirmedAt to now by the sandbox clock when no time is given", async () => {
    const f = await deferringPlatform();
    await f.fund(f.accountId, 500);
    const id = (await t.call("GET", "/transactions?type=INCOMING", { auth: f.auth })).json.data[0].id as string;
    await f.advance(86_400);
    const clock = new Date((await t.call("GET", "/sandbox/clock", { auth: f.auth })).json.now).getTime();
    const res = await t.call("POST", `/transactions/${id}/confirm`, { auth: f.auth });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(id);
    const confirmedAt = new Date(res.json.receiptDeliveryConfirmedAt).getTime();
    expect(confirmedAt - clock).toBeGreaterThanOrEqual(0);
    expect(confirmedAt - clock).toBeLessThan(60_000);
    expect((await f.getTransaction(id)).receiptDeliveryConfirmedAt).toBe(res.json.receiptDeliveryConfirmedAt);
  });

  it("records the given time, and a repeat overwrites it", async () => {
    const f = await deferringPlatform();
    const id = (await f.receive()).json.id as string;
    const first = await t.call("POST", `/transactions/${id}/confirm`, { auth: f.auth, body: { receiptDeliveryConfirmedAt: "2026-01-02T03:04:05.000Z" } });
    expect(first.json.receiptDeliveryConfirmedAt).toBe("2026-01-02T03:04:05.000Z");
    const second = await t.call("POST", `/transactions/${id}/confirm`, { auth: f.auth, body: { receiptDeliveryConfirmedAt: "2026-02-03T04:05:06+01:00" } });
    expect(second.json.receiptDeliveryConfirmedAt).toBe("2026-02-03T03:05:06.000Z");
    expect(second.json.status).toBe("PENDING");
  });

  it("answers 400 INVALID_INPUT for a timestamp that is not ISO 8601, and 404 TRANSACTION_NOT_FOUND for an unknown id", async () => {
    const f = await deferringPlatform();
    const id = (await f.receive()).json.id as string;
    const bad = await t.call("POST", `/transactions/${id}/confirm`, { auth: f.auth, body: { receiptDeliveryConfirmedAt: "yesterday" } });
    expect(bad.status).toBe(400);
    expect(bad.json.details.errors.map((e: { field: string }) => e.field)).toEqual(["receiptDeliveryConfirmedAt"]);
    const missing = await t.call("POST", `/transactions/${UNKNOWN}/confirm`, { auth: f.auth });
    expect([missing.status, missing.json.code]).toEqual([404, "TRANSACTION_NOT_FOUND"]);
  });
});
