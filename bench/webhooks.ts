// Webhook delivery throughput (issue: events, webhooks, jobs): deliveries per second and per-attempt
// latency through the outbox + worker to a local receiver that answers at once, next to a bare loop
// of signed HTTP POSTs from Node to the same receiver, at 1, 8 and 32 at once, and the median ratio
// of ABAB pairs at 8. Figures, not pass/fail.
import { generateKeyPairSync } from "node:crypto";
import { openDatabase } from "../lib/db/open-database";
import { createPlatform } from "../lib/service/platforms/create-platform";
import { enqueueEvent } from "../lib/service/jobs/enqueue-event";
import { startWorker } from "../lib/service/jobs/worker";
import { signWebhookBody } from "../lib/service/crypto/webhook-signature";
import type { Db } from "../lib/service/db";
import { freshDatabase, median, round2, round3, startReceiverProcess } from "./tools";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const CONCURRENCY = [1, 8, 32];
const HEADLINE_CONCURRENCY = 8;

interface DeliveryFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? NaN : round2(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
}

/** The baseline: `concurrency` keep-alive loops POSTing signed events to the receiver, with each request's latency. */
async function postLoop(url: string, count: number, concurrency: number): Promise<DeliveryFigures> {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const body = JSON.stringify({ id: `Webhook:${next++}`, type: "BENCH", timestamp: new Date().toISOString(), data: { n: next } });
        const sent = performance.now();
        const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-service-signature": signWebhookBody(body, pem) }, body });
        await res.text();
        latencies.push(performance.now() - sent);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: Math.round(count / ((performance.now() - started) / 1000)), p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99) };
}

/**
 * The measured side: `count` events written to the outbox of a fresh platform, then a worker that
 * claims up to `concurrency` deliveries at a time drains them; latency is each attempt's HTTP time
 * as the service records it (WebhookAttempt.latencyMs).
 */
async function drain(db: Db, receiverUrl: string, count: number, concurrency: number): Promise<DeliveryFigures> {
  const platform = await createPlatform(db, { name: `bench ${concurrency} ${Math.random()}` });
  await db.platform.update({ where: { id: platform.id }, data: { webhookEndpoint: receiverUrl } });
  for (let i = 0; i < count; i += 200)
    await db.$transaction(async (tx) => {
      for (let j = i; j < Math.min(count, i + 200); j++) await enqueueEvent(tx, { platformId: platform.id, type: "BENCH", data: { n: j } });
    });
  const started = performance.now();
  const worker = startWorker(async () => db, { intervalMs: 5, concurrency, platformId: platform.id });
  while ((await db.webhookEvent.count({ where: { platformId: platform.id, deliveryStatus: "DELIVERED" } })) < count) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  const latencies = (await db.webhookAttempt.findMany({ where: { platformId: platform.id }, select: { latencyMs: true } })).map((a) => a.latencyMs).sort((a, b) => a - b);
  return { rps: Math.round(count / seconds), p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99) };
}

/** Deliveries through the outbox and worker vs the bare POST loop: 1, 8 and 32 at once, then ABAB pairs at 8. */
export async function benchWebhooks() {
  const fresh = await freshDatabase("webhooks");
  const receiver = await startReceiverProcess();
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    database = await openDatabase({ url: fresh.url });
    const db = database.prisma;

    await postLoop(receiver.url, 200, HEADLINE_CONCURRENCY); // warm-up
    await drain(db, receiver.url, 200, HEADLINE_CONCURRENCY);
    const byConcurrency: { concurrency: number; measured: DeliveryFigures; baseline: DeliveryFigures }[] = [];
    for (const concurrency of CONCURRENCY)
      byConcurrency.push({ concurrency, measured: await drain(db, receiver.url, EVENTS, concurrency), baseline: await postLoop(receiver.url, EVENTS, concurrency) });
    const pairRatios: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const measured = await drain(db, receiver.url, EVENTS, HEADLINE_CONCURRENCY);
      const baseline = await postLoop(receiver.url, EVENTS, HEADLINE_CONCURRENCY);
      pairRatios.push(round3(measured.rps / baseline.rps));
    }
    return { events: EVENTS, byConcurrency, headline: { concurrency: HEADLINE_CONCURRENCY, ratio: round3(median(pairRatios)), pairRatios }, ratio: round3(median(pairRatios)) };
  } finally {
    receiver.child.kill();
    await database?.close();
    await fresh.drop();
  }
}
