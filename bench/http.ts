// HTTP figures of the service against same-machine baselines (issue #12): a no-database route vs a
// bare node:http server, an authenticated read vs `pgbench -S`, a same-currency transfer and a
// cross-currency quote vs pgbench running the equivalent ledger posting, memory, how latency grows
// with the ledger, and the embedded PGlite vs PostgreSQL. Figures, not pass/fail.
import { execFileSync, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../lib/db/open-database";
import { bootstrapIfEmpty } from "../lib/service/platforms/bootstrap";
import { API, alternate, api, BENCH_CLIENT, ensureTool, freePort, freshDatabase, median, peakRss, pgbench, round2, round3, startReceiverProcess, startService, wrk, type LoadFigures, type ServiceProcess } from "./tools";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const CONCURRENCY = [1, 8, 32];
const HEADLINE_CONCURRENCY = 8;
const CUSTOMERS = 40;
/** Transfers made before measuring, so the payment tables hold thousands of rows when analyzed. */
const HISTORY_SECONDS = 10;

/** List pages measured beside the single read: `{account}` is a seeded customer's USD account. */
const LIST_ROUTES = [
  "/transactions?limit=20",
  "/customers?limit=20",
  "/customers/internal-accounts?limit=20",
  "/customers/external-accounts?limit=20",
  "/internal-accounts/{account}/balance-changes?limit=20",
];

/** The SQL a transfer amounts to: lock the source, move the amount between two accounts, write the entries and the payment. */
const LEDGER_SCRIPT = (accounts: string) => `
\\set src random(1, ${accounts})
\\set dst random(1, ${accounts})
\\set lo least(:src, :dst)
\\set hi greatest(:src, :dst)
\\set amt random(1, 100)
BEGIN;
SELECT balance FROM bench_account WHERE id IN (:lo, :hi) ORDER BY id FOR UPDATE;
UPDATE bench_account SET balance = balance - :amt WHERE id = :src;
UPDATE bench_account SET balance = balance + :amt WHERE id = :dst;
INSERT INTO bench_ledger_tx (kind) VALUES ('TRANSFER');
INSERT INTO bench_entry (account_id, amount) VALUES (:src, -:amt), (:dst, :amt);
INSERT INTO bench_payment (status, amount) VALUES ('COMPLETED', :amt);
COMMIT;
`;

export async function benchHttp() {
  ensureTool("wrk", "wrk");
  ensureTool("pgbench", "postgresql-client");
  const database = await freshDatabase("http");
  const service = await startService({ databaseUrl: database.url });
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  const figures: Record<string, unknown> = {};
  const ratios: Record<string, number> = {};
  try {
    const restMb = service.rssMb();
    const setup = await seed(service, sql);
    await prepareBaselines(database.url, sql);
    const url = (route: string) => `${service.origin}${API}${route}`;
    const auth = { authorization: service.authorization };

    const { result: loaded, peakMb } = await peakRss(service, async () => {
      // (0) a no-database route: an unauthenticated request is refused before any query.
      const unauthorizedBody = await (await fetch(url("/config"))).text();
      const bare = await startBareServer(unauthorizedBody);
      const noop = scenario(
        (c) => wrk({ url: url("/config"), connections: c, seconds: SECONDS }),
        (c) => wrk({ url: bare.url, connections: c, seconds: SECONDS }),
      );
      bare.stop();

      // (1) authenticated GET of a customer vs pgbench -S.
      const read = scenario(
        (c) => wrk({ url: url(`/customers/${setup.customers[0]!.customerId}`), connections: c, seconds: SECONDS, headers: auth }),
        (c) => pgbench({ dbUrl: database.url, clients: c, seconds: SECONDS, builtin: "select-only" }),
      );

      // Pages of the lists dashboards and reconciliation jobs poll, 20 items each (figures only).
      const lists = Object.fromEntries(
        LIST_ROUTES.map((route) => [route, wrk({ url: url(route.replace("{account}", setup.customers[0]!.usdAccount)), connections: HEADLINE_CONCURRENCY, seconds: SECONDS, headers: auth })]),
      );

      // (2) same-currency transfer (create + complete through the ledger) vs the ledger posting in pgbench.
      const transferBodies = payoutBodies(setup.customers);
      const transfer = scenario(
        (c) => wrk({ url: url("/transfer-out"), method: "POST", bodies: transferBodies, connections: c, seconds: SECONDS, headers: auth }),
        (c) => pgbench({ dbUrl: database.url, clients: c, seconds: SECONDS, script: LEDGER_SCRIPT("10000") }),
      );
      // The same transfer as careful clients send it, with a new Idempotency-Key each: the key's
      // claim, the savepoints and the stored answer share the payment's transaction.
      const keyedTransfer = alternate(
        3,
        () => wrk({ url: url("/transfer-out"), method: "POST", bodies: transferBodies, connections: HEADLINE_CONCURRENCY, seconds: SECONDS, headers: auth, idempotencyKeys: true }),
        () => wrk({ url: url("/transfer-out"), method: "POST", bodies: transferBodies, connections: HEADLINE_CONCURRENCY, seconds: SECONDS, headers: auth }),
      );
      const outbox = await sustainedOutbox(() => wrk({ url: url("/transfer-out"), method: "POST", bodies: transferBodies, connections: HEADLINE_CONCURRENCY, seconds: SUSTAINED_SECONDS, headers: auth }), sql);
      const hotLedger = pgbench({ dbUrl: database.url, clients: HEADLINE_CONCURRENCY, seconds: SECONDS, script: LEDGER_SCRIPT("10") });

      // (3) cross-currency quote, created and executed in one call, vs the same ledger posting.
      const quoteBodies = setup.customers.map((c) =>
        JSON.stringify({
          source: { sourceType: "ACCOUNT", accountId: c.usdAccount },
          destination: { destinationType: "ACCOUNT", accountId: c.eurExternal },
          lockedCurrencySide: "SENDING",
          lockedCurrencyAmount: 1000,
          immediatelyExecute: true,
        }),
      );
      const quoteWorks = await probe(service, "POST", "/quotes", JSON.parse(quoteBodies[0]!));
      const quote = quoteWorks
        ? scenario(
            (c) => wrk({ url: url("/quotes"), method: "POST", bodies: quoteBodies, connections: c, seconds: SECONDS, headers: auth }),
            (c) => pgbench({ dbUrl: database.url, clients: c, seconds: SECONDS, script: LEDGER_SCRIPT("10000") }),
          )
        : { skipped: `POST /quotes with immediatelyExecute answered: ${quoteWorks === false ? "an error" : "nothing"}` };
      return { noop, read, lists, transfer, keyedTransfer, outbox, hotLedger, quote };
    });

    figures.noop = loaded.noop;
    figures.read = loaded.read;
    figures.lists = loaded.lists;
    figures.transfer = loaded.transfer;
    const keyed = loaded.keyedTransfer;
    figures.transferWithIdempotencyKey = {
      concurrency: HEADLINE_CONCURRENCY,
      vsTransferWithoutKey: keyed.ratio,
      rps: median(keyed.measured.map((f) => f.rps)),
      p50Ms: median(keyed.measured.map((f) => f.p50Ms)),
      p99Ms: median(keyed.measured.map((f) => f.p99Ms)),
      errors: keyed.measured.reduce((sum, f) => sum + f.errors, 0),
    };
    figures.outbox = loaded.outbox;
    figures.ledgerPgbenchHot10 = loaded.hotLedger;
    figures.quote = loaded.quote;
    ratios.noop_vs_node_http = loaded.noop.headline.ratio;
    ratios.read_vs_pgbench_select = loaded.read.headline.ratio;
    ratios.transfer_vs_pgbench = loaded.transfer.headline.ratio;
    if ("headline" in loaded.quote) ratios.quote_vs_pgbench = loaded.quote.headline.ratio;
    const { medianP99Ms: transferP99, baselineMedianMeanMs: pgbenchMean, pairP99Ms } = loaded.transfer.headline;
    figures.latency = { transfer_p99_ms: transferP99, pgbench_ledger_mean_ms: pgbenchMean, p99_over_pgbench_mean: round3(transferP99 / pgbenchMean), pairP99Ms };
    figures.memory = { restMb, peakUnderLoadMb: peakMb };

    figures.growth = await growth(service, sql, setup.customers[1]!);
    const pglite = await pgliteVsPostgres(setup.customers, service);
    figures.pglite = pglite;
    ratios.pglite_vs_postgres_read = pglite.read.ratio;
    ratios.pglite_vs_postgres_transfer = pglite.transfer.ratio;
    return { ratios, figures };
  } finally {
    await sql.end();
    await service.stop();
    await database.drop();
  }
}

const SUSTAINED_SECONDS = 10;

/**
 * The measured platform has no webhook endpoint, so its events are written settled and nothing is
 * delivered. Here it has one (a local receiver), and every payment's events (four) are signed and
 * POSTed by the service's worker on the same CPU as the payments: transfers without a pause, then
 * how many deliveries are still waiting and how long they take to drain.
 */
async function sustainedOutbox(load: () => LoadFigures, sql: pg.Client) {
  const receiver = await startReceiverProcess();
  await sql.query(`UPDATE "Platform" SET "webhookEndpoint" = $1`, [receiver.url]);
  try {
    const transfers = load();
    const backlog = await deliveriesWaiting(sql);
    const started = performance.now();
    await outboxDrained(sql);
    const delivered = Number((await sql.query(`SELECT count(*) FROM "WebhookEvent" WHERE "deliveryStatus" = 'DELIVERED'`)).rows[0].count);
    return { seconds: SUSTAINED_SECONDS, transfersPerSecond: transfers.rps, p99Ms: transfers.p99Ms, deliveriesWaitingAfter: backlog, drainSeconds: round2((performance.now() - started) / 1000), delivered };
  } finally {
    await sql.query(`UPDATE "Platform" SET "webhookEndpoint" = NULL`);
    receiver.child.kill();
  }
}

const deliveriesWaiting = async (sql: pg.Client) => Number((await sql.query(`SELECT count(*) FROM "WebhookEvent" WHERE "nextAttemptAt" IS NOT NULL`)).rows[0].count);

/** Waits (at most a minute) until the service's worker has no webhook event left to deliver. */
async function outboxDrained(sql: pg.Client): Promise<void> {
  const started = performance.now();
  while ((await deliveriesWaiting(sql)) > 0 && performance.now() - started < 60_000) await new Promise((r) => setTimeout(r, 100));
}

type Figures = (concurrency: number) => LoadFigures;

/** rps / p50 / p99 at 1, 8 and 32 clients for both sides, then the ABAB ratio at the headline concurrency. */
function scenario(measured: Figures, baseline: Figures) {
  measured(HEADLINE_CONCURRENCY); // warm-up
  const byConcurrency = CONCURRENCY.map((concurrency) => ({ concurrency, measured: measured(concurrency), baseline: baseline(concurrency) }));
  const headline = alternate(
    PAIRS,
    () => measured(HEADLINE_CONCURRENCY),
    () => baseline(HEADLINE_CONCURRENCY),
  );
  return {
    byConcurrency,
    headline: {
      concurrency: HEADLINE_CONCURRENCY,
      ratio: headline.ratio,
      pairRatios: headline.ratios,
      // ANCHORS P2: the tail as the median over the pairs, so one stalled 2-second run does not decide it.
      medianP99Ms: median(headline.measured.map((f) => f.p99Ms)),
      baselineMedianMeanMs: median(headline.baseline.map((f) => f.meanMs)),
      pairP99Ms: headline.measured.map((f) => f.p99Ms),
    },
  };
}

async function probe(service: ServiceProcess, method: string, route: string, body: unknown): Promise<boolean> {
  try {
    await api(service, method, route, body);
    return true;
  } catch (e) {
    console.log(`  (probe ${method} ${route}: ${(e as Error).message.slice(0, 200)})`);
    return false;
  }
}

export interface SeededCustomer {
  customerId: string;
  usdAccount: string;
  usdExternal: string;
  eurExternal: string;
}

/** A regulated platform (accounts ACTIVE at once) with funded customers and their external accounts. */
export async function seed(service: ServiceProcess, sql: pg.Client): Promise<{ customers: SeededCustomer[] }> {
  await sql.query(`UPDATE "Platform" SET "isRegulatedFinancialInstitution" = true`);
  const customers = await seedCustomers(service);
  // Some history first, then planner statistics and visibility maps, as autovacuum keeps them on a
  // production server (this machine runs without it). Prepared statements keep the plans made from
  // these statistics: made while the payment tables were nearly empty, they would read whole tables
  // (a foreign-key check scanned all of Transaction, ~0.4 ms of database CPU per payment) as the
  // tables grow. Without the visibility maps a list's capped count reads every row it counts.
  wrk({ url: `${service.origin}${API}/transfer-out`, method: "POST", bodies: payoutBodies(customers), connections: HEADLINE_CONCURRENCY, seconds: HISTORY_SECONDS, headers: { authorization: service.authorization } });
  // The platform has no webhook endpoint: those payments' events were written settled, so no
  // delivery is left to share the CPU with what is measured next.
  await sql.query("VACUUM ANALYZE");
  return { customers };
}

/** CUSTOMERS funded customers with a USD and a EUR external account each, through the API (the platform must be regulated). */
async function seedCustomers(service: ServiceProcess): Promise<SeededCustomer[]> {
  const address = { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" };
  const customers: SeededCustomer[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const customer = await api(service, "POST", "/customers", { customerType: "INDIVIDUAL", fullName: `Bench Customer ${i}`, platformCustomerId: `bench-${i}` });
    const accounts = await api(service, "GET", `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`);
    const usd = accounts.data.find((a: { balance: { currency: { code: string } } }) => a.balance.currency.code === "USD");
    await api(service, "POST", `/sandbox/internal-accounts/${usd.id}/fund`, { amount: 100_000_000_000 });
    const usdExternal = await api(service, "POST", "/customers/external-accounts", {
      customerId: customer.id,
      currency: "USD",
      accountInfo: { accountType: "USD_ACCOUNT", accountNumber: `${100000 + i}55`, routingNumber: "021000021", bankAccountType: "CHECKING", beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: `Bench Customer ${i}`, address } },
    });
    const eurExternal = await api(service, "POST", "/customers/external-accounts", {
      customerId: customer.id,
      currency: "EUR",
      accountInfo: { accountType: "EUR_ACCOUNT", iban: "DE89370400440532013000", swiftCode: "COBADEFF", beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: `Bench Customer ${i}`, countryOfResidence: "DE", address: { ...address, country: "DE" } } },
    });
    customers.push({ customerId: customer.id, usdAccount: usd.id, usdExternal: usdExternal.id, eurExternal: eurExternal.id });
  }
  return customers;
}

/** A payout of 1 cent from each customer's USD account to their USD external account. */
const payoutBodies = (customers: SeededCustomer[]) => customers.map((c) => JSON.stringify({ source: { accountId: c.usdAccount }, destination: { accountId: c.usdExternal }, amount: 1 }));

/** pgbench's own tables (-S reads pgbench_accounts) and the ledger-posting tables, 10,000 accounts. */
async function prepareBaselines(dbUrl: string, sql: pg.Client) {
  execFileSync("pgbench", ["-i", "-s", "10", "-q", dbUrl], { stdio: "ignore" });
  await sql.query(`
    CREATE TABLE bench_account (id int PRIMARY KEY, balance bigint NOT NULL);
    INSERT INTO bench_account SELECT g, 1000000000 FROM generate_series(1, 10000) g;
    CREATE TABLE bench_ledger_tx (id bigserial PRIMARY KEY, kind text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE bench_entry (id bigserial PRIMARY KEY, account_id int NOT NULL, amount bigint NOT NULL);
    CREATE INDEX ON bench_entry (account_id, id);
    CREATE TABLE bench_payment (id bigserial PRIMARY KEY, status text NOT NULL, amount bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
  `);
}

async function startBareServer(body: string) {
  const port = await freePort();
  const child = fork(new URL("./bare-server.mjs", import.meta.url).pathname, [body], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit", "ipc"], execArgv: [] });
  execFileSync("taskset", ["-p", "-c", "0", String(child.pid)], { stdio: "ignore" });
  await new Promise((resolve) => child.once("message", resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

/**
 * How cost grows: transfer latency, balance-changes latency (first page) and GET /transactions
 * (the newest page and the oldest, both ends of the cursor index) at one client with 10³, 10⁵ and
 * 10⁶ ledger entries in the database, seeded with SQL on one account's history, and half as many
 * payment transactions (copies of a real transfer, dated in the past).
 */
async function growth(service: ServiceProcess, sql: pg.Client, customer: SeededCustomer) {
  const url = (route: string) => `${service.origin}${API}${route}`;
  const auth = { authorization: service.authorization };
  const levels = (process.env.BENCH_GROWTH_LEVELS ?? "1000,100000,1000000").split(",").map(Number);
  const { rows } = await sql.query(`SELECT id, "platformId", currency FROM "LedgerAccount" WHERE "internalAccountId" = $1::uuid`, [customer.usdAccount.replace("InternalAccount:", "")]);
  const account = rows[0] as { id: string; platformId: string; currency: string };
  const clearing = (await sql.query(`SELECT id FROM "LedgerAccount" WHERE "platformId" = $1 AND kind = 'SERVICE_CLEARING' AND currency = $2 LIMIT 1`, [account.platformId, account.currency])).rows[0]?.id as string;
  const out: {
    entries: number;
    transactions: number;
    transferP50Ms: number;
    transferP99Ms: number;
    balanceChangesP50Ms: number;
    balanceChangesP99Ms: number;
    transactionsNewestP50Ms: number;
    transactionsOldestP50Ms: number;
    seedSeconds: number;
  }[] = [];
  // Every column of a real transfer but its keys, for copies: the same width of row a payment writes.
  const template = (await sql.query(`SELECT id FROM "Transaction" WHERE "platformId" = $1 AND origin = 'TRANSFER_OUT' LIMIT 1`, [account.platformId])).rows[0]?.id as string;
  const columns = (await sql.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'Transaction' AND column_name NOT IN ('id', 'reference', 'createdAt', 'updatedAt') ORDER BY ordinal_position`)).rows.map((r) => `"${r.column_name}"`);
  const body = JSON.stringify({ source: { accountId: customer.usdAccount }, destination: { accountId: customer.usdExternal }, amount: 1 });
  for (const level of levels) {
    const current = Number((await sql.query(`SELECT count(*) FROM "LedgerEntry"`)).rows[0].count);
    const currentTransactions = Number((await sql.query(`SELECT count(*) FROM "Transaction"`)).rows[0].count);
    const copies = Math.max(0, Math.ceil(level / 2 - currentTransactions));
    const pairs = Math.max(0, Math.ceil((level - current) / 2));
    const started = performance.now();
    if (pairs > 0) {
      // Each seeded ledger transaction: the account pays 1 into clearing, dated in the past.
      await sql.query(
        `WITH tx AS (
           INSERT INTO "LedgerTransaction" (id, "platformId", kind, description, "effectiveAt", "createdAt")
           SELECT gen_random_uuid(), $1::uuid, 'BENCH_SEED', NULL, now() - interval '30 days' + g * interval '1 millisecond', now()
           FROM generate_series(1, $2::int) g RETURNING id, "effectiveAt")
         INSERT INTO "LedgerEntry" (id, "platformId", "ledgerTransactionId", "ledgerAccountId", currency, amount, "effectiveAt")
         SELECT gen_random_uuid(), $1::uuid, tx.id, side.account, $3, side.amount, tx."effectiveAt"
         FROM tx CROSS JOIN (VALUES ($4::uuid, -1::bigint), ($5::uuid, 1::bigint)) AS side(account, amount)`,
        [account.platformId, pairs, account.currency, account.id, clearing],
      );
      await sql.query(`UPDATE "LedgerAccount" SET "postedBalance" = "postedBalance" - $2 WHERE id = $1`, [account.id, pairs]);
      await sql.query(`UPDATE "LedgerAccount" SET "postedBalance" = "postedBalance" + $2 WHERE id = $1`, [clearing, pairs]);
    }
    if (copies > 0 && template)
      await sql.query(
        `INSERT INTO "Transaction" (id, reference, "createdAt", "updatedAt", ${columns.join(", ")})
         SELECT gen_random_uuid(), 'bench-seed-' || gen_random_uuid(), now() - interval '30 days' + g * interval '1 millisecond', now(), ${columns.map((c) => `t.${c}`).join(", ")}
         FROM "Transaction" t CROSS JOIN generate_series(1, $2::int) g WHERE t.id = $1::uuid`,
        [template, copies],
      );
    // A database that grew to this size over time has been vacuumed; without this the measurement
    // would share the CPUs with autovacuum catching up on the bulk insert and the earlier scenarios.
    await sql.query(`VACUUM ANALYZE`);
    await sql.query(`CHECKPOINT`);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    // A second of each route first: right after the bulk load, VACUUM and CHECKPOINT the first
    // requests read cold pages and plan afresh (p99 66 ms against 8–18 ms a few seconds later), which
    // says nothing about a ledger that grew to this size over time.
    for (const route of [`/internal-accounts/${customer.usdAccount}/balance-changes?limit=100`, "/transactions?limit=100", "/transactions?limit=100&sortOrder=asc"])
      wrk({ url: url(route), connections: 1, seconds: 1, headers: auth });
    wrk({ url: url("/transfer-out"), method: "POST", bodies: [body], connections: 1, seconds: 1, headers: auth });
    const transfer = wrk({ url: url("/transfer-out"), method: "POST", bodies: [body], connections: 1, seconds: SECONDS, headers: auth });
    const changes = wrk({ url: url(`/internal-accounts/${customer.usdAccount}/balance-changes?limit=100`), connections: 1, seconds: SECONDS, headers: auth });
    const newest = wrk({ url: url("/transactions?limit=100"), connections: 1, seconds: SECONDS, headers: auth });
    const oldest = wrk({ url: url("/transactions?limit=100&sortOrder=asc"), connections: 1, seconds: SECONDS, headers: auth });
    out.push({
      entries: level,
      transactions: currentTransactions + copies,
      transferP50Ms: transfer.p50Ms,
      transferP99Ms: transfer.p99Ms,
      balanceChangesP50Ms: changes.p50Ms,
      balanceChangesP99Ms: changes.p99Ms,
      transactionsNewestP50Ms: newest.p50Ms,
      transactionsOldestP50Ms: oldest.p50Ms,
      seedSeconds,
    });
  }
  return out;
}

/**
 * The embedded PGlite against PostgreSQL in the same harness (ANCHORS P7): an authenticated read
 * and a same-currency transfer, alternating, at the headline concurrency. PGlite lives in the
 * service's process with one connection, so its requests take turns at the database.
 */
async function pgliteVsPostgres(postgresCustomers: SeededCustomer[], postgres: ServiceProcess) {
  const dir = await regulatedPglite();
  const lite = await startService({ pgliteDir: dir });
  try {
    const customers = await seedCustomers(lite);
    const read = (service: ServiceProcess, seeded: SeededCustomer[]) =>
      wrk({ url: `${service.origin}${API}/customers/${seeded[0]!.customerId}`, connections: HEADLINE_CONCURRENCY, seconds: SECONDS, headers: { authorization: service.authorization } });
    const transfer = (service: ServiceProcess, seeded: SeededCustomer[]) =>
      wrk({ url: `${service.origin}${API}/transfer-out`, method: "POST", bodies: payoutBodies(seeded), connections: HEADLINE_CONCURRENCY, seconds: SECONDS, headers: { authorization: service.authorization } });
    transfer(lite, customers); // warm-up
    const side = (ab: ReturnType<typeof alternate>) => ({ ratio: ab.ratio, pairRatios: ab.ratios, pglite: ab.measured.at(-1)!, postgres: ab.baseline.at(-1)! });
    return {
      read: side(alternate(3, () => read(lite, customers), () => read(postgres, postgresCustomers))),
      transfer: side(alternate(3, () => transfer(lite, customers), () => transfer(postgres, postgresCustomers))),
      restMb: lite.rssMb(),
    };
  } finally {
    await lite.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A migrated PGlite directory whose platform, with BENCH_CLIENT's token, is a regulated
 * institution as seed() makes PostgreSQL's. Only one process may open a PGlite directory, so this
 * is done here before the service opens it.
 */
async function regulatedPglite(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
  const database = await openDatabase({ pgliteDir: dir });
  try {
    await bootstrapIfEmpty(database.prisma, { BOOTSTRAP_API_CLIENT_ID: BENCH_CLIENT.clientId, BOOTSTRAP_API_CLIENT_SECRET: BENCH_CLIENT.clientSecret, BOOTSTRAP_ADMIN_PASSWORD: "bench-admin-password" });
    await database.prisma.platform.updateMany({ data: { isRegulatedFinancialInstitution: true } });
  } finally {
    await database.close();
  }
  return dir;
}
