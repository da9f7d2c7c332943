// Shared machinery of the HTTP benchmarks: fresh databases, the service as its own pinned process,
// wrk (Debian's, installed when missing) and pgbench as load generators, resident memory.
import { execFileSync, fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createFreshDatabase } from "../lib/db/fresh-database";
import { freePort } from "../reliability/server-process";

export { freePort };

export const API = "/api/2025-10-13";
const ROOT = path.resolve(import.meta.dirname, "..");
/** On 2 cores: the measured server on CPU 0, the load generator on CPU 1. */
const SERVER_CPU = "0";
const LOAD_CPU = os.cpus().length > 1 ? "1" : "0";

export function ensureTool(binary: string, debianPackage: string): void {
  if (spawnSync("sh", ["-c", `command -v ${binary}`]).status === 0) return;
  console.log(`installing ${debianPackage} (apt) for the benchmarks…`);
  execFileSync("sh", ["-c", `apt-get update -qq && apt-get install -y -qq ${debianPackage}`], { stdio: "inherit" });
}

/** A fresh, migrated PostgreSQL database for one benchmark, dropped by `drop()`. */
export function freshDatabase(label: string) {
  return createFreshDatabase(`bench_${label}_${process.pid}_${Date.now()}`);
}

export interface ServiceProcess {
  origin: string;
  pid: number;
  authorization: string;
  rssMb(): number;
  stop(): Promise<void>;
}

export const BENCH_PLAN_CACHE_MODE = process.env.BENCH_PLAN_CACHE_MODE ?? "auto";

export const BENCH_CLIENT = { clientId: "bench-client", clientSecret: "bench-secret-0123456789" };

/**
 * The service (API only, production settings, no rate limit) pinned to the server CPU. With
 * `databaseUrl` it uses PostgreSQL, else an embedded PGlite in `pgliteDir` or, without one, in a
 * temporary directory removed by stop(). The first start creates a platform whose API token is
 * BENCH_CLIENT.
 */
export async function startService(options: { databaseUrl?: string; pgliteDir?: string } = {}): Promise<ServiceProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    API_ONLY: "1",
    PORT: String(port),
    HOST: "127.0.0.1",
    API_RATE_LIMIT_PER_SECOND: "0",
    BOOTSTRAP_API_CLIENT_ID: BENCH_CLIENT.clientId,
    BOOTSTRAP_API_CLIENT_SECRET: BENCH_CLIENT.clientSecret,
    // Production plans statements as PostgreSQL does by default (planCacheMode: autovacuum keeps
    // statistics there). This machine's server runs without autovacuum, so the benchmark runs
    // ANALYZE after seeding itself and asks for that mode (BENCH_PLAN_CACHE_MODE to compare).
    DATABASE_PLAN_CACHE_MODE: BENCH_PLAN_CACHE_MODE,
  };
  const temporaryDir = !options.databaseUrl && !options.pgliteDir ? fs.mkdtempSync(path.join(os.tmpdir(), "bench-pglite-")) : undefined;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.PGLITE_DIR = options.pgliteDir ?? temporaryDir;
  }
  // BENCH_SERVICE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the service under load.
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child: ChildProcess = spawn("taskset", ["-c", SERVER_CPU, process.execPath, ...nodeArgs, "--import", "tsx", "lib/server.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited:\n${log}`);
    try {
      const res = await fetch(`${origin}${API}/openapi.json`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 90_000) throw new Error(`service did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    pid: child.pid!,
    authorization: `Basic ${Buffer.from(`${BENCH_CLIENT.clientId}:${BENCH_CLIENT.clientSecret}`).toString("base64")}`,
    rssMb: () => rssOfTree(child.pid!),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      if (temporaryDir) fs.rmSync(temporaryDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory (MB) of a process and its children (taskset execs node in place). */
function rssOfTree(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** Samples the service's resident memory while `work` runs; returns the peak. */
export async function peakRss<T>(service: ServiceProcess, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = service.rssMb();
  const timer = setInterval(() => (peakMb = Math.max(peakMb, service.rssMb())), 200);
  try {
    const result = await work();
    return { result, peakMb };
  } finally {
    clearInterval(timer);
  }
}

export async function api(service: ServiceProcess, method: string, route: string, body?: unknown) {
  const send = () =>
    fetch(`${service.origin}${API}${route}`, {
      method,
      headers: { authorization: service.authorization, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // A pooled keep-alive socket the server closed while the load ran fails once ("fetch failed"): retry on a fresh one.
  const res = await send().catch(send);
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  if (res.status >= 400) throw new Error(`${method} ${route} → ${res.status}: ${text.slice(0, 300)}`);
  return json;
}

export interface LoadFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  errors: number;
}

/**
 * wrk on the load CPU for `seconds` with `connections` keep-alive connections. `requests` (JSON
 * bodies) are sent round-robin to `route` with `method`; without them, plain GETs. With
 * `idempotencyKeys` every request carries a new Idempotency-Key, as a careful client sends.
 */
export function wrk(options: { url: string; connections: number; seconds: number; method?: string; bodies?: string[]; headers?: Record<string, string>; idempotencyKeys?: boolean }): LoadFigures {
  const headers = { "content-type": "application/json", ...options.headers };
  const lua = [
    `local bodies = {${(options.bodies ?? []).map((b) => JSON.stringify(b)).join(",")}}`,
    `local headers = {${Object.entries(headers)
      .map(([k, v]) => `[${JSON.stringify(k)}]=${JSON.stringify(v)}`)
      .join(",")}}`,
    "local i = 0",
    "local errors = 0",
    `local keyPrefix = ${options.idempotencyKeys ? JSON.stringify(`bench-${process.pid}-${Math.random().toString(36).slice(2)}-`) : "nil"}`,
    "request = function()",
    "  i = i + 1",
    '  if keyPrefix then headers["Idempotency-Key"] = keyPrefix .. i end',
    `  local body = #bodies > 0 and bodies[(i % #bodies) + 1] or nil`,
    `  return wrk.format(${JSON.stringify(options.method ?? "GET")}, nil, headers, body)`,
    "end",
    "response = function(status, headers, body)",
    "  if status >= 400 then errors = errors + 1 end",
    "end",
    "done = function(summary, latency, requests)",
    '  io.write(string.format("FIGURES %f %f %f %f %d %d\\n", summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.mean / 1000, errors, summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))',
    "end",
  ].join("\n");
  const script = path.join(os.tmpdir(), `bench-${process.pid}-${Math.random().toString(36).slice(2)}.lua`);
  fs.writeFileSync(script, lua);
  try {
    const out = execFileSync("taskset", ["-c", LOAD_CPU, "wrk", "-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--timeout", "10s", "-s", script, options.url], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const m = /FIGURES (\S+) (\S+) (\S+) (\S+) (\d+) (\d+)/.exec(out);
    if (!m) throw new Error(`wrk printed no figures:\n${out}`);
    return { rps: Math.round(Number(m[1])), p50Ms: round2(Number(m[2])), p99Ms: round2(Number(m[3])), meanMs: round2(Number(m[4])), errors: Number(m[5]) + Number(m[6]) };
  } finally {
    fs.rmSync(script, { force: true });
  }
}

/** pgbench on the load CPU against `dbUrl`: transactions per second and mean latency. */
export function pgbench(options: { dbUrl: string; clients: number; seconds: number; script?: string; builtin?: "select-only"; variables?: Record<string, string | number> }): LoadFigures {
  const args = ["-c", String(options.clients), "-j", "1", "-T", String(options.seconds), "-n", "--max-tries=20"];
  let scriptFile: string | undefined;
  if (options.builtin === "select-only") args.push("-S");
  if (options.script) {
    scriptFile = path.join(os.tmpdir(), `bench-${process.pid}-${Math.random().toString(36).slice(2)}.sql`);
    fs.writeFileSync(scriptFile, options.script);
    args.push("-f", scriptFile);
  }
  for (const [k, v] of Object.entries(options.variables ?? {})) args.push("-D", `${k}=${v}`);
  args.push(options.dbUrl);
  try {
    const out = execFileSync("taskset", ["-c", LOAD_CPU, "pgbench", ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
    const mean = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? 0);
    const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
    return { rps: Math.round(tps), p50Ms: mean, p99Ms: NaN, meanMs: round2(mean), errors: failed };
  } finally {
    if (scriptFile) fs.rmSync(scriptFile, { force: true });
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * ABAB…: alternates the measured side and its baseline `pairs` times and returns the median of
 * the per-pair ratios, so drift on a shared machine hits both sides alike.
 */
export function alternate(pairs: number, measured: () => LoadFigures, baseline: () => LoadFigures) {
  const ratios: number[] = [];
  const a: LoadFigures[] = [];
  const b: LoadFigures[] = [];
  for (let i = 0; i < pairs; i++) {
    const m = measured();
    const base = baseline();
    a.push(m);
    b.push(base);
    ratios.push(base.rps > 0 ? m.rps / base.rps : 0);
  }
  return { ratio: round3(median(ratios)), ratios: ratios.map(round3), measured: a, baseline: b };
}

/** A webhook receiver answering 200 at once, in a process of its own (receiver.mjs). */
export async function startReceiverProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(new URL("./receiver.mjs", import.meta.url).pathname, [], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve) => child.once("message", (m) => resolve(Number(m))));
  return { url: `http://127.0.0.1:${port}/hooks`, child };
}
