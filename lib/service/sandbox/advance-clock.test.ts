import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { startReceiver } from "../testing/webhook-receiver";
import { enqueueEvent } from "../jobs/enqueue-event";
import { JOB_HANDLERS, type JobContext } from "../jobs/handlers";
import { claimDueJobs, runJobs } from "../jobs/run-jobs";
import { scheduleJob } from "../jobs/schedule-job";
import { startWorker } from "../jobs/worker";
import { waitUntil } from "../testing/wait-until";
import { isAdvancing } from "./advance-steps";
import { now } from "./clock";
import { retryDelayMs } from "../webhooks/retry-policy";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /sandbox/clock/advance with a worker running", () => {
  it("runs every retry of a failing receiver at its scheduled time although the worker claims some of them first", async () => {
    const receiver = await startReceiver(() => 500);
    const { platform, auth } = await t.createTestPlatform();
    await t.db.platform.update({ where: { id: platform.id }, data: { webhookEndpoint: receiver.url } });
    // A worker polling far more often than the server's (250 ms) wins many of the steps the advance reaches.
    const worker = startWorker(async () => t.db, { intervalMs: 1, platformId: platform.id });
    try {
      await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: { id: "Transaction:x" } });
      const advanced = await t.call("POST", "/sandbox/clock/advance", { auth, body: { seconds: 86_400 } });
      expect(advanced.status).toBe(200);
      const clockNow = new Date(advanced.json.now).getTime();
      await worker.stop();

      const event = await t.db.webhookEvent.findFirstOrThrow({ where: { platformId: platform.id }, include: { attempts: { orderBy: { attemptNumber: "asc" } } } });
      const startedAt = event.attempts.map((a) => a.startedAt.getTime());
      const late: string[] = [];
      for (let k = 1; k < startedAt.length; k++) {
        const gap = startedAt[k]! - startedAt[k - 1]!;
        const [earliest, latest] = [retryDelayMs(k, () => 0), retryDelayMs(k, () => 1)];
        // The clock reads wall time plus its offset: a few ms of real time pass between steps.
        if (gap < earliest || gap > latest + 1_000) late.push(`attempt ${k + 1}: ${gap} ms after attempt ${k}, the schedule says ${earliest}–${latest} ms`);
      }
      expect(late).toEqual([]);
      // Every retry due inside the day ran: 8 growing gaps (2,550 s) then one about every 30 minutes.
      expect(event.attempts.length).toBeGreaterThanOrEqual(48);
      expect(receiver.received).toHaveLength(event.attempts.length);
      expect(event.deliveryStatus).toBe("RETRYING");
      // The next retry is still ahead of the new time, one gap after the last attempt.
      expect(event.nextAttemptAt!.getTime()).toBeGreaterThan(clockNow);
      expect(event.nextAttemptAt!.getTime() - startedAt.at(-1)!).toBeLessThanOrEqual(retryDelayMs(startedAt.length, () => 1) + 1_000);
    } finally {
      await worker.stop();
      await receiver.close();
    }
  });

  it("does not wait for ever on a step a crashed worker still holds: after the longest a webhook attempt takes, it goes on with the others", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "300"; // the wait is the attempt timeout + 5 s
    const receiver = await startReceiver(() => 200);
    try {
      const { platform, auth } = await t.createTestPlatform();
      await t.db.platform.update({ where: { id: platform.id }, data: { webhookEndpoint: receiver.url } });
      const held = await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: { id: "Transaction:held" } });
      // Claimed by a worker that then died: its lease (JOB_LEASE_SECONDS, 300 s) has long to run.
      await t.db.webhookEvent.update({ where: { id: held.replace("Webhook:", "") }, data: { lockedUntil: new Date(Date.now() + 300_000) } });
      await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: { id: "Transaction:free" } });
      const started = performance.now();
      const advanced = await t.call("POST", "/sandbox/clock/advance", { auth, body: { seconds: 60 } });
      expect(advanced.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(receiver.received.map((r) => JSON.parse(r.body).data.id)).toEqual(["Transaction:free"]);
    } finally {
      delete process.env.WEBHOOK_TIMEOUT_MS;
      await receiver.close();
    }
  });

  it("runs the steps that existed when it began and what they write, not the steps other requests write meanwhile: it ends under steady traffic", async () => {
    const handlers = JOB_HANDLERS as Record<string, (ctx: JobContext) => Promise<void>>;
    handlers["test.traffic"] = async () => undefined;
    const { platform, auth } = await t.createTestPlatform();
    // Traffic: each time the receiver is sent an event, another request writes a webhook event and a
    // job, both due at once (at the advancing "now"), before the receiver answers. Capped so the
    // advance ends even when it takes them on: it then ran everyone's.
    let written = 0;
    const receiver = await startReceiver(async () => {
      if (written < 30) {
        written++;
        await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: { id: `Transaction:traffic-${written}` } });
        await scheduleJob(t.db, { platformId: platform.id, kind: "test.traffic", payload: {} });
      }
      return 500;
    });
    try {
      await t.db.platform.update({ where: { id: platform.id }, data: { webhookEndpoint: receiver.url } });
      await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: { id: "Transaction:before" } });
      const advanced = await t.call("POST", "/sandbox/clock/advance", { auth, body: { seconds: 60 } });
      expect(advanced.status).toBe(200);

      const before = await t.db.webhookEvent.findFirstOrThrow({ where: { platformId: platform.id, resourceId: "Transaction:before" }, include: { attempts: true } });
      // The event's first attempt and its retries inside the minute (after 10 s and 20 s more), each
      // at its time: only these ran.
      expect(before.attempts).toHaveLength(3);
      expect(advanced.json.ran.map((r: { id: string }) => r.id).sort()).toEqual(before.attempts.map((a) => a.id).sort());
      // The traffic's steps wait for the worker.
      expect(written).toBe(3);
      expect(await t.db.webhookEvent.count({ where: { platformId: platform.id, resourceId: { startsWith: "Transaction:traffic-" }, attemptCount: 0 } })).toBe(3);
      expect(await t.db.job.count({ where: { platformId: platform.id, kind: "test.traffic", status: "PENDING" } })).toBe(3);
    } finally {
      delete handlers["test.traffic"];
      await receiver.close();
    }
  });

  it("runs what its steps write inside the window at its time, also when a worker ran the step", async () => {
    const handlers = JOB_HANDLERS as Record<string, (ctx: JobContext) => Promise<void>>;
    let childRanAt = 0;
    // A payment step that schedules its next step 30 s on.
    handlers["test.parent"] = async ({ db, platformId }) => {
      await new Promise((r) => setTimeout(r, 50)); // written a few ms after the advance began, so not one that existed then
      await scheduleJob(db, { platformId, kind: "test.child", payload: {}, runAt: new Date((await now(db, platformId)).getTime() + 30_000) });
    };
    handlers["test.child"] = async ({ db, platformId }) => {
      childRanAt = (await now(db, platformId)).getTime();
    };
    try {
      const { platform, auth } = await t.createTestPlatform();
      await scheduleJob(t.db, { platformId: platform.id, kind: "test.parent", payload: {} });
      const claimed = await claimDueJobs(t.db, { limit: 1, platformId: platform.id }); // a worker holds it
      const advance = t.call("POST", "/sandbox/clock/advance", { auth, body: { seconds: 60 } });
      await waitUntil(async () => isAdvancing(platform.id));
      await runJobs(t.db, claimed); // and runs it while the advance waits for it
      const advanced = await advance;
      expect(advanced.status).toBe(200);

      const child = await t.db.job.findFirstOrThrow({ where: { platformId: platform.id, kind: "test.child" } });
      expect(child.status).toBe("DONE");
      expect(advanced.json.ran.map((r: { id: string }) => r.id)).toEqual([child.id]);
      expect(childRanAt - child.runAt.getTime()).toBeGreaterThanOrEqual(0);
      expect(childRanAt - child.runAt.getTime()).toBeLessThan(1_000);
      expect(new Date(advanced.json.now).getTime()).toBeGreaterThan(child.runAt.getTime());
    } finally {
      delete handlers["test.parent"];
      delete handlers["test.child"];
    }
  });
});
