import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { startReceiver } from "../testing/webhook-receiver";
import { enqueueEvent } from "./enqueue-event";
import { startWorker } from "./worker";

// A claim shorter than the receiver takes to answer: as when the worker's process stalls (a loaded
// machine) or waits for a database connection past its claim while the attempt is in flight.
vi.hoisted(() => {
  process.env.JOB_LEASE_SECONDS = "0.2";
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("a worker never sends an event again while it is still sending it, even once its claim ran out", async () => {
  const receiver = await startReceiver(() => new Promise((resolve) => setTimeout(() => resolve(200), 800)));
  const p = await t.createTestPlatform();
  await t.db.platform.update({ where: { id: p.platform.id }, data: { webhookEndpoint: receiver.url } });
  await enqueueEvent(t.db, { platformId: p.platform.id, type: "X.Y", data: { id: "Transaction:x" } });
  const worker = startWorker(async () => t.db, { intervalMs: 10, platformId: p.platform.id });
  try {
    await expect.poll(async () => (await t.db.webhookEvent.findFirstOrThrow({ where: { platformId: p.platform.id } })).deliveryStatus, { timeout: 5_000 }).toBe("DELIVERED");
    await new Promise((r) => setTimeout(r, 300)); // a second attempt, if one was started, has reached the receiver by now
    expect(receiver.received).toHaveLength(1);
    expect(await t.db.webhookAttempt.count({ where: { platformId: p.platform.id } })).toBe(1);
  } finally {
    await worker.stop();
    await receiver.close();
  }
});
