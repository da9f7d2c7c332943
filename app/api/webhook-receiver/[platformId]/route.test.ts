// The built-in receiver: what the Webhooks page lists after signed deliveries and strangers' posts.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, type TestApp } from "@/lib/service/testing/test-app";
import { signWebhookBody } from "@/lib/service/crypto/webhook-signature";
import { services } from "@/lib/services";
import { now, setClockForward } from "@/lib/service/sandbox/clock";
import { receiverLog } from "../_lib/received-webhooks";
import { POST } from "./route";

let t: TestApp;
let platformId: string;
let privateKeyPem: string;

beforeAll(async () => {
  t = await createTestApp();
  const { platform } = await t.createTestPlatform();
  platformId = platform.id;
  privateKeyPem = (await t.db.platform.findUniqueOrThrow({ where: { id: platformId }, select: { webhookPrivateKeyPem: true } })).webhookPrivateKeyPem;
  process.env.DATABASE_URL = inject("databaseUrl"); // the embedded service (services()) on this run's database
});
afterAll(async () => {
  await services().close();
  await t.close();
});

function post(body: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/api/webhook-receiver/${platformId}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return POST(request, { params: Promise.resolve({ platformId }) });
}

describe("POST /api/webhook-receiver/<platform>", () => {
  it("lists a signed delivery; refuses unsigned and forged posts with 401 and keeps only their count and time, so they cannot push the real deliveries out", async () => {
    const genuine = JSON.stringify({ id: "Webhook:genuine", type: "TEST" });
    expect((await post(genuine, { "x-service-signature": signWebhookBody(genuine, privateKeyPem) })).status).toBe(200);

    for (let i = 0; i < 50; i++) {
      const res = await post(JSON.stringify({ junk: i, note: "stranger" }), i % 2 ? { "x-service-signature": "MEUCIQ==" } : {});
      expect(res.status).toBe(401);
    }

    const log = receiverLog(platformId);
    expect(log.received.map((d) => d.body)).toEqual([genuine]);
    expect(JSON.stringify(log)).not.toContain("stranger");
    expect(log.rejected.count).toBe(50);
    expect(Date.now() - Date.parse(log.rejected.lastAt!)).toBeLessThan(60_000);
  });

  it("stamps a receipt on the platform's sandbox clock, the one its delivery attempts are stamped on, so an attempt and its receipt agree after an advance", async () => {
    await setClockForward(t.db, platformId, new Date(Date.now() + 2 * 3_600_000));
    const body = JSON.stringify({ id: "Webhook:after-advance", type: "TEST" });
    expect((await post(body, { "x-service-signature": signWebhookBody(body, privateKeyPem) })).status).toBe(200);

    const receipt = receiverLog(platformId).received.find((d) => d.body === body)!;
    const platformNow = (await now(t.db, platformId)).getTime();
    expect(Math.abs(platformNow - Date.parse(receipt.receivedAt))).toBeLessThan(60_000);
  });
});
