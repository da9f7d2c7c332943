// `npm run bench:ab -- <base-commit> [scenario]`: this checkout against an earlier commit on one
// HTTP scenario (issue #12). Whole-bench ratios drift ±30 % between runs on a shared VM, so a change
// is judged here: both services run at once (the base from a git worktree with its own generated
// client), each on its own fresh database seeded alike (this checkout's seed), and short wrk slices
// alternate between them; the answer is the median of the pairwise ratios of requests per second
// and of Node and PostgreSQL CPU per request. Scenarios: read, transfer, keyed-transfer, quote,
// transactions, customers, or any GET route (e.g. "/customers/internal-accounts?limit=20").
// The base's worktree stays in the temp directory for the next comparison (`git worktree remove` it).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { seed } from "./http";

const [baseRef, scenario = "transfer"] = process.argv.slice(2);
if (!baseRef) {
  console.error("usage: npm run bench:ab -- <base-commit> [read|transfer|keyed-transfer|quote|transactions|customers|/route]");
  process.exit(2);
}
const PAIRS = Number(process.env.BENCH_PAIRS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CLIENTS = 8;
const ROOT = path.resolve(import.meta.dirname, "..");

type Tools = typeof import("./tools");

/** A worktree of `ref` beside this checkout, sharing node_modules, with the Prisma client generated from its own schema. */
function baseCheckout(ref: string): string {
  const commit = execFileSync("git", ["rev-parse", "--short", ref], { cwd: ROOT, encoding: "utf8" }).trim();
  const dir = path.join(os.tmpdir(), `bench-ab-${commit}`);
  if (!fs.existsSync(dir)) {
    execFileSync("git", ["worktree", "add", "--detach", dir, commit], { cwd: ROOT, stdio: "ignore" });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
    execFileSync("npm", ["run", "-s", "db:generate"], { cwd: dir, stdio: "ignore" });
  }
  return dir;
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // a backend that ended
  }
}

type Figures = { rps: number; nodeUs: number; pgUs: number; p99Ms: number };

interface Side {
  run(): Figures;
  /** Finds the side's PostgreSQL backends again (the pool opens connections under load). */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

async function startSide(label: string, dir: string): Promise<Side> {
  const tools: Tools = await import(path.join(dir, "bench/tools.ts"));
  const database = await tools.freshDatabase(`ab_${label}`);
  const service = await tools.startService({ databaseUrl: database.url });
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  // Both databases are seeded by this checkout's seed, so only the services' code differs.
  const { customers } = await seed(service, sql);
  const first = customers[0]!;
  const url = (route: string) => `${service.origin}${tools.API}${route}`;
  const auth = { authorization: service.authorization };
  const payouts = customers.map((c) => JSON.stringify({ source: { accountId: c.usdAccount }, destination: { accountId: c.usdExternal }, amount: 1 }));
  const quotes = customers.map((c) =>
    JSON.stringify({ source: { sourceType: "ACCOUNT", accountId: c.usdAccount }, destination: { destinationType: "ACCOUNT", accountId: c.eurExternal }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1000, immediatelyExecute: true }),
  );
  const load: Record<string, () => ReturnType<Tools["wrk"]>> = {
    read: () => tools.wrk({ url: url(`/customers/${first.customerId}`), connections: CLIENTS, seconds: SECONDS, headers: auth }),
    transfer: () => tools.wrk({ url: url("/transfer-out"), method: "POST", bodies: payouts, connections: CLIENTS, seconds: SECONDS, headers: auth }),
    "keyed-transfer": () => tools.wrk({ url: url("/transfer-out"), method: "POST", bodies: payouts, connections: CLIENTS, seconds: SECONDS, headers: auth, idempotencyKeys: true }),
    quote: () => tools.wrk({ url: url("/quotes"), method: "POST", bodies: quotes, connections: CLIENTS, seconds: SECONDS, headers: auth }),
    transactions: () => tools.wrk({ url: url("/transactions?limit=20"), connections: CLIENTS, seconds: SECONDS, headers: auth }),
    customers: () => tools.wrk({ url: url("/customers?limit=20"), connections: CLIENTS, seconds: SECONDS, headers: auth }),
  };
  const generate = load[scenario] ?? (() => tools.wrk({ url: url(scenario.replace("{account}", first.usdAccount).replace("{customer}", first.customerId)), connections: CLIENTS, seconds: SECONDS, headers: auth }));
  // This side's PostgreSQL backends, so the other side's queries are not counted here.
  const backends = async () => (await sql.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)).rows.map((r) => r.pid);
  let pids = await backends();
  return {
    run() {
      const node0 = cpuSeconds(service.pid);
      const pg0 = pids.map(cpuSeconds);
      const figures = generate();
      const node = cpuSeconds(service.pid) - node0;
      const pgUsed = pids.reduce((sum, pid, i) => sum + Math.max(0, cpuSeconds(pid) - pg0[i]!), 0);
      const requests = Math.max(1, figures.rps * SECONDS);
      if (figures.errors > 0) console.log(`  (${label}: ${figures.errors} errors)`);
      return { rps: figures.rps, nodeUs: (node / requests) * 1e6, pgUs: (pgUsed / requests) * 1e6, p99Ms: figures.p99Ms };
    },
    async refresh() {
      pids = await backends();
    },
    async stop() {
      await sql.end();
      await service.stop();
      await database.drop();
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const base = await startSide("base", baseCheckout(baseRef));
const head = await startSide("head", ROOT);
try {
  for (const side of [base, head]) {
    side.run(); // warm-up: the pool's connections open
    await side.refresh();
  }
  const pairs: { rps: number; node: number; pg: number }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    // Each side goes first in every other pair, so neither always runs on a warmer machine.
    let b: Figures, h: Figures;
    if (i % 2 === 0) [b, h] = [base.run(), head.run()];
    else [h, b] = [head.run(), base.run()];
    pairs.push({ rps: h.rps / b.rps, node: h.nodeUs / b.nodeUs, pg: h.pgUs / b.pgUs });
    const show = (f: Figures) => `${f.rps} rps (Node ${Math.round(f.nodeUs)} µs, PG ${Math.round(f.pgUs)} µs, p99 ${f.p99Ms} ms)`;
    console.log(`pair ${i + 1}: base ${show(b)} · head ${show(h)}`);
  }
  const r = (x: number) => Math.round(x * 1000) / 1000;
  console.log(`\n${scenario}, ${CLIENTS} clients, ${PAIRS} pairs: head/base rps ${r(median(pairs.map((p) => p.rps)))}, Node CPU per request ${r(median(pairs.map((p) => p.node)))}, PostgreSQL CPU per request ${r(median(pairs.map((p) => p.pg)))}`);
} finally {
  await head.stop();
  await base.stop();
}
process.exit(0);
