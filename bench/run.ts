// `npm run bench`: figures, not pass/fail (issue #12). Writes bench/results.json (ignored by git).
import fs from "node:fs";
import { benchCrypto } from "./crypto";
import { benchHttp } from "./http";
import { benchWebhooks } from "./webhooks";
import { BENCH_PLAN_CACHE_MODE } from "./tools";

const started = performance.now();
const results: { ratios: Record<string, number>; latency: Record<string, number>; raw: Record<string, unknown>; machine: Record<string, unknown> } = {
  ratios: {},
  latency: {},
  raw: {},
  machine: { cpus: (await import("node:os")).cpus().length, node: process.version, at: new Date().toISOString(), planCacheMode: BENCH_PLAN_CACHE_MODE },
};

try {
  const http = await benchHttp();
  Object.assign(results.ratios, http.ratios);
  results.raw.http = http.figures;
  const latency = http.figures.latency as { transfer_p99_ms: number; p99_over_pgbench_mean: number };
  results.latency.transfer_p99_ms = latency.transfer_p99_ms;
  results.latency.transfer_p99_over_pgbench_mean = latency.p99_over_pgbench_mean;

  const webhooks = await benchWebhooks();
  results.raw.webhooks = webhooks;
  results.ratios.webhook_vs_post_loop = webhooks.ratio;

  const crypto = await benchCrypto();
  results.raw.crypto = crypto.figures;
  results.ratios.verify_vs_webcrypto = crypto.verify_vs_webcrypto;
  results.ratios.hpke_open_vs_raw = crypto.hpke_open_vs_raw;
} catch (e) {
  console.error("benchmark failed:", e);
  process.exit(1);
}

const targets: Record<string, string> = {
  transfer_vs_pgbench: "≥ 0.5",
  read_vs_pgbench_select: "≥ 0.3",
  noop_vs_node_http: "≥ 0.5",
  webhook_vs_post_loop: "≥ 0.25",
  verify_vs_webcrypto: "≥ 0.8",
  hpke_open_vs_raw: "≥ 0.8",
  quote_vs_pgbench: "(no target)",
  pglite_vs_postgres_read: "(report)",
  pglite_vs_postgres_transfer: "(report)",
};
console.log(`\nprepared statements: plan_cache_mode=${BENCH_PLAN_CACHE_MODE} (BENCH_PLAN_CACHE_MODE=force_custom_plan to compare)`);
console.log("ratio                          value   target");
for (const [name, value] of Object.entries(results.ratios)) console.log(`${name.padEnd(30)} ${String(value).padEnd(7)} ${targets[name] ?? ""}`);
console.log(`transfer p99 at 8 clients      ${results.latency.transfer_p99_ms} ms, median of the pairs (target ≤ 50 ms and ≤ 20× pgbench mean: ${results.latency.transfer_p99_over_pgbench_mean}×)`);
const http = results.raw.http as { memory: unknown; growth: unknown };
console.log("list pages at 8 clients (rps, p50/p99 ms):");
for (const [route, f] of Object.entries((results.raw.http as { lists: Record<string, { rps: number; p50Ms: number; p99Ms: number }> }).lists))
  console.log(`  ${route.padEnd(56)} ${String(f.rps).padStart(6)}  ${f.p50Ms}/${f.p99Ms}`);
console.log("transfer with Idempotency-Key:", JSON.stringify((results.raw.http as { transferWithIdempotencyKey: unknown }).transferWithIdempotencyKey));
console.log("memory (MB):", JSON.stringify(http.memory));
console.log("webhook outbox after sustained transfers:", JSON.stringify((results.raw.http as { outbox: unknown }).outbox));
console.log("growth:", JSON.stringify(http.growth));
results.machine.seconds = Math.round((performance.now() - started) / 1000);
fs.writeFileSync(new URL("./results.json", import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
console.log(`wrote bench/results.json in ${results.machine.seconds} s`);
process.exit(0);
