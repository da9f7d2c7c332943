// Webhook delivery throughput (issue: events, webhooks, jobs): deliveries per second through the
// outbox + worker to a local receiver that answers at once, next to a bare loop of signed HTTP
// POSTs from Node to the same receiver. Figures, not pass/fail.
import { fork, type ChildProcess } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../lib/db/open-database";
import { createPlatform } from "../lib/service/platforms/create-platform";
import { enqueueEvent } from "../lib/service/jobs/enqueue-event";
import { startWorker } from "../lib/service/jobs/worker";
import { signWebhookBody } from "../lib/service/crypto/webhook-signature";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2000);
const CONCURRENCY = 8;

async function startReceiverProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(new URL("./receiver.mjs", import.meta.url).pathname, [], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve) => child.once("message", (m) => resolve(Number(m))));
  return { url: `http://127.0.0.1:${port}/hooks`, child };
}

async function postLoop(url: string, count: number): Promise<number> {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const body = JSON.stringify({ id: `Webhook:${next++}`, type: "BENCH", timestamp: new Date().toISOString(), data: { n: next } });
        const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-service-signature": signWebhookBody(body, pem) }, body });
        await res.text();
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

export async function benchWebhooks() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `bench_webhooks_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const receiver = await startReceiverProcess();
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    const { deploy } = await import(/* @vite-ignore */ new URL("../prisma/migrate.mjs", import.meta.url).href);
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const migrationPool = new pg.Pool({ connectionString: url.href });
    await deploy(new PrismaPg(migrationPool)).finally(() => migrationPool.end());
    database = await openDatabase({ url: url.href });
    const db = database.prisma;
    const platform = await createPlatform(db, { name: "bench" });
    await db.platform.update({ where: { id: platform.id }, data: { webhookEndpoint: receiver.url } });

    await postLoop(receiver.url, 200); // warm-up
    const baseline = await postLoop(receiver.url, EVENTS);

    for (let i = 0; i < EVENTS; i += 200)
      await db.$transaction(async (tx) => {
        for (let j = i; j < Math.min(EVENTS, i + 200); j++) await enqueueEvent(tx, { platformId: platform.id, type: "BENCH", data: { n: j } });
      });
    const started = performance.now();
    const worker = startWorker(async () => db, { intervalMs: 5, concurrency: CONCURRENCY });
    while ((await db.webhookEvent.count({ where: { platformId: platform.id, deliveryStatus: "DELIVERED" } })) < EVENTS) await new Promise((r) => setTimeout(r, 20));
    const measured = EVENTS / ((performance.now() - started) / 1000);
    await worker.stop();
    return { events: EVENTS, concurrency: CONCURRENCY, deliveriesPerSecond: Math.round(measured), postLoopPerSecond: Math.round(baseline), ratio: Number((measured / baseline).toFixed(3)) };
  } finally {
    receiver.child.kill();
    await database?.close();
    await admin.query(`DROP DATABASE "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}
