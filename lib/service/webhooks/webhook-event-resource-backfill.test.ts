import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueEvent } from "../jobs/enqueue-event";
import { runDueJobs } from "../jobs/run-jobs";
import { parseId } from "../http/ids";
import { now } from "../sandbox/clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { startReceiver } from "../testing/webhook-receiver";

// Events written before WebhookEvent.resourceId existed: the data migration gives them the
// resourceId a new event gets, so an old retrying event holds back its resource's newer ones.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MIGRATIONS = join(process.cwd(), "prisma/migrations");
const MIGRATION_SQL = readFileSync(join(MIGRATIONS, readdirSync(MIGRATIONS).find((dir) => dir.endsWith("_webhook_event_resource_backfill"))!, "migration.sql"), "utf8");

describe("resourceId of events written before it existed", () => {
  it("is set from data.id as for a new event, and an old retrying event then goes out before its resource's newer one", async () => {
    const receiver = await startReceiver();
    try {
      const { platform, auth } = await t.createTestPlatform();
      await t.db.platform.update({ where: { id: platform.id }, data: { webhookEndpoint: receiver.url } });
      const platformId = platform.id;
      const account = "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10";
      const enqueue = async (data: Record<string, unknown>) => parseId("Webhook", await enqueueEvent(t.db, { platformId, type: "INTERNAL_ACCOUNT.BALANCE_UPDATED", data }))!;

      // As an old build left them: no resourceId; the older balance event retrying, due in 10 s.
      const retrying = await enqueue({ id: account, balance: 1 });
      const delivered = await enqueue({ id: "Customer:delivered" });
      const noId = await enqueue({ balance: 3 });
      const numericId = await enqueue({ id: 7 });
      const nulChar = await enqueue({ id: "Customer:nul", name: "Zo\u0000e" }); // PostgreSQL's json cannot read it
      const old = [retrying, delivered, noId, numericId, nulChar];
      await t.db.webhookEvent.updateMany({ where: { id: { in: old } }, data: { resourceId: null } });
      const retryAt = new Date((await now(t.db, platformId)).getTime() + 10_000);
      await t.db.webhookEvent.update({ where: { id: retrying }, data: { deliveryStatus: "RETRYING", attemptCount: 1, nextAttemptAt: retryAt } });
      await t.db.webhookEvent.update({ where: { id: delivered }, data: { deliveryStatus: "DELIVERED", attemptCount: 1, nextAttemptAt: null, deliveredAt: new Date() } });
      await t.db.webhookEvent.updateMany({ where: { id: { in: [noId, numericId, nulChar] } }, data: { deliveryStatus: "DELIVERED", nextAttemptAt: null } });
      // Written after the upgrade: a newer balance event of the same account.
      const newer = await enqueue({ id: account, balance: 2 });

      await t.db.$executeRawUnsafe(MIGRATION_SQL);

      const rows = await t.db.webhookEvent.findMany({ where: { platformId }, select: { id: true, resourceId: true } });
      expect(Object.fromEntries(rows.map((r) => [r.id, r.resourceId]))).toEqual({
        [retrying]: account,
        [delivered]: "Customer:delivered", // settled, but a replay makes it due again
        [noId]: null,
        [numericId]: null,
        [nulChar]: null, // left as it was rather than failing the upgrade
        [newer]: account,
      });

      // The newer event waits for the older one's retry, then follows it.
      await runDueJobs(t.db, { platformId });
      expect(receiver.received).toEqual([]);
      const advanced = await t.call("POST", "/sandbox/clock/advance", { auth, body: { seconds: 15 } });
      expect(advanced.status, advanced.text).toBe(200);
      await runDueJobs(t.db, { platformId }); // the worker's turn: it sends what the advance made due
      const balances = receiver.received.map((r) => (JSON.parse(r.body) as { data: { balance: number } }).data.balance);
      expect(balances).toEqual([1, 2]);
    } finally {
      await receiver.close();
    }
  });
});
