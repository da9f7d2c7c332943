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

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /sandbox/clock/advance with a worker running", () => {
  it("answers at once although a crashed worker still holds a webhook and the receiver hangs; the worker sends what it made due", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "3000";
    const receiver = await startReceiver((_, body) => (JSON.parse(body).data.id === "Transaction:slow" ? "hang" : 200));
    const { platform, auth } = await t.createTestPlatform();
    const worker = startWorker(async () => t.db, { intervalMs: 10, platformId: platform.id });
    try {
      await t.db.platform.update({ where: { id: platform.id }, data: { webhookEndpoint: receiver.url } });
      const held = await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: { id: "Transaction:held" } });
      // Claimed by a worker that then died: its lease has long to run.
      await t.db.webhookEvent.update({ where: { id: held.replace("Webhook:", "") }, data: { lockedUntil: new Date(Date.now() + 300_000) } });
      // Two events whose retry falls due inside the advance, one to a receiver that never answers it.
      const retryAt = new Date((await now(t.db, platform.id)).getTime() + 10_000);
      for (const id of ["Transaction:slow", "Transaction:fine"]) {
        const event = await enqueueEvent(t.db, { platformId: platform.id, type: "X.Y", data: { id } });
        await t.db.webhookEvent.update({ where: { id: event.replace("Webhook:", "") }, data: { deliveryStatus: "RETRYING", attemptCount: 1, nextAttemptAt: retryAt } });
      }

      expect((await t.call("GET", "/sandbox/clock", { auth })).status).toBe(200); // the token checked once, as a client's first call does
      const started = performance.now();
      const advanced = await t.call("POST", "/sandbox/clock/advance", { auth, body: { seconds: 60 } });
      expect(advanced.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(new Date(advanced.json.now).getTime() - retryAt.getTime()).toBeGreaterThanOrEqual(50_000);
      // The worker sends both retries now due, and the hanging one holds up neither the other nor the advance.
      await expect.poll(() => receiver.received.map((r) => JSON.parse(r.body).data.id).sort(), { timeout: 2_000 }).toEqual(["Transaction:fine", "Transaction:slow"]);
    } finally {
      delete process.env.WEBHOOK_TIMEOUT_MS;
      await receiver.close();
      await worker.stop();
    }
  });

  it("does not wait for ever on a job a crashed worker still holds: after a few seconds it goes on with the others", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "300"; // the wait is the webhook timeout + 5 s
    const handlers = JOB_HANDLERS as Record<string, (ctx: JobContext) => Promise<void>>;
    handlers["test.step"] = async () => undefined;
    try {
      const { platform, auth } = await t.createTestPlatform();
      await scheduleJob(t.db, { platformId: platform.id, kind: "test.step", payload: {} });
      // Claimed by a worker that then died: its lease (JOB_LEASE_SECONDS, 300 s) has long to run.
      expect(await claimDueJobs(t.db, { limit: 1, platformId: platform.id })).toHaveLength(1);
      const free = await scheduleJob(t.db, { platformId: platform.id, kind: "test.step", payload: {}, runAt: new Date((await now(t.db, platform.id)).getTime() + 30_000) });
      const started = performance.now();
      const advanced = await t.call("POST", "/sandbox/clock/advance", { auth, body: { seconds: 60 } });
      expect(advanced.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(advanced.json.ran.map((r: { id: string }) => r.id)).toEqual([free]);
    } finally {
      delete process.env.WEBHOOK_TIMEOUT_MS;
      delete handlers["test.step"];
    }
  });

  it("runs the jobs that existed when it began and what they write, not the jobs other requests write meanwhile: it ends under steady traffic", async () => {
    const handlers = JOB_HANDLERS as Record<string, (ctx: JobContext) => Promise<void>>;
    /** Steps waiting for the traffic to write its job before they go on. */
    const waiting: (() => void)[] = [];
    // A payment step that schedules its next one 25 s on: due at 0, 25 and 50 s of the minute.
    handlers["test.step"] = async ({ db, platformId }) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      await scheduleJob(db, { platformId, kind: "test.step", payload: {}, runAt: new Date((await now(db, platformId)).getTime() + 25_000) });
    };
    handlers["test.traffic"] = async () => undefined;
    try {
      const { platform, auth } = await t.createTestPlatform();
      const first = await scheduleJob(t.db, { platformId: platform.id, kind: "test.step", payload: {} });
      let isAnswered = false;
      const advance = t.call("POST", "/sandbox/clock/advance", { auth, body: { seconds: 60 } }).finally(() => (isAnswered = true));
      // Traffic: while each step runs, another request writes a job due at once (at the advancing
      // "now"). Capped so the advance ends even when it takes them on: it then ran everyone's.
      let written = 0;
      while (!isAnswered) {
        const step = waiting.shift();
        if (step && written < 30) {
          written++;
          await scheduleJob(t.db, { platformId: platform.id, kind: "test.traffic", payload: {} });
        }
        step?.();
        await new Promise((r) => setTimeout(r, 5));
      }
      const advanced = await advance;
      expect(advanced.status).toBe(200);

      const steps = await t.db.job.findMany({ where: { platformId: platform.id, kind: "test.step", status: "DONE" }, orderBy: { runAt: "asc" } });
      expect(steps.map((j) => j.id)[0]).toBe(first);
      expect(advanced.json.ran.map((r: { id: string }) => r.id)).toEqual(steps.map((j) => j.id));
      expect(steps).toHaveLength(3);
      // The traffic's jobs wait for the worker.
      expect(written).toBe(3);
      expect(await t.db.job.count({ where: { platformId: platform.id, kind: "test.traffic", status: "PENDING" } })).toBe(3);
    } finally {
      delete handlers["test.step"];
      delete handlers["test.traffic"];
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
