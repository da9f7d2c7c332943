import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openDatabase } from "@/lib/db/open-database";
import { createTestApp, type Credentials, type TestApp } from "../testing/test-app";
import { startReceiver } from "../testing/webhook-receiver";
import { enqueueEvent, eventBody, outboxRows } from "../jobs/enqueue-event";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { transfersFixture } from "../transfers/transfer-fixtures";
import { runDueJobs, runEventDeliveries } from "../jobs/run-jobs";
import { JOB_HANDLERS, type JobContext } from "../jobs/handlers";
import { scheduleJob } from "../jobs/schedule-job";
import { claimDueEvents } from "./deliver-event";
import { startWorker } from "../jobs/worker";
import { verifyWebhookSignature } from "../crypto/webhook-signature";

let t: TestApp;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  delete process.env.WEBHOOK_TIMEOUT_MS;
});
afterAll(() => t.close());

/** A platform whose endpoint points at a fresh receiver (set directly: no TEST event). */
async function platformWithReceiver(answer?: Parameters<typeof startReceiver>[0]) {
  const receiver = await startReceiver(answer);
  cleanups.push(receiver.close);
  const p = await t.createTestPlatform();
  await t.db.platform.update({ where: { id: p.platform.id }, data: { webhookEndpoint: receiver.url } });
  return { ...p, receiver };
}

/** Advances the platform's clock, then sends what that made due, as the worker would. */
async function advanceThenDeliver(auth: Credentials, platformId: string, seconds: number) {
  const advanced = await t.call("POST", "/sandbox/clock/advance", { auth, body: { seconds } });
  expect(advanced.status).toBe(200);
  return runDueJobs(t.db, { platformId });
}

const eventRow = (platformId: string) => t.db.webhookEvent.findFirstOrThrow({ where: { platformId }, include: { attempts: { orderBy: { attemptNumber: "asc" } } } });

describe("webhook delivery", () => {
  it("signs the raw body so that the key published by GET /config verifies it", async () => {
    const { platform, auth, receiver } = await platformWithReceiver();
    const id = await enqueueEvent(t.db, { platformId: platform.id, type: "INTERNAL_ACCOUNT.BALANCE_UPDATED", data: { id: "InternalAccount:x", balance: { amount: 12345 } } });
    await runDueJobs(t.db, { platformId: platform.id });

    expect(receiver.received).toHaveLength(1);
    const { body, signature } = receiver.received[0]!;
    const config = await t.call("GET", "/config", { auth });
    expect(verifyWebhookSignature(body, signature!, config.json.webhookPublicKey)).toBe(true);
    expect(verifyWebhookSignature(body.replace("12345", "12346"), signature!, config.json.webhookPublicKey)).toBe(false);
    expect(JSON.parse(body)).toMatchObject({ id, type: "INTERNAL_ACCOUNT.BALANCE_UPDATED", data: { balance: { amount: 12345 } } });
    expect((await eventRow(platform.id)).deliveryStatus).toBe("DELIVERED");
  });

  it("retries a receiver that answers 500 twice: exactly three attempts, growing gaps, same body", async () => {
    const { platform, auth, receiver } = await platformWithReceiver((n) => (n <= 2 ? 500 : 200));
    await enqueueEvent(t.db, { platformId: platform.id, type: "OUTGOING_PAYMENT.COMPLETED", data: { id: "Transaction:x" } });
    await runDueJobs(t.db, { platformId: platform.id });
    let event = await eventRow(platform.id);
    expect(event.deliveryStatus).toBe("RETRYING");
    const firstGapMs = event.nextAttemptAt!.getTime() - event.attempts[0]!.startedAt.getTime();
    expect(firstGapMs).toBeGreaterThanOrEqual(9_000);
    expect(firstGapMs).toBeLessThanOrEqual(11_000);

    expect(await advanceThenDeliver(auth, platform.id, 5)).toEqual([]);
    expect(await advanceThenDeliver(auth, platform.id, 10)).toHaveLength(1);
    expect(receiver.received).toHaveLength(2);
    await advanceThenDeliver(auth, platform.id, 30);
    await advanceThenDeliver(auth, platform.id, 3600);

    event = await eventRow(platform.id);
    expect(receiver.received).toHaveLength(3);
    expect(event.deliveryStatus).toBe("DELIVERED");
    expect(event.attempts.map((a) => a.responseStatus)).toEqual([500, 500, 200]);
    const [a1, a2, a3] = event.attempts.map((a) => a.startedAt.getTime());
    expect(a3! - a2!).toBeGreaterThan(a2! - a1!);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
  });

  it("retries a receiver that hangs past the timeout", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "300";
    const { platform, auth, receiver } = await platformWithReceiver((n) => (n === 1 ? "hang" : 200));
    await enqueueEvent(t.db, { platformId: platform.id, type: "TEST_HANG", data: {} });
    await runDueJobs(t.db, { platformId: platform.id });
    let event = await eventRow(platform.id);
    expect(event.deliveryStatus).toBe("RETRYING");
    expect(event.attempts[0]!.error).toBe("no answer within 0.3 s");
    await advanceThenDeliver(auth, platform.id, 12);
    event = await eventRow(platform.id);
    expect(event.deliveryStatus).toBe("DELIVERED");
    expect(receiver.received).toHaveLength(2);
  });

  it("counts a retry's backoff from the end of the attempt that timed out, not from its start", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "2500";
    const { platform } = await platformWithReceiver((n) => (n === 1 ? "hang" : 200));
    await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: {} });
    await runDueJobs(t.db, { platformId: platform.id });
    const event = await eventRow(platform.id);
    const attempt = event.attempts[0]!;
    expect(attempt.error).toBe("no answer within 2.5 s");
    const endedAt = attempt.startedAt.getTime() + attempt.latencyMs;
    // The first retry waits 10 s ± 10 % (retry-policy.ts) after the attempt gave up.
    expect(event.nextAttemptAt!.getTime() - endedAt).toBeGreaterThanOrEqual(9_000);
    expect(event.nextAttemptAt!.getTime() - endedAt).toBeLessThanOrEqual(11_000);
  });

  it("retries a receiver that resets the connection without answering, with the same body", async () => {
    const { platform, auth, receiver } = await platformWithReceiver((n) => (n <= 2 ? "reset" : 200));
    await enqueueEvent(t.db, { platformId: platform.id, type: "TEST_RESET", data: {} });
    await runDueJobs(t.db, { platformId: platform.id });
    let event = await eventRow(platform.id);
    expect(event.deliveryStatus).toBe("RETRYING");
    expect(event.attempts[0]).toMatchObject({ responseStatus: null });
    expect(event.attempts[0]!.error).toBe("ECONNRESET");
    await advanceThenDeliver(auth, platform.id, 12);
    await advanceThenDeliver(auth, platform.id, 30);
    event = await eventRow(platform.id);
    expect(event.attempts.map((a) => a.responseStatus)).toEqual([null, null, 200]);
    expect(event.deliveryStatus).toBe("DELIVERED");
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
  });

  it("retries a receiver that answers 4xx (BEHAVIORS.md §7.2), and counts 409 as already delivered", async () => {
    const rejecting = await platformWithReceiver((n) => (n === 1 ? 401 : n === 2 ? 400 : 200));
    await enqueueEvent(t.db, { platformId: rejecting.platform.id, type: "X.Y", data: {} });
    await runDueJobs(t.db, { platformId: rejecting.platform.id });
    expect((await eventRow(rejecting.platform.id)).deliveryStatus).toBe("RETRYING");
    await advanceThenDeliver(rejecting.auth, rejecting.platform.id, 12);
    await advanceThenDeliver(rejecting.auth, rejecting.platform.id, 25);
    const event = await eventRow(rejecting.platform.id);
    expect(event.attempts.map((a) => a.responseStatus)).toEqual([401, 400, 200]);
    expect(event.deliveryStatus).toBe("DELIVERED");
    expect(new Set(rejecting.receiver.received.map((r) => r.body)).size).toBe(1);

    const duplicate = await platformWithReceiver(() => 409);
    await enqueueEvent(t.db, { platformId: duplicate.platform.id, type: "X.Y", data: {} });
    await runDueJobs(t.db, { platformId: duplicate.platform.id });
    await advanceThenDeliver(duplicate.auth, duplicate.platform.id, 86400);
    expect((await eventRow(duplicate.platform.id)).deliveryStatus).toBe("DELIVERED");
    expect(duplicate.receiver.received).toHaveLength(1);
  });

  it("writes no event when the transaction that caused it rolls back", async () => {
    const p = await t.createTestPlatform();
    await expect(
      t.db.$transaction(async (tx) => {
        await enqueueEvent(tx, { platformId: p.platform.id, type: "OUTGOING_PAYMENT.COMPLETED", data: {} });
        throw new Error("the payment failed to post");
      }),
    ).rejects.toThrow("the payment failed to post");
    expect(await t.db.webhookEvent.count({ where: { platformId: p.platform.id } })).toBe(0);
    expect(await t.db.job.count({ where: { platformId: p.platform.id } })).toBe(0);
  });

  it("records NO_ENDPOINT when the platform has no endpoint: written settled, never due", async () => {
    const p = await t.createTestPlatform();
    await enqueueEvent(t.db, { platformId: p.platform.id, type: "X.Y", data: {} });
    const row = await eventRow(p.platform.id);
    expect([row.deliveryStatus, row.nextAttemptAt, row.attempts]).toEqual(["NO_ENDPOINT", null, []]);
    expect(await claimDueEvents(t.db, { limit: 10, platformId: p.platform.id })).toEqual([]);
    await runDueJobs(t.db, { platformId: p.platform.id });
    expect((await eventRow(p.platform.id)).deliveryStatus).toBe("NO_ENDPOINT");
  });

  it("delivers a worker's batch of several platforms' events: each to its own endpoint, NO_ENDPOINT where none, no job rows", async () => {
    const a = await platformWithReceiver();
    const b = await platformWithReceiver((n) => (n === 1 ? 500 : 200));
    const silent = await t.createTestPlatform();
    const removed = await platformWithReceiver(); // its endpoint is removed after the event was written
    for (const [i, p] of [a, a, b, silent, removed].entries())
      await enqueueEvent(t.db, { platformId: p.platform.id, type: "OUTGOING_PAYMENT.COMPLETED", data: { id: `Transaction:x${i}` } });
    await t.db.platform.update({ where: { id: removed.platform.id }, data: { webhookEndpoint: null } });
    const claimed = (await Promise.all([a, b, silent, removed].map((p) => claimDueEvents(t.db, { limit: 10, platformId: p.platform.id })))).flat();
    expect(claimed).toHaveLength(4); // a's two, b's, removed's; silent's was written settled
    expect(await claimDueEvents(t.db, { limit: 10, platformId: a.platform.id })).toEqual([]); // leased
    // The event whose endpoint went away is settled by the claim itself: nothing leased, nothing left to do.
    for (const p of [silent, removed]) {
      const row = await t.db.webhookEvent.findFirstOrThrow({ where: { platformId: p.platform.id } });
      expect([row.deliveryStatus, row.lockedUntil, row.nextAttemptAt]).toEqual(["NO_ENDPOINT", null, null]);
    }

    const ran = await runEventDeliveries(t.db, claimed);
    expect(ran.map((r) => r.kind)).toEqual(["webhook.deliver", "webhook.deliver", "webhook.deliver", "webhook.deliver"]);
    expect(ran.every((r) => r.status === "DONE")).toBe(true);
    expect(a.receiver.received).toHaveLength(2);
    expect(b.receiver.received).toHaveLength(1);
    const status = async (platformId: string) => (await t.db.webhookEvent.findMany({ where: { platformId } })).map((e) => e.deliveryStatus);
    expect(await status(a.platform.id)).toEqual(["DELIVERED", "DELIVERED"]);
    expect(await status(b.platform.id)).toEqual(["RETRYING"]);
    expect(await status(silent.platform.id)).toEqual(["NO_ENDPOINT"]);
    expect(await status(removed.platform.id)).toEqual(["NO_ENDPOINT"]);
    expect(removed.receiver.received).toHaveLength(0);
    const retry = await t.db.webhookEvent.findFirstOrThrow({ where: { platformId: b.platform.id } });
    expect(retry.lockedUntil).toBeNull();
    expect(retry.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 5_000);
    const attempt = await t.db.webhookAttempt.findFirstOrThrow({ where: { platformId: b.platform.id } });
    expect(attempt).toMatchObject({ attemptNumber: 1, responseStatus: 500, url: b.receiver.url });
    expect(await t.db.job.count({ where: { platformId: { in: [a.platform.id, b.platform.id, silent.platform.id] } } })).toBe(0);
  });

  it("attempts an event again once a crashed worker's lease runs out, and a replay during an attempt wins over that attempt's outcome", async () => {
    const { platform, auth, receiver } = await platformWithReceiver((n) => (n === 1 ? 500 : 200));
    await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: {} });
    const [claimed] = await claimDueEvents(t.db, { limit: 10, platformId: platform.id });
    expect(claimed).toBeDefined();
    expect(await claimDueEvents(t.db, { limit: 10, platformId: platform.id })).toEqual([]);
    // The worker that claimed it died: its lease runs out and another worker takes the event.
    await t.db.webhookEvent.update({ where: { id: claimed!.id }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    const [again] = await claimDueEvents(t.db, { limit: 10, platformId: platform.id });
    expect(again?.id).toBe(claimed!.id);

    // Replayed while that attempt is in flight: the attempt (a 500) is recorded, the replay's "due now" stays.
    expect((await t.call("POST", `/webhooks/events/Webhook:${claimed!.id}/replay`, { auth })).status).toBe(200);
    await runEventDeliveries(t.db, [again!]);
    let event = await eventRow(platform.id);
    // The crashed worker's attempt stays listed, started and never answered (it may have reached the receiver).
    expect(event.attempts.map((a) => [a.attemptNumber, a.responseStatus, a.error])).toEqual([[1, null, null], [2, 500, null]]);
    expect(event.deliveryStatus).toBe("PENDING");
    expect(event.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    await runDueJobs(t.db, { platformId: platform.id });
    event = await eventRow(platform.id);
    expect(event.deliveryStatus).toBe("DELIVERED");
    expect(event.attempts.map((a) => [a.attemptNumber, a.responseStatus])).toEqual([[1, null], [2, 500], [3, 200]]);
    expect(receiver.received).toHaveLength(2);
  });

  it("attempts an event again soon after a worker claimed it and could not record the attempt (its database connection dropped)", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "300";
    const { platform, receiver } = await platformWithReceiver();
    await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: { id: "Transaction:x" } });
    expect(await claimDueEvents(t.db, { limit: 10, platformId: platform.id })).toHaveLength(1); // and nothing recorded after
    const worker = startWorker(async () => t.db, { intervalMs: 10, platformId: platform.id });
    cleanups.push(() => worker.stop());
    // The claim lasts the attempt's timeout and as long again to record it, not a crashed job's lease (300 s).
    await expect.poll(async () => (await eventRow(platform.id)).deliveryStatus, { timeout: 3_000 }).toBe("DELIVERED");
    expect(receiver.received).toHaveLength(1);
  });

  it("does not follow a redirect to another host", async () => {
    const elsewhere = await startReceiver();
    cleanups.push(elsewhere.close);
    const http = await import("node:http");
    const redirector = http.createServer((_req, res) => res.writeHead(307, { location: elsewhere.url.replace("127.0.0.1", "localhost") }).end());
    await new Promise<void>((r) => redirector.listen(0, "127.0.0.1", r));
    cleanups.push(() => new Promise((r) => redirector.close(() => r())));
    const p = await t.createTestPlatform();
    const port = (redirector.address() as { port: number }).port;
    await t.db.platform.update({ where: { id: p.platform.id }, data: { webhookEndpoint: `http://127.0.0.1:${port}/hooks` } });
    await enqueueEvent(t.db, { platformId: p.platform.id, type: "X.Y", data: {} });
    await runDueJobs(t.db, { platformId: p.platform.id });
    const event = await eventRow(p.platform.id);
    expect(event.attempts[0]!.error).toMatch(/redirect to another host/);
    expect(elsewhere.received).toHaveLength(0);
  });

  it("delivers each event once with two workers on one database", async () => {
    const { platform, receiver } = await platformWithReceiver();
    const second = await openDatabase({ url: inject("databaseUrl") });
    cleanups.push(() => second.close());
    const ids = new Set<string>();
    for (let i = 0; i < 30; i++) ids.add(await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: { i } }));
    const workers = [
      startWorker(async () => t.db, { intervalMs: 10, platformId: platform.id }),
      startWorker(async () => second.prisma, { intervalMs: 10, platformId: platform.id }),
    ];
    const deadline = Date.now() + 20_000;
    while ((await t.db.webhookEvent.count({ where: { platformId: platform.id, deliveryStatus: "DELIVERED" } })) < 30 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await Promise.all(workers.map((w) => w.stop()));
    const deliveredIds = receiver.received.map((r) => JSON.parse(r.body).id);
    expect(deliveredIds).toHaveLength(30);
    expect(new Set(deliveredIds)).toEqual(ids);
  });
});

describe("the order of one resource's events", () => {
  const sent = (received: { body: string }[]) => received.map((r) => JSON.parse(r.body) as { type: string; data: { id: string } }).map((b) => `${b.data.id} ${b.type}`);
  const payment = ["PENDING", "PROCESSING", "COMPLETED"].map((status) => `Transaction:ordered OUTGOING_PAYMENT.${status}`);

  async function enqueuePayment(platformId: string) {
    for (const status of ["PENDING", "PROCESSING", "COMPLETED"])
      await enqueueEvent(t.db, { platformId, type: `OUTGOING_PAYMENT.${status}`, data: { id: "Transaction:ordered", status } });
  }

  it("holds a resource's later events while an earlier one retries, and not other resources' events", async () => {
    let failures = 1;
    const { platform, auth, receiver } = await platformWithReceiver((_, body) => (JSON.parse(body).type === "OUTGOING_PAYMENT.PENDING" && failures-- > 0 ? 500 : 200));
    await enqueuePayment(platform.id);
    await enqueueEvent(t.db, { platformId: platform.id, type: "CUSTOMER.KYC_APPROVED", data: { id: "Customer:other" } });
    await runDueJobs(t.db, { platformId: platform.id });
    // Before, PROCESSING and COMPLETED went out while PENDING waited for its retry, which then came last.
    expect(sent(receiver.received)).toEqual([payment[0], "Customer:other CUSTOMER.KYC_APPROVED"]);

    await advanceThenDeliver(auth, platform.id, 15);
    expect(sent(receiver.received)).toEqual([payment[0], "Customer:other CUSTOMER.KYC_APPROVED", ...payment]);
  });

  it("sends a resource's events in the order they were written, even where their ids and times sort the other way", async () => {
    const { platform, receiver } = await platformWithReceiver();
    const at = await now(t.db, platform.id);
    // An id of `ms` with the in-millisecond counter `counter` (UUIDv7's 12 bits after the version).
    const idAt = (ms: number, counter: number) => { const u = uuidv7(ms); return `${u.slice(0, 14)}7${counter.toString(16).padStart(3, "0")}${u.slice(18)}`; };
    // Written in this order by two processes whose counters for the millisecond started apart, and
    // the last by one whose clock was a millisecond behind: (createdAt, id) sorts them backwards.
    const written = [
      { status: "PENDING", at, id: idAt(at.getTime(), 0xfff) },
      { status: "PROCESSING", at, id: idAt(at.getTime(), 0x001) },
      { status: "COMPLETED", at: new Date(at.getTime() - 1), id: idAt(at.getTime() - 1, 0x000) },
    ];
    for (const { status, at, id } of written) {
      const type = `OUTGOING_PAYMENT.${status}`;
      const data = { id: "Transaction:ordered", status };
      await t.db.$executeRaw`WITH ${outboxRows({ id, platformId: platform.id, type, body: eventBody(id, type, at, data), at, resourceId: data.id })} SELECT 1`;
    }
    await runDueJobs(t.db, { platformId: platform.id });
    expect(sent(receiver.received)).toEqual(payment);
  });

  it("sends a transfer-out's PENDING, PROCESSING and COMPLETED, written by one statement, in that order", async () => {
    const f = await transfersFixture(t);
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    await t.db.platform.update({ where: { id: f.platformId }, data: { webhookEndpoint: receiver.url } });
    await f.fund(f.accountId, 1_000);
    const transfer = await f.out(await f.externalAccount(), 10);
    expect(transfer.status).toBe(200);
    await runDueJobs(t.db, { platformId: f.platformId });
    const ofTransfer = sent(receiver.received).filter((line) => line.startsWith(`${transfer.json.id} `));
    expect(ofTransfer).toEqual(["PENDING", "PROCESSING", "COMPLETED"].map((status) => `${transfer.json.id} OUTGOING_PAYMENT.${status}`));
  });

  it("the worker, which sends many events at once, sends a resource's next event only once the earlier one is answered", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "300";
    const { platform, auth, receiver } = await platformWithReceiver((n) => (n === 1 ? "hang" : 200));
    await enqueuePayment(platform.id);
    const worker = startWorker(async () => t.db, { intervalMs: 10, concurrency: 32, platformId: platform.id });
    cleanups.push(() => worker.stop());
    // PENDING hangs past the timeout and is retried 10 s later (platform clock); nothing else of the payment goes out meanwhile.
    await expect.poll(async () => (await t.db.webhookEvent.count({ where: { platformId: platform.id, deliveryStatus: "RETRYING" } })), { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent(receiver.received)).toEqual([payment[0]]);

    await t.call("POST", "/sandbox/clock/advance", { auth, body: { seconds: 15 } });
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(4);
    expect(sent(receiver.received)).toEqual([payment[0], ...payment]);
  });
});

describe("a receiver that does not answer some events", () => {
  it("holds back no other resource's event, however many of its events hang", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "5000";
    const { platform, receiver } = await platformWithReceiver((_, body) => (JSON.parse(body).type === "X.HANG" ? "hang" : 200));
    for (let i = 0; i < 40; i++) await enqueueEvent(t.db, { platformId: platform.id, type: "X.HANG", data: { id: `Transaction:hang-${i}` } });
    const worker = startWorker(async () => t.db, { intervalMs: 10, platformId: platform.id });
    cleanups.push(() => worker.stop());
    // All 40 are in flight at once, none waiting for the others to time out.
    await expect.poll(() => receiver.received.length, { timeout: 3_000 }).toBe(40);

    // Written while they hang: another resource's event goes out at once, not after the 5 s timeout.
    await enqueueEvent(t.db, { platformId: platform.id, type: "X.OK", data: { id: "Transaction:other" } });
    await expect.poll(() => receiver.received.map((r) => JSON.parse(r.body).type).includes("X.OK"), { timeout: 2_000 }).toBe(true);
    await receiver.close();
  });
});

describe("POST /webhooks/test", () => {
  it("answers 400 WEBHOOK_ENDPOINT_NOT_SET without an endpoint", async () => {
    const p = await t.createTestPlatform();
    const res = await t.call("POST", "/webhooks/test", { auth: p.auth });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("WEBHOOK_ENDPOINT_NOT_SET");
  });

  it("sends a signed test event and reports the answer; the sandbox alias does the same", async () => {
    const { auth, receiver, platform } = await platformWithReceiver();
    for (const path of ["/webhooks/test", "/sandbox/webhooks/test"]) {
      const res = await t.call("POST", path, { auth });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ url: receiver.url, response_status: 200, response_body: "ok" });
    }
    const body = JSON.parse(receiver.received[0]!.body);
    expect(body).toMatchObject({ test: true, type: "TEST", data: {} });
    expect(body.id).toMatch(/^Webhook:/);
    expect(verifyWebhookSignature(receiver.received[0]!.body, receiver.received[0]!.signature!, platform.webhookPublicKeyPem)).toBe(true);
  });

  it("always reports response_body: an endpoint answering 204 with no body gives response_body \"\"", async () => {
    const { auth } = await platformWithReceiver(() => 204);
    const res = await t.call("POST", "/webhooks/test", { auth });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ url: expect.any(String), response_status: 204, response_body: "" });
  });

  it("answers 400 WEBHOOK_DELIVERY_ERROR with the reason when the endpoint fails, and never retries", async () => {
    const { auth, receiver, platform } = await platformWithReceiver(() => 503);
    const res = await t.call("POST", "/webhooks/test", { auth });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "WEBHOOK_DELIVERY_ERROR", details: { reason: "endpoint answered HTTP 503", response_status: 503 } });
    await advanceThenDeliver(auth, platform.id, 3600);
    expect(receiver.received).toHaveLength(1);
    expect((await eventRow(platform.id)).deliveryStatus).toBe("FAILED");

    const closed = await t.createTestPlatform();
    const gone = await startReceiver();
    await gone.close(); // nothing listens on its port any more
    await t.db.platform.update({ where: { id: closed.platform.id }, data: { webhookEndpoint: gone.url } });
    const refused = await t.call("POST", "/webhooks/test", { auth: closed.auth });
    expect(refused.status).toBe(400);
    expect(refused.json.details.reason).toBe("ECONNREFUSED");
  });

  it("is sent once when the endpoint changes through PATCH /config", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const p = await t.createTestPlatform();
    await t.call("PATCH", "/config", { auth: p.auth, body: { webhookEndpoint: receiver.url } });
    await t.call("PATCH", "/config", { auth: p.auth, body: { webhookEndpoint: receiver.url } });
    await runDueJobs(t.db, { platformId: p.platform.id });
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(["TEST"]);
  });
});

describe("webhook events API", () => {
  it("lists events with their state, shows every attempt and replays one", async () => {
    const { platform, auth, receiver } = await platformWithReceiver((n) => (n === 1 ? 500 : 200));
    const id = await enqueueEvent(t.db, { platformId: platform.id, type: "CUSTOMER.KYC_APPROVED", data: { id: "Customer:x" } });
    await runDueJobs(t.db, { platformId: platform.id });

    const list = await t.call("GET", "/webhooks/events?deliveryStatus=RETRYING", { auth });
    expect(list.status).toBe(200);
    expect(list.json.data).toHaveLength(1);
    expect(list.json.data[0]).toMatchObject({ id, type: "CUSTOMER.KYC_APPROVED", deliveryStatus: "RETRYING", attemptCount: 1 });
    expect(list.json.data[0].nextAttemptAt).toBeDefined();

    const replayed = await t.call("POST", `/webhooks/events/${id}/replay`, { auth });
    expect(replayed.status).toBe(200);
    expect(replayed.json.deliveryStatus).toBe("PENDING");
    await runDueJobs(t.db, { platformId: platform.id });
    const one = await t.call("GET", `/webhooks/events/${id}`, { auth });
    expect(one.json.deliveryStatus).toBe("DELIVERED");
    expect(one.json.attempts.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([500, 200]);
    expect(one.json.payload.id).toBe(id);
    expect(receiver.received).toHaveLength(2);
  });

  it("shows an attempt in flight as started, counted and without an answer yet; its outcome then fills in that attempt", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "5000";
    const { platform, auth, receiver } = await platformWithReceiver(() => "hang");
    const id = await enqueueEvent(t.db, { platformId: platform.id, type: "CUSTOMER.KYC_APPROVED", data: { id: "Customer:x" } });
    const delivering = runEventDeliveries(t.db, await claimDueEvents(t.db, { limit: 10, platformId: platform.id }));
    await expect.poll(() => receiver.received.length).toBe(1);

    const inFlight = await t.call("GET", `/webhooks/events/${id}`, { auth });
    expect(inFlight.json).toMatchObject({ deliveryStatus: "PENDING", attemptCount: 1 });
    expect(inFlight.json.attempts).toEqual([{ attemptNumber: 1, url: receiver.url, startedAt: expect.any(String), latencyMs: 0 }]);
    expect((await t.call("GET", "/webhooks/events", { auth })).json.data[0]).toMatchObject({ id, attemptCount: 1 });

    await receiver.close(); // the receiver drops the request unanswered
    await delivering;
    const ended = await t.call("GET", `/webhooks/events/${id}`, { auth });
    expect(ended.json).toMatchObject({ deliveryStatus: "RETRYING", attemptCount: 1 });
    expect(ended.json.attempts).toHaveLength(1);
    expect(ended.json.attempts[0]).toMatchObject({ attemptNumber: 1, startedAt: inFlight.json.attempts[0].startedAt, error: expect.any(String) });
  });

  it("replays of an event whose retry is waiting bring that delivery forward: one attempt now and one retry chain, also when replayed at once", async () => {
    const { platform, auth, receiver } = await platformWithReceiver(() => 500);
    const id = await enqueueEvent(t.db, { platformId: platform.id, type: "CUSTOMER.KYC_APPROVED", data: { id: "Customer:x" } });
    await runDueJobs(t.db, { platformId: platform.id });
    const retryAt = (await eventRow(platform.id)).nextAttemptAt!; // the retry after the first 500
    expect(retryAt.getTime()).toBeGreaterThan(Date.now() + 5_000);

    const replays = await Promise.all(Array.from({ length: 3 }, () => t.call("POST", `/webhooks/events/${id}/replay`, { auth })));
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await eventRow(platform.id)).nextAttemptAt!.getTime()).toBeLessThan(retryAt.getTime()); // brought forward
    expect((await runDueJobs(t.db, { platformId: platform.id })).map((r) => r.kind)).toEqual(["webhook.deliver"]);
    expect(receiver.received).toHaveLength(2);
    const event = await eventRow(platform.id);
    expect(event.deliveryStatus).toBe("RETRYING");
    expect(event.attempts.map((a) => a.attemptNumber)).toEqual([1, 2]);
    expect(event.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 15_000); // the next retry of the one chain (after the second failure)
  });

  it("answers 404 for another platform's event and validates filters", async () => {
    const { platform, auth } = await platformWithReceiver();
    const id = await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: {} });
    const other = await t.createTestPlatform();
    expect((await t.call("GET", `/webhooks/events/${id}`, { auth: other.auth })).status).toBe(404);
    expect((await t.call("POST", `/webhooks/events/${id}/replay`, { auth: other.auth })).status).toBe(404);
    expect((await t.call("GET", "/webhooks/events/garbage", { auth })).status).toBe(404);
    expect((await t.call("GET", "/webhooks/events?deliveryStatus=LOST", { auth })).status).toBe(400);
  });
});

describe("sandbox clock", () => {
  it("reads and advances the platform's clock, and only that platform's", async () => {
    const p = await t.createTestPlatform();
    const other = await t.createTestPlatform();
    const before = new Date((await t.call("GET", "/sandbox/clock", { auth: p.auth })).json.now).getTime();
    const advanced = await t.call("POST", "/sandbox/clock/advance", { auth: p.auth, body: { seconds: 360 } });
    expect(advanced.status).toBe(200);
    expect(new Date(advanced.json.now).getTime() - before).toBeGreaterThanOrEqual(360_000);
    const otherNow = new Date((await t.call("GET", "/sandbox/clock", { auth: other.auth })).json.now).getTime();
    expect(Math.abs(otherNow - Date.now())).toBeLessThan(5_000);
  });

  it("validates the body and refuses production platforms", async () => {
    const p = await t.createTestPlatform();
    for (const body of [{}, { seconds: 0 }, { seconds: 1.5 }, { seconds: "60" }]) {
      const res = await t.call("POST", "/sandbox/clock/advance", { auth: p.auth, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.details.errors[0].field).toBe("seconds");
    }
    await t.makeProduction(p.platform.id);
    const res = await t.call("GET", "/sandbox/clock", { auth: p.auth });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/sandbox platforms only/);
  });
});

describe("sandbox clock under concurrency", () => {
  it("advances sent at once add up, run each due job once and never move the clock back behind an answered advance", async () => {
    const handlers = JOB_HANDLERS as Record<string, (ctx: JobContext) => Promise<void>>;
    handlers["test.due"] = async () => undefined;
    try {
      for (let i = 0; i < 8; i++) {
        const { platform, auth } = await t.createTestPlatform();
        const at = (await now(t.db, platform.id)).getTime();
        const jobs = new Set<string>();
        for (let j = 0; j < 5; j++) jobs.add(await scheduleJob(t.db, { platformId: platform.id, kind: "test.due", payload: {}, runAt: new Date(at + j * 30_000) }));
        const before = new Date((await t.call("GET", "/sandbox/clock", { auth })).json.now).getTime();
        await t.warmPool();
        const seconds = [3600, 60, 60, 60, 60];
        const results = await Promise.all(seconds.map((s) => t.call("POST", "/sandbox/clock/advance", { auth, body: { seconds: s } })));
        expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
        results.forEach((r, k) => expect(new Date(r.json.now).getTime() - before).toBeGreaterThanOrEqual(seconds[k]! * 1000));
        // One after another: the answered times are 60 s or more apart, the last one the sum ahead.
        const answered = results.map((r) => new Date(r.json.now).getTime()).sort((a, b) => a - b);
        for (let k = 1; k < answered.length; k++) expect(answered[k]! - answered[k - 1]!).toBeGreaterThanOrEqual(60_000);
        const ran = results.flatMap((r) => r.json.ran.map((job: { id: string }) => job.id));
        expect(ran).toHaveLength(5);
        expect(new Set(ran)).toEqual(jobs);
        const after = new Date((await t.call("GET", "/sandbox/clock", { auth })).json.now).getTime();
        expect(after - before).toBeGreaterThanOrEqual((3600 + 4 * 60) * 1000);
      }
    } finally {
      delete handlers["test.due"];
    }
  });
});

describe("advancing the clock past webhook retries", () => {
  it("leaves them to the worker: one attempt once the advance answers, the next on the usual schedule from there", async () => {
    const { platform, auth, receiver } = await platformWithReceiver(() => 500);
    await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: {} });
    await runDueJobs(t.db, { platformId: platform.id });
    // Retries were due at about 10, 30, 70 and 150 s: the advance sends none of them itself.
    const advanced = await t.call("POST", "/sandbox/clock/advance", { auth, body: { seconds: 300 } });
    expect(advanced.json.ran).toEqual([]);
    expect(receiver.received).toHaveLength(1);

    expect(await runDueJobs(t.db, { platformId: platform.id })).toHaveLength(1);
    const event = await eventRow(platform.id);
    expect(event.attempts).toHaveLength(2);
    const second = event.attempts[1]!;
    expect(second.startedAt.getTime()).toBeGreaterThanOrEqual(new Date(advanced.json.now).getTime());
    // The second retry waits 20 s ± 10 % after the second attempt ended.
    const wait = event.nextAttemptAt!.getTime() - (second.startedAt.getTime() + second.latencyMs);
    expect(wait).toBeGreaterThanOrEqual(18_000);
    expect(wait).toBeLessThanOrEqual(22_000);
  });
});
