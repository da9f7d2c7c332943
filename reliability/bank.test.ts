// The bank, crash, connection, database crash and fault tests: many concurrent clients move money
// between random accounts over real HTTP (payouts, pulls, sandbox deposits, USD payments and
// USD→USDC conversions between customers through quotes (both directions at once, so the two
// accounts' locks are taken in both orders),
// payouts and USD→EUR quotes that fail after the debit and are refunded by the worker, card
// purchases authorized, then cleared in full, in part or not at all, stablecoin mints and burns
// whose fiat legs go through the provider's reserve), with idempotency-key retries and client
// timeouts; in the crash test the server is SIGKILLed mid-load and restarted; in the connection
// test PostgreSQL ends all of the server's connections every ~2 s (a failover, an administrator),
// and a request whose connection broke may answer a retryable 503, retried with its key; in the
// database crash test PostgreSQL itself crashes (`pg_ctl stop -m immediate`, on a cluster of the
// test's own) and recovers from its WAL, while requests meanwhile answer that 503 too; in the fault
// test a share of the server's COMMITs are refused and of its statements in transactions fail
// (lib/db/fault-injection.ts); in the partition test the network to PostgreSQL drops every byte for
// a while, closing nothing (lib/db/silent-connection.ts).
// Afterwards every balance equals the sum of its ledger entries, every hold total its active holds,
// every currency's entries sum to zero, every acknowledged payment exists exactly once and moved its
// account by what its final status says (a failed one refunded exactly once), balances
// (available and total) match what the acknowledged operations say, no account is overdrawn, every
// acknowledged stablecoin operation exists once and ends as the sandbox says with its fiat leg
// posted once, and every webhook event gets delivered.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/open-database";
import { createPlatform } from "@/lib/service/platforms/create-platform";
import { createToken } from "@/lib/service/tokens/create-token";
import { FULL_SIZE } from "./operations";
import { inParallel } from "./in-parallel";
import { startPrivateCluster } from "./private-cluster";
import { US_ADDRESS, usdAccountInfo, usdBankAccountRequest } from "./requests";
import { freePort, startServer, type ServerProcess } from "./server-process";
import { startSilentProxy } from "@/lib/service/testing/silent-proxy";

const CLIENTS = FULL_SIZE ? 32 : 6;
/** Full size: 20,000 operations per test (ANCHORS R1). */
const OPERATIONS_PER_CLIENT = FULL_SIZE ? 625 : 12;
/**
 * Half the operations pick one of a few hot accounts, whose locks are contended; the rest spread
 * over many cold ones (ANCHORS R1: 10 hot + 1,000 cold). Accounts 0…HOT_ACCOUNTS−1 are the hot ones.
 */
const HOT_ACCOUNTS = FULL_SIZE ? 10 : 4;
const COLD_ACCOUNTS = FULL_SIZE ? 1_000 : 4;
const ACCOUNTS = HOT_ACCOUNTS + COLD_ACCOUNTS;
const START_BALANCE = 100_000;
/** How many times the crash test kills the server mid-load (each time it was restarted and took load again; ANCHORS R3: 20). */
const CRASHES = FULL_SIZE ? 20 : 1;
/** How long the restarted server takes load before the next kill. */
const CRASH_EVERY_MS = FULL_SIZE ? 3_000 : 400;
/** How many times the database crash test has PostgreSQL itself crash and start again (ANCHORS R3: `pg_ctl stop -m immediate`). */
const DATABASE_CRASHES = FULL_SIZE ? 5 : 1;
/** How often the connection test has PostgreSQL end every connection of the server (ANCHORS R1: ~2 s). */
const CUT_EVERY_MS = FULL_SIZE ? 2_000 : 300;
/**
 * The share of the fault test server's COMMITs that fail (ANCHORS R1: 1 %), and of the statements
 * inside its transactions (several per transaction); more in the reduced size, whose few hundred
 * transactions must meet some of each.
 */
const COMMIT_FAILURE_PERCENT = FULL_SIZE ? 1 : 5;
const STATEMENT_FAILURE_PERCENT = FULL_SIZE ? 0.2 : 2;
/**
 * How many times, how often and for how long the partition test silences the network to
 * PostgreSQL. Each one leaves the connections it caught dead for the ~5 s the server waits before it
 * asks the database about them, and the server processes they left in a transaction holding their
 * locks until the server can end them (lib/db/silent-connection.ts), so they are fewer than the cuts.
 * Full size, they last 2 s (over before the server asks: it finds those processes idle and ends them)
 * and 8 s in turn (it cannot ask, ends its connections, and ends their processes once it can).
 */
const PARTITIONS = FULL_SIZE ? 10 : 1;
const PARTITION_EVERY_MS = FULL_SIZE ? 30_000 : 400;
const PARTITION_MS = FULL_SIZE ? [2_000, 8_000] : [1_000];
const SERVER_APPLICATION_NAME = `bank-test-server-${process.pid}`;
/**
 * Each client's operations (kinds, accounts, amounts, replays) come from this seed, printed with
 * every test's figures: RELIABILITY_SEED=<seed> sends a failed run's operations again. How they
 * interleave, and when clients give up waiting, still varies from run to run.
 */
const SEED = Number(process.env.RELIABILITY_SEED) || 1 + Math.floor(Math.random() * 2 ** 30);

/** mulberry32: a small, good-enough PRNG in [0, 1) for reproducible operation streams. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let database: Database;
let server: ServerProcess;
let receiver: { url: string; eventIds: Set<string>; close(): Promise<void> };

beforeAll(async () => {
  database = await openDatabase({ url: inject("databaseUrl") });
  receiver = await startReceiver();
  // Named, so the connection test can cut this server's database connections and no one else's.
  server = await startServer({ databaseUrl: inject("databaseUrl"), env: { JOB_LEASE_SECONDS: "3", PGAPPNAME: SERVER_APPLICATION_NAME } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await database?.close();
});

type Op = {
  kind: "out" | "in" | "fund" | "convert" | "move" | "card" | "failingOut" | "failingQuote" | "mint" | "wireMint" | "burn";
  account: number;
  amount: number;
  /** convert: whose USDC account receives; move: whose USD account receives (never `account`) */
  to?: number;
  /** card: how much of an approved authorization the merchant clears */
  clear?: "all" | "part" | "none";
  /** mint, burn: through the platform's bank account whose number ends 004 (the sandbox provider fails it) */
  failing?: boolean;
};
interface Outcome {
  key: string;
  op: Op;
  status: number;
  transactionId?: string;
  transactionStatus?: string;
  /** convert, move: credited to `op.to` */
  receivedAmount?: number;
  /** card: the authorization's row as the clearing left it (DECLINED rows are never cleared) */
  card?: { status: string; settled: number; held: number };
  /** mint, wireMint, burn: the operation created (201); wireMint: how the funding report was answered */
  operationId?: string;
  /** the message of an error answer, for the report */
  message?: string;
  fundReport?: number;
}

/**
 * A platform with ACCOUNTS funded customer accounts and one external bank account each, on the
 * suite's server and database unless the test brings its own.
 */
async function bankFixture(on: { database: Database; server: ServerProcess } = { database, server }) {
  const db = on.database.prisma;
  const platform = await createPlatform(db, { name: `Bank test ${Math.random().toString(36).slice(2, 8)}` });
  await db.platform.update({ where: { id: platform.id }, data: { isRegulatedFinancialInstitution: true, webhookEndpoint: receiver.url } });
  const token = await createToken(db, { platformId: platform.id, name: "bank", permissions: ["VIEW", "TRANSACT", "MANAGE"] });
  const authorization = `Basic ${Buffer.from(`${token.clientId}:${token.clientSecret}`).toString("base64")}`;
  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) => {
    const res = await fetch(`${on.server.origin}/api/2025-10-13${path}`, {
      method,
      headers: { authorization, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };
  // Setting up sends each request again while the service answers that nothing was written and it
  // may be retried (an injected COMMIT failure, a cut connection): the fixture must stand either way.
  const setUp: Api = async (method, path, body, headers) => {
    for (let attempt = 0; ; attempt++) {
      const res = await api(method, path, body, headers);
      if (!res.json?.details?.retryable || attempt >= 20) return res;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  const accounts: { internal: string; usdc: string; external: string; failingExternal: string; failingEur: string; card: string }[] = [];
  // Customer n, set up by one of 8 workers at a time; a worker reserves its account's place first,
  // and gives it back when the sandbox's ids make it take another customer.
  let next = 0;
  let reserved = 0;
  const setUpAccounts = async () => {
    while (reserved < ACCOUNTS) {
      reserved++;
      const n = next++;
      const customer = await setUp("POST", "/customers", { customerType: "INDIVIDUAL", fullName: `Bank Customer ${n}`, platformCustomerId: `bank-${n}` });
      expect(customer.status).toBe(201);
      const list = await setUp("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(customer.json.id)}`);
      const byCurrency = (code: string) => list.json.data.find((a: { balance: { currency: { code: string } }; status: string }) => a.balance.currency.code === code);
      const internal = byCurrency("USD");
      const usdc = byCurrency("USDC");
      // The sandbox issuer refuses card funding accounts whose id ends 002 or 003: take another customer.
      if (/00[23]$/.test(internal.id)) {
        reserved--;
        continue;
      }
      expect(internal.status).toBe("ACTIVE");
      expect(usdc.status).toBe("ACTIVE");
      const external = await setUp("POST", "/customers/external-accounts", usdBankAccountRequest(customer.json.id, `${100000 + n}55`, `Bank Customer ${n}`));
      expect(external.status).toBe(201);
      // Sandbox suffixes: a USD account ending 004 rejects payouts after the debit (refunded 2 s later);
      // an IBAN ending 002 fails a quote's execution (refunded likewise).
      const failingExternal = await setUp("POST", "/customers/external-accounts", usdBankAccountRequest(customer.json.id, `${100000 + n}004`, `Bank Customer ${n}`));
      expect(failingExternal.status, JSON.stringify(failingExternal.json)).toBe(201);
      const failingEur = await setUp("POST", "/customers/external-accounts", {
        customerId: customer.json.id,
        currency: "EUR",
        accountInfo: { accountType: "EUR_ACCOUNT", iban: "DE35370400440532013002", swiftCode: "COBADEFF", beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: `Bank Customer ${n}`, countryOfResidence: "DE", address: { ...US_ADDRESS, country: "DE" } } },
      });
      expect(failingEur.status, JSON.stringify(failingEur.json)).toBe(201);
      expect((await setUp("POST", `/sandbox/internal-accounts/${internal.id}/fund`, { amount: START_BALANCE })).status).toBe(200);
      // platformCardId ending 777: the sandbox issuer activates the card at once.
      const card = await setUp("POST", "/cards", { cardholderId: customer.json.id, form: "VIRTUAL", fundingSources: [internal.id], platformCardId: `bank-card-${n}-777` });
      expect(card.status, JSON.stringify(card.json)).toBe(201);
      accounts.push({ internal: internal.id, usdc: usdc.id, external: external.json.id, failingExternal: failingExternal.json.id, failingEur: failingEur.json.id, card: card.json.id });
    }
  };
  await Promise.all(Array.from({ length: 8 }, setUpAccounts));
  return { platformId: platform.id, db, api, accounts, stablecoin: await stablecoinFixture(setUp) };
}

type Api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A linked provider account, a registered token (6 decimals), the platform's Spark wallet and two bank accounts (one failing). */
async function stablecoinFixture(api: Api) {
  const keyed = (path: string, body: unknown) => api("POST", path, body, { "idempotency-key": `setup-${Math.random().toString(36).slice(2)}` });
  const link = await keyed("/stablecoin-provider-accounts", { provider: "BRALE", apiClientId: `bank-${Math.random().toString(36).slice(2, 8)}`, apiClientSecret: "s3cret" });
  expect(link.status, JSON.stringify(link.json)).toBe(201);
  const coin = await keyed("/stablecoins", { providerTokenIdentifier: "bankusd", networkTokenIdentifier: "btkn1bankusd", network: "SPARK" });
  expect(coin.status, JSON.stringify(coin.json)).toBe(201);
  const wallet = await api("POST", "/platform/external-accounts", {
    currency: "USDB",
    accountInfo: { accountType: "SPARK_WALLET", address: "sparkrt1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu" },
    ownershipType: "THIRD_PARTY",
  });
  expect(wallet.status, JSON.stringify(wallet.json)).toBe(201);
  const bank = async (accountNumber: string) => {
    const res = await api("POST", "/platform/external-accounts", { currency: "USD", accountInfo: usdAccountInfo(accountNumber, "Bank Test Treasurer") });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.id as string;
  };
  expect(coin.json.decimals).toBe(6);
  const treasury = await bank("700100555");
  // The provider balance the load's burns draw on (a burn beyond it is refused): one ACH mint,
  // completed before the load by moving the sandbox clock past its 5 s debit and 10 s processing.
  const seed = await keyed(`/stablecoins/${coin.json.id}/mints`, { amount: tokens(SEED_MINT_CENTS), fundingSource: { type: "ACH_DEBIT", externalAccountId: treasury }, destination: { accountId: wallet.json.id } });
  expect(seed.status, JSON.stringify(seed.json)).toBe(201);
  expect((await api("POST", "/sandbox/clock/advance", { seconds: 20 })).status).toBe(200);
  expect((await api("GET", `/stablecoin-operations/${seed.json.id}`)).json.status).toBe("COMPLETED");
  return { linkId: link.json.id as string, coin: coin.json.id as string, wallet: wallet.json.id as string, bank: treasury, failingBank: await bank("700100004"), seedMint: seed.json.id as string };
}

/** The fixture's mint before the load, in cents: enough for most of the load's burns, not for all of them at full size. */
const SEED_MINT_CENTS = 2_000_000;

type Fixture = Awaited<ReturnType<typeof bankFixture>>;

function requestFor(f: Fixture, op: Op): [string, unknown] {
  const { internal, external, failingExternal, failingEur } = f.accounts[op.account]!;
  if (op.kind === "out") return ["/transfer-out", { source: { accountId: internal }, destination: { accountId: external }, amount: op.amount }];
  if (op.kind === "failingOut") return ["/transfer-out", { source: { accountId: internal }, destination: { accountId: failingExternal }, amount: op.amount }];
  if (op.kind === "failingQuote")
    return [
      "/quotes",
      { source: { sourceType: "ACCOUNT", accountId: internal }, destination: { destinationType: "ACCOUNT", accountId: failingEur }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: op.amount, immediatelyExecute: true },
    ];
  if (op.kind === "in") return ["/transfer-in", { source: { accountId: external }, destination: { accountId: internal }, amount: op.amount }];
  if (op.kind === "mint" || op.kind === "wireMint" || op.kind === "burn") {
    const { coin, wallet, bank, failingBank } = f.stablecoin;
    const amount = tokens(op.amount);
    const payer = op.failing ? failingBank : bank;
    if (op.kind === "burn")
      return [`/stablecoins/${coin}/burns`, { amount, source: { type: "PROVIDER_INTERNAL_BALANCE" }, destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: payer, rail: "RTP_CREDIT" } }];
    return [`/stablecoins/${coin}/mints`, { amount, fundingSource: op.kind === "wireMint" ? { type: "WIRE" } : { type: "ACH_DEBIT", externalAccountId: payer }, destination: { accountId: wallet } }];
  }
  if (op.kind === "convert" || op.kind === "move")
    return [
      "/quotes",
      {
        source: { sourceType: "ACCOUNT", accountId: internal },
        destination: { destinationType: "ACCOUNT", accountId: op.kind === "move" ? f.accounts[op.to!]!.internal : f.accounts[op.to!]!.usdc },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: op.amount,
        immediatelyExecute: true,
      },
    ];
  return [`/sandbox/internal-accounts/${internal}/fund`, { amount: op.amount }];
}

/** The token (6 decimals) amount worth `cents` US cents. */
const tokens = (cents: number) => `${cents}0000`;

type Faults = { timeouts: number; retries: number; replays: number; replayMismatches: number; conflicts: number; unavailable: number; outcomeUnknown: number; serverErrors: string[] };

/**
 * Sends one request under its Idempotency-Key, retried with the same key after a client timeout, a
 * refused connection or an in-flight conflict until the service gives a definitive answer.
 */
async function definitive(f: Fixture, faults: Faults, path: string, body: unknown, key: string) {
  for (let attempt = 0; ; attempt++) {
    const timeout = Math.random() < 0.25 ? 1 + Math.floor(Math.random() * 40) : 30_000;
    try {
      const res = await f.api("POST", path, body, { "idempotency-key": key }, AbortSignal.timeout(timeout));
      // A deadlock the service could not absorb by running the step again (nested-transaction.ts).
      if (res.status === 409 && res.json?.details?.retryable) faults.conflicts++;
      // The database connection broke under the request (the connection test cuts them): retried with the same key.
      if (res.status === 503 && res.json?.code === "SERVICE_UNAVAILABLE" && res.json?.details?.retryable) {
        faults.unavailable++;
        // The COMMIT had gone out and the database could not be asked whether it took effect.
        if (res.json.details.outcomeUnknown) faults.outcomeUnknown++;
      } else if (res.status >= 500) faults.serverErrors.push(`${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
      // A burn the provider balance cannot cover is refused for good (409 with details.providerBalance): an answer too.
      const isAnswer = res.status === 409 && (res.json?.code === "INVALID_STATE_TRANSITION" || res.json?.details?.providerBalance !== undefined);
      if ((res.status === 409 && !isAnswer) || res.status === 429 || res.status >= 500) throw new Error(`retryable ${res.status}`);
      return res;
    } catch (error) {
      if ((error as Error).name === "TimeoutError") faults.timeouts++;
      faults.retries++;
      if (attempt > 400) throw new Error(`gave up on ${key}`, { cause: error });
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40));
    }
  }
}

/** Reads a card transaction row as the platform would: newest first on the card's listing. */
async function cardRow(f: Fixture, cardId: string, match: (row: CardRow) => boolean): Promise<CardRow | undefined> {
  for (let attempt = 0; ; attempt++) {
    const res = await f.api("GET", `/transactions?type=CARD&cardId=${encodeURIComponent(cardId)}&limit=100`).catch(() => null);
    if (res?.status === 200) return (res.json.data as CardRow[]).find(match);
    if (attempt > 400) throw new Error(`could not list card ${cardId}: ${res?.status}`);
    await new Promise((r) => setTimeout(r, 50)); // the server is restarting
  }
}
type CardRow = { id: string; issuerTransactionToken: string; status: string };

/**
 * A card purchase: the authorization (approved, or declined as a row), then for an approved one a
 * clearing of all, half or none of it (none: the authorization expires and its hold is released).
 */
async function cardPurchase(f: Fixture, faults: Faults, op: Op, key: string): Promise<Outcome> {
  const card = f.accounts[op.account]!.card;
  const descriptor = `BANK ${key.slice(5, 20)} X99`; // no sandbox suffix
  const auth = await definitive(f, faults, `/sandbox/cards/${card}/simulate/authorization`, { amount: op.amount, currency: { code: "USD" }, merchant: { descriptor } }, key);
  const outcome: Outcome = { key, op, status: auth.status };
  if (auth.status !== 202) return outcome;
  const token = auth.json.issuerTransactionToken as string;
  const row = await cardRow(f, card, (r) => r.issuerTransactionToken === token);
  if (!row) throw new Error(`authorization ${token} answered 202 but its row is not listed`);
  outcome.transactionId = row.id;
  if (row.status !== "AUTHORIZED") {
    outcome.card = { status: row.status, settled: 0, held: 0 };
    return outcome;
  }
  const cleared = op.clear === "none" ? 0 : op.clear === "part" ? Math.max(1, Math.floor(op.amount / 2)) : op.amount;
  const clearing = await definitive(f, faults, `/sandbox/cards/${card}/simulate/clearing`, { cardTransactionId: row.id, amount: cleared }, `${key}-clear`);
  // Refusing to clear an approved authorization would strand its hold: record it as an answer to check.
  if (clearing.status !== 202) outcome.card = { status: `clearing answered ${clearing.status}`, settled: 0, held: op.amount };
  else if (cleared === 0) outcome.card = { status: "VOIDED", settled: 0, held: 0 };
  else outcome.card = { status: cleared < op.amount ? "PARTIALLY_SETTLED" : "SETTLED", settled: cleared, held: op.amount - cleared };
  return outcome;
}

const KINDS = ["out", "out", "in", "fund", "convert", "move", "move", "card", "card", "failingOut", "failingQuote", "mint", "wireMint", "burn"] as const;

/**
 * A stablecoin mint or burn (201 with the operation); a wire mint's funds are then reported at
 * once through the sandbox control, racing the provider's own report (a 409 once it has moved on).
 */
async function stablecoinOperation(f: Fixture, faults: Faults, op: Op, key: string, replay: boolean): Promise<Outcome> {
  const [path, body] = requestFor(f, op);
  const res = await definitive(f, faults, path, body, key);
  const outcome: Outcome = { key, op, status: res.status, operationId: res.json?.id, message: res.status >= 400 ? res.json?.message : undefined };
  if (res.status === 201 && replay) {
    faults.replays++;
    checkReplay(faults, await f.api("POST", path, body, { "idempotency-key": key }).catch(() => null), res.json.id);
  }
  if (res.status === 201 && op.kind === "wireMint") outcome.fundReport = (await definitive(f, faults, `/sandbox/stablecoin-operations/${res.json.id}/fund`, undefined, `${key}-fund`)).status;
  return outcome;
}

/** A replay (null: cut off) must answer with what the first answer did; a broken database connection or a refused COMMIT may refuse it with a retryable 503 or 409 instead. */
function checkReplay(faults: Faults, again: { status: number; json: any } | null, id: unknown) { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (again?.status === 503 && again.json?.code === "SERVICE_UNAVAILABLE") faults.unavailable++;
  else if (again?.status === 409 && again.json?.details?.retryable) faults.conflicts++;
  else if (again && again.json?.id !== id) faults.replayMismatches++;
}

const pickAccount = (random: () => number) => (random() < 0.5 ? Math.floor(random() * HOT_ACCOUNTS) : HOT_ACCOUNTS + Math.floor(random() * COLD_ACCOUNTS));

/** One client: random operations, each under its own Idempotency-Key; sometimes replayed once more to check the replay. */
async function client(f: Fixture, id: number, faults: Faults, random: () => number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let n = 0; n < OPERATIONS_PER_CLIENT; n++) {
    const op: Op = {
      kind: KINDS[Math.floor(random() * KINDS.length)]!,
      account: pickAccount(random),
      amount: 1 + Math.floor(random() * 50_000),
      to: pickAccount(random),
      clear: (["all", "all", "part", "none"] as const)[Math.floor(random() * 4)]!,
      failing: random() < 0.25,
    };
    if (op.kind === "move" && op.to === op.account) op.to = (op.account + 1) % ACCOUNTS;
    const key = `bank-${id}-${n}-${Math.random().toString(36).slice(2)}`;
    if (op.kind === "card") {
      outcomes.push(await cardPurchase(f, faults, op, key));
      continue;
    }
    if (op.kind === "mint" || op.kind === "wireMint" || op.kind === "burn") {
      outcomes.push(await stablecoinOperation(f, faults, op, key, random() < 0.2));
      continue;
    }
    const [path, body] = requestFor(f, op);
    const res = await definitive(f, faults, path, body, key);
    // A quote answers with the quote; its payment is the transaction it names.
    const transaction = path.startsWith("/sandbox") ? undefined : path === "/quotes" ? { id: res.json?.transactionId, status: res.json?.status } : res.json;
    const outcome: Outcome = { key, op, status: res.status, transactionId: transaction?.id, transactionStatus: transaction?.status, receivedAmount: res.json?.totalReceivingAmount };
    if (res.status === 200 && op.kind === "fund") outcome.transactionId = `fund:${key}`;
    outcomes.push(outcome);
    const replay = random() < 0.2;
    if (res.status === 200 && op.kind !== "fund" && replay) {
      faults.replays++;
      // Outside the retry loop's reach: a replay cut off by the crash must not send the operation again.
      checkReplay(faults, await f.api("POST", path, body, { "idempotency-key": key }).catch(() => null), res.json?.id);
    }
  }
  return outcomes;
}

/** The invariants that must hold whatever happened. */
async function checkBooks(f: Fixture, outcomes: Outcome[]) {
  const db = f.db;
  const drift: string[] = [];

  const perCurrency = await db.$queryRaw<{ currency: string; total: bigint }[]>`
    SELECT currency, SUM(amount)::bigint AS total FROM "LedgerEntry" WHERE "platformId" = ${f.platformId}::uuid GROUP BY currency`;
  for (const row of perCurrency) if (row.total !== 0n) drift.push(`${row.currency} entries sum to ${row.total}, not 0`);

  const cached = await db.$queryRaw<{ id: string; postedBalance: bigint; heldAmount: bigint; allowNegative: boolean; entries: bigint | null; holds: bigint | null }[]>`
    SELECT a.id, a."postedBalance", a."heldAmount", a."allowNegative",
      (SELECT SUM(e.amount)::bigint FROM "LedgerEntry" e WHERE e."ledgerAccountId" = a.id) AS entries,
      (SELECT SUM(h.amount)::bigint FROM "Hold" h WHERE h."ledgerAccountId" = a.id AND h.status = 'ACTIVE') AS holds
    FROM "LedgerAccount" a WHERE a."platformId" = ${f.platformId}::uuid`;
  for (const a of cached) {
    if (a.postedBalance !== (a.entries ?? 0n)) drift.push(`ledger account ${a.id}: cached balance ${a.postedBalance} ≠ entries ${a.entries}`);
    if (a.heldAmount !== (a.holds ?? 0n)) drift.push(`ledger account ${a.id}: cached holds ${a.heldAmount} ≠ active holds ${a.holds}`);
    if (!a.allowNegative && a.postedBalance - a.heldAmount < 0n) drift.push(`ledger account ${a.id} is overdrawn: ${a.postedBalance} posted, ${a.heldAmount} held`);
  }

  // Every card authorization is answered with its row (approved or declined), never refused, and
  // the row ends as its acknowledged clearing says.
  const cardOutcomes = outcomes.filter((o) => o.op.kind === "card");
  for (const o of cardOutcomes) {
    if (o.status !== 202) drift.push(`card authorization ${o.key} (${o.op.amount}) answered ${o.status} instead of 202 with an approved or declined row`);
    else if (o.card!.status.startsWith("clearing answered")) drift.push(`card authorization ${o.key}: ${o.card!.status}`);
  }
  const cardRows = await db.cardTransaction.findMany({ where: { platformId: f.platformId }, select: { id: true, status: true, settledAmount: true } });
  const rowById = new Map(cardRows.map((r) => [`CardTransaction:${r.id}`, r]));
  if (cardRows.length !== cardOutcomes.filter((o) => o.status === 202).length) drift.push(`${cardRows.length} card transactions stored for ${cardOutcomes.filter((o) => o.status === 202).length} answered authorizations`);
  for (const o of cardOutcomes) {
    if (o.status !== 202) continue;
    const row = rowById.get(o.transactionId!);
    if (!row) drift.push(`card transaction ${o.transactionId} of ${o.key} is missing`);
    else if (o.card!.status !== "DECLINED" && (row.status !== o.card!.status || Number(row.settledAmount) !== o.card!.settled))
      drift.push(`card transaction ${o.transactionId}: ${row.status} with ${row.settledAmount} settled, the acknowledged clearing says ${o.card!.status} with ${o.card!.settled}`);
  }

  // Every acknowledged payment exists exactly once; nothing else was created.
  const acknowledged = outcomes.filter((o) => o.status === 200 && o.op.kind !== "fund");
  const ids = acknowledged.map((o) => o.transactionId!.replace("Transaction:", ""));
  const byTransaction = new Map<string, Outcome[]>();
  for (const o of acknowledged) byTransaction.set(o.transactionId!, [...(byTransaction.get(o.transactionId!) ?? []), o]);
  for (const [id, shared] of byTransaction)
    if (shared.length > 1) drift.push(`acknowledged requests ${shared.map((o) => `${o.key} (${JSON.stringify(o.op)} → ${o.transactionStatus})`).join(" and ")} answered with the same transaction ${id}`);
  const payments = await db.transaction.findMany({ where: { platformId: f.platformId, origin: { in: ["TRANSFER_OUT", "TRANSFER_IN", "QUOTE"] } }, select: { id: true, status: true, refund: true } });
  const stored = new Set(payments.map((p) => p.id));
  for (const id of ids) if (!stored.has(id)) drift.push(`acknowledged transaction ${id} is missing`);
  if (payments.length !== ids.length) drift.push(`${payments.length} payments stored for ${ids.length} acknowledged`);

  // Each payment moved its customer's USD account by what its final status says: the amount once
  // when COMPLETED, nothing when FAILED (its refund posted exactly once, and COMPLETED); a payment
  // to another customer's USD account moved that one by what it received, once.
  const netRows = await db.$queryRaw<{ id: string; account: string; net: bigint }[]>`
    SELECT lt."transactionId" AS id, a."internalAccountId" AS account, SUM(e.amount)::bigint AS net
    FROM "LedgerEntry" e JOIN "LedgerTransaction" lt ON lt.id = e."ledgerTransactionId" JOIN "LedgerAccount" a ON a.id = e."ledgerAccountId"
    WHERE lt."platformId" = ${f.platformId}::uuid AND lt."transactionId" IS NOT NULL AND a."internalAccountId" IS NOT NULL AND a.currency = 'USD'
    GROUP BY lt."transactionId", a."internalAccountId"`;
  const netOfAccount = new Map(netRows.map((r) => [`${r.id} ${r.account}`, r.net]));
  const usdAccount = (i: number) => f.accounts[i]!.internal.replace("InternalAccount:", "");
  const finalOf = new Map(payments.map((p) => [p.id, p]));
  let refunded = 0;
  for (const o of acknowledged) {
    const id = o.transactionId!.replace("Transaction:", "");
    const payment = finalOf.get(id);
    if (!payment) continue; // reported above
    const net = netOfAccount.get(`${id} ${usdAccount(o.op.account)}`) ?? 0n;
    const expected = payment.status === "COMPLETED" ? BigInt(o.op.kind === "in" ? o.op.amount : -o.op.amount) : payment.status === "FAILED" ? 0n : undefined;
    if (o.op.kind === "move") {
      const received = netOfAccount.get(`${id} ${usdAccount(o.op.to!)}`) ?? 0n;
      const expectedReceived = payment.status === "COMPLETED" ? BigInt(o.receivedAmount!) : 0n;
      if (received !== expectedReceived) drift.push(`payment ${id} (move, ${payment.status}) credited account ${o.op.to} with ${received}, not ${expectedReceived}`);
    }
    const isFailing = o.op.kind === "failingOut" || o.op.kind === "failingQuote";
    if (isFailing && payment.status !== "FAILED") drift.push(`payment ${id} (${o.op.kind}) ended ${payment.status}, the sandbox fails it`);
    if (payment.status === "FAILED" && net === 0n && (payment.refund as { status?: string } | null)?.status === "COMPLETED") refunded++;
    if (payment.status === "FAILED" && net !== 0n && (payment.refund as { status?: string } | null)?.status !== "COMPLETED") drift.push(`failed payment ${id} (${o.op.kind}): refund ${JSON.stringify(payment.refund)}`);
    if (expected === undefined) drift.push(`payment ${id} (${o.op.kind}) is still ${payment.status} after the worker went idle`);
    else if (net !== expected) drift.push(`payment ${id} (${o.op.kind}, ${payment.status}) moved its account by ${net}, not ${expected}`);
  }
  const funds = await db.transaction.count({ where: { platformId: f.platformId, origin: "SANDBOX_FUNDING" } });
  const acknowledgedFunds = outcomes.filter((o) => o.status === 200 && o.op.kind === "fund").length;
  if (funds !== acknowledgedFunds + ACCOUNTS) drift.push(`${funds} fundings stored for ${acknowledgedFunds + ACCOUNTS} acknowledged`);

  // Each account's balance is what its acknowledged operations say: completed payments and cleared
  // card purchases move the total, the uncleared rest of partly cleared purchases stays held.
  await inParallel(f.accounts.length, 8, async (i) => {
    const account = f.accounts[i]!;
    let expected = START_BALANCE;
    let expectedHeld = 0;
    let expectedUsdc = 0;
    for (const o of outcomes) {
      if (o.op.kind === "card" && o.op.account === i && o.card) {
        expected -= o.card.settled;
        expectedHeld += o.card.held;
      }
      if (o.status !== 200) continue;
      if (o.op.kind === "convert" && o.op.to === i && o.transactionStatus === "COMPLETED") expectedUsdc += o.receivedAmount!;
      if (o.op.kind === "move" && o.op.to === i && o.transactionStatus === "COMPLETED") expected += o.receivedAmount!;
      if (o.op.account !== i) continue;
      if (o.op.kind === "fund") expected += o.op.amount;
      else if (o.transactionStatus === "COMPLETED" && o.op.kind !== "failingOut" && o.op.kind !== "failingQuote") expected += o.op.kind === "in" ? o.op.amount : -o.op.amount;
    }
    const usd = await f.api("GET", `/internal-accounts/${account.internal}`);
    if (usd.json.totalBalance.amount !== expected) drift.push(`account ${i}: USD total balance ${usd.json.totalBalance.amount}, acknowledged operations say ${expected}`);
    if (usd.json.balance.amount !== expected - expectedHeld) drift.push(`account ${i}: USD available balance ${usd.json.balance.amount}, acknowledged operations say ${expected - expectedHeld}`);
    const usdc = await f.api("GET", `/internal-accounts/${account.usdc}`);
    if (usdc.json.balance.amount !== expectedUsdc) drift.push(`account ${i}: USDC balance ${usdc.json.balance.amount}, acknowledged conversions say ${expectedUsdc}`);
  });
  drift.push(...(await checkStablecoins(f, outcomes)));
  return { drift, refunded };
}

/**
 * Every acknowledged mint and burn exists once and nothing else was created; each ended COMPLETED,
 * or FAILED when its bank account ends 004; its fiat leg was posted exactly once when it completed
 * (never when it failed), so the provider's reserve holds Σ completed mints − Σ completed burns;
 * each sent its final webhook once; a wire mint's funding report was answered 200, or 409 when the
 * provider's own report had moved it first. A burn beyond the provider balance is refused with 409, so
 * the reserve never goes below zero.
 */
async function checkStablecoins(f: Fixture, outcomes: Outcome[]) {
  const db = f.db;
  const drift: string[] = [];
  const ops = outcomes.filter((o) => o.op.kind === "mint" || o.op.kind === "wireMint" || o.op.kind === "burn");
  // A burn may be refused (409) when the provider balance (completed mints − burns) cannot cover it; nothing else may be.
  for (const o of ops) if (o.status !== 201 && !(o.op.kind === "burn" && o.status === 409)) drift.push(`stablecoin ${o.op.kind} ${o.key} answered ${o.status}: ${o.message}`);
  for (const o of ops) if (o.fundReport !== undefined && o.fundReport !== 200 && o.fundReport !== 409) drift.push(`funding report of ${o.operationId} answered ${o.fundReport}`);
  const acknowledged = ops.filter((o) => o.status === 201);
  const seedMint = f.stablecoin.seedMint.replace("StablecoinOperation:", "");
  const rows = await db.stablecoinOperation.findMany({ where: { platformId: f.platformId, id: { not: seedMint } }, select: { id: true, status: true, operationType: true, fiatAmount: true } });
  const rowById = new Map(rows.map((r) => [`StablecoinOperation:${r.id}`, r]));
  if (rows.length !== acknowledged.length) drift.push(`${rows.length} stablecoin operations stored for ${acknowledged.length} acknowledged`);
  if (new Set(acknowledged.map((o) => o.operationId)).size !== acknowledged.length) drift.push("two acknowledged stablecoin requests answered with the same operation");

  const legs = await db.$queryRaw<{ operation: string; legs: bigint }[]>`
    SELECT substring(description from 'Stablecoin [a-z]+ ([0-9a-f-]{36})') AS operation,
      (count(*) FILTER (WHERE kind <> 'STABLECOIN_MINT_FUNDING_RETURNED') - count(*) FILTER (WHERE kind = 'STABLECOIN_MINT_FUNDING_RETURNED'))::bigint AS legs
    FROM "LedgerTransaction" WHERE "platformId" = ${f.platformId}::uuid AND kind IN ('STABLECOIN_MINT_FUNDING', 'STABLECOIN_BURN_PAYOUT', 'STABLECOIN_MINT_FUNDING_RETURNED') GROUP BY 1`;
  const legsOf = new Map(legs.map((l) => [`StablecoinOperation:${l.operation}`, Number(l.legs)]));
  const finals = await db.$queryRaw<{ operation: string; type: string; sent: bigint }[]>`
    SELECT body::jsonb #>> '{data,id}' AS operation, type, count(*)::bigint AS sent
    FROM "WebhookEvent" WHERE "platformId" = ${f.platformId}::uuid AND type IN ('STABLECOIN_OPERATION.COMPLETED', 'STABLECOIN_OPERATION.FAILED') GROUP BY 1, 2`;
  const finalsOf = new Map(finals.map((e) => [e.operation, `${e.type}×${e.sent}`]));
  let reserve = BigInt(SEED_MINT_CENTS);
  for (const o of acknowledged) {
    const row = rowById.get(o.operationId!);
    if (!row) {
      drift.push(`acknowledged stablecoin operation ${o.operationId} is missing`);
      continue;
    }
    const expected = o.op.failing && o.op.kind !== "wireMint" ? "FAILED" : "COMPLETED";
    if (row.status !== expected) drift.push(`stablecoin ${o.op.kind} ${o.operationId} ended ${row.status}, expected ${expected}`);
    const legsPosted = legsOf.get(o.operationId!) ?? 0;
    if (legsPosted !== (row.status === "COMPLETED" ? 1 : 0)) drift.push(`stablecoin ${o.op.kind} ${o.operationId} (${row.status}) posted its fiat leg ${legsPosted} times`);
    if (finalsOf.get(o.operationId!) !== `STABLECOIN_OPERATION.${row.status}×1`) drift.push(`stablecoin ${o.op.kind} ${o.operationId} (${row.status}) sent final webhooks ${finalsOf.get(o.operationId!) ?? "none"}`);
    if (row.status === "COMPLETED") reserve += row.operationType === "MINT" ? row.fiatAmount : -row.fiatAmount;
  }
  const held = await db.$queryRaw<{ balance: bigint | null }[]>`
    SELECT SUM(e.amount)::bigint AS balance FROM "LedgerEntry" e JOIN "LedgerAccount" a ON a.id = e."ledgerAccountId"
    WHERE a."platformId" = ${f.platformId}::uuid AND a."systemKey" LIKE 'STABLECOIN_PROVIDER:%'`;
  if (reserve < 0n) drift.push(`completed burns (${-reserve} cents more than completed mints) paid out more than the provider held`);
  if ((held[0]?.balance ?? 0n) !== reserve) drift.push(`the provider's reserve holds ${held[0]?.balance ?? 0n}, completed mints − burns say ${reserve}`);
  return drift;
}

/**
 * Runs what falls due in the next 40 s of the platform's sandbox clock (provider steps 5 s, payouts
 * 10 s, a wire's own funding report 30 s, then its payout) while the worker is running too.
 */
async function finishStablecoinOperations(f: Fixture) {
  for (let attempt = 0; ; attempt++) {
    const res = await f.api("POST", "/sandbox/clock/advance", { seconds: 40 }).catch(() => null);
    if (res?.status === 200) return;
    if (attempt > 400) throw new Error(`could not advance the clock: ${res?.status}`);
    await new Promise((r) => setTimeout(r, 50)); // the server is restarting
  }
}

/**
 * Until the worker has run every step of the platform due within the next minute of its sandbox
 * clock (refunds 2 s after a failure), which runs ahead of the wall clock once advanced (the
 * fixture's seed mint, finishStablecoinOperations); webhook deliveries are not jobs.
 */
async function waitForJobs(f: Fixture, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const dueSoon = async () => {
    const platform = await f.db.platform.findUniqueOrThrow({ where: { id: f.platformId }, select: { clockOffsetMs: true } });
    return new Date(Date.now() + Number(platform.clockOffsetMs) + 60_000);
  };
  while ((await f.db.job.count({ where: { platformId: f.platformId, status: { in: ["PENDING", "RUNNING"] }, runAt: { lt: await dueSoon() } } })) > 0) {
    if (Date.now() > deadline) throw new Error("the worker did not finish the platform's steps in time");
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function waitForDeliveries(f: Fixture, timeoutMs: number): Promise<{ undelivered: number; unseen: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await f.db.webhookEvent.findMany({ where: { platformId: f.platformId }, select: { id: true, deliveryStatus: true } });
    const undelivered = events.filter((e) => e.deliveryStatus !== "DELIVERED").length;
    const unseen = events.filter((e) => !receiver.eventIds.has(`Webhook:${e.id}`) && !receiver.eventIds.has(e.id)).length;
    if ((undelivered === 0 && unseen === 0) || Date.now() > deadline) return { undelivered, unseen };
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function runLoad(f: Fixture, seed: number, duringLoad?: (progress: () => number) => Promise<void>) {
  const faults: Faults = { timeouts: 0, retries: 0, replays: 0, replayMismatches: 0, conflicts: 0, unavailable: 0, outcomeUnknown: 0, serverErrors: [] };
  const all: Outcome[][] = Array.from({ length: CLIENTS }, () => []);
  let done = 0;
  const clients = Array.from({ length: CLIENTS }, async (_, id) => {
    const outcomes = await client(f, id, faults, seededRandom(seed * 97 + id));
    all[id] = outcomes;
    done++;
  });
  const progress = () => done / CLIENTS;
  await Promise.all([...clients, duringLoad?.(progress)]);
  return { outcomes: all.flat(), faults };
}

/** Lets the platform's pending steps and webhook deliveries finish, then checks its books. */
async function settleAndCheck(f: Fixture, outcomes: Outcome[]) {
  await finishStablecoinOperations(f);
  await waitForJobs(f, 60_000);
  const { drift, refunded } = await checkBooks(f, outcomes);
  const deliveries = await waitForDeliveries(f, 60_000);
  return { drift, refunded, deliveries };
}

/** What every test here asserts, whatever its faults: each operation answered once, replays the same, no 5xx but a retryable 503, no drift, every event delivered. */
function expectSoundBooks(outcomes: Outcome[], faults: Faults, drift: string[], deliveries: { undelivered: number; unseen: number }) {
  expect(outcomes).toHaveLength(CLIENTS * OPERATIONS_PER_CLIENT);
  expect(faults.replayMismatches).toBe(0);
  expect(faults.serverErrors).toEqual([]); // `definitive` counts a retryable 503 apart, as faults.unavailable
  expect(drift).toEqual([]);
  expect(deliveries).toEqual({ undelivered: 0, unseen: 0 });
}

describe("the books always balance", () => {
  it("bank test: concurrent transfers with retries and client timeouts lose nothing and duplicate nothing", async () => {
    const f = await bankFixture();
    const { outcomes, faults } = await runLoad(f, SEED);
    const { drift, refunded, deliveries } = await settleAndCheck(f, outcomes);
    console.log(
      `bank test (RELIABILITY_SEED=${SEED}): ${outcomes.length} operations over ${HOT_ACCOUNTS} hot and ${COLD_ACCOUNTS} cold accounts (${outcomes.filter((o) => o.status === 200 || o.status === 202).length} acknowledged, ${outcomes.filter((o) => o.status === 400).length} refused), ` +
        `${refunded} failed payments refunded, ${cardSummary(outcomes)}, ${faults.timeouts} client timeouts, ${faults.retries} retries, ${faults.replays} replays, ${faults.conflicts} deadlocks answered 409, drift found: ${drift.length}, undelivered events: ${deliveries.undelivered}`,
    );
    expectSoundBooks(outcomes, faults, drift, deliveries);
  });

  it("crash test: the server is SIGKILLed mid-load and restarted; nothing acknowledged is lost, nothing is half-written, pending events are delivered", async () => {
    const f = await bankFixture();
    let crashes = 0;
    const { outcomes, faults } = await runLoad(f, SEED + 1, async (progress) => {
      // Kill while clients are mid-request, once a share of the work is under way, and again
      // (full size) each time the restarted server has had a moment of load (ANCHORS R3).
      while (crashes < CRASHES && progress() < 1) {
        await new Promise((r) => setTimeout(r, CRASH_EVERY_MS * (1 + Math.random())));
        await server.kill();
        crashes++;
        await new Promise((r) => setTimeout(r, 200));
        await server.restart();
      }
    });
    const { drift, refunded, deliveries } = await settleAndCheck(f, outcomes);
    console.log(
      `crash test (RELIABILITY_SEED=${SEED}): ${crashes} SIGKILL + restart, ${outcomes.length} operations (${outcomes.filter((o) => o.status === 200 || o.status === 202).length} acknowledged), ` +
        `${refunded} failed payments refunded, ${cardSummary(outcomes)}, ${faults.retries} retries (${faults.timeouts} client timeouts), ${faults.conflicts} deadlocks answered 409, drift found: ${drift.length}, undelivered events: ${deliveries.undelivered}`,
    );
    expect(crashes).toBeGreaterThanOrEqual(1);
    expectSoundBooks(outcomes, faults, drift, deliveries);
  });

  it("connection test: PostgreSQL ends the server's connections again and again mid-load; the server stays up, a request whose connection broke answers 503 at worst, nothing acknowledged is lost, nothing is half-written", async () => {
    const f = await bankFixture();
    let rounds = 0;
    let cut = 0;
    const { outcomes, faults } = await runLoad(f, SEED + 2, async (progress) => {
      while (progress() < 1) {
        await new Promise((r) => setTimeout(r, CUT_EVERY_MS * (0.5 + Math.random())));
        if (progress() >= 1) break;
        cut += await cutServerConnections();
        rounds++;
      }
    });
    const { drift, refunded, deliveries } = await settleAndCheck(f, outcomes);
    console.log(
      `connection test (RELIABILITY_SEED=${SEED}): ${rounds} rounds of cuts (${cut} connections ended), ${outcomes.length} operations (${outcomes.filter((o) => o.status === 200 || o.status === 202).length} acknowledged), ` +
        `${faults.unavailable} answered 503 SERVICE_UNAVAILABLE (${faults.outcomeUnknown} with the outcome unknown) and retried with their key, ${refunded} failed payments refunded, ${cardSummary(outcomes)}, ${faults.retries} retries (${faults.timeouts} client timeouts), ${faults.conflicts} deadlocks answered 409, drift found: ${drift.length}, undelivered events: ${deliveries.undelivered}`,
    );
    expect(cut).toBeGreaterThan(0);
    expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
    expectSoundBooks(outcomes, faults, drift, deliveries); // answered by the one server process
  });

  it("database crash test: PostgreSQL itself crashes mid-load (pg_ctl stop -m immediate) and recovers; the server stays up, answers a retryable 503 at worst while the database is down, nothing acknowledged is lost, nothing is half-written", async () => {
    // Its own cluster: crashing the one the other suites share would fail them.
    const cluster = await startPrivateCluster();
    const closing: (() => Promise<unknown>)[] = [() => cluster.destroy()];
    try {
      const ownDatabase = await openDatabase({ url: cluster.url });
      closing.unshift(() => ownDatabase.close());
      const ownServer = await startServer({ databaseUrl: cluster.url, env: { JOB_LEASE_SECONDS: "3" } });
      closing.unshift(() => ownServer.stop());
      const f = await bankFixture({ database: ownDatabase, server: ownServer });
      let crashes = 0;
      let downMs = 0;
      const { outcomes, faults } = await runLoad(f, SEED + 3, async (progress) => {
        while (crashes < DATABASE_CRASHES && progress() < 1) {
          await new Promise((r) => setTimeout(r, CRASH_EVERY_MS * (1 + Math.random())));
          if (progress() >= 1) break;
          const down = Date.now();
          await cluster.crash();
          crashes++;
          await new Promise((r) => setTimeout(r, 300));
          await cluster.start(); // replays the WAL first
          downMs += Date.now() - down;
        }
      });
      const { drift, refunded, deliveries } = await settleAndCheck(f, outcomes);
      console.log(
        `database crash test (RELIABILITY_SEED=${SEED}): ${crashes} PostgreSQL crashes and recoveries (${downMs} ms down in all), ${outcomes.length} operations (${outcomes.filter((o) => o.status === 200 || o.status === 202).length} acknowledged), ` +
          `${faults.unavailable} answered 503 SERVICE_UNAVAILABLE (${faults.outcomeUnknown} with the outcome unknown) and retried with their key, ${refunded} failed payments refunded, ${cardSummary(outcomes)}, ${faults.retries} retries (${faults.timeouts} client timeouts), ${faults.conflicts} deadlocks answered 409, drift found: ${drift.length}, undelivered events: ${deliveries.undelivered}`,
      );
      expect(crashes).toBeGreaterThan(0);
      expect(ownServer.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
      expectSoundBooks(outcomes, faults, drift, deliveries); // answered by the one server process
    } finally {
      for (const close of closing) await close();
    }
  });

  it("partition test: the network to PostgreSQL falls silent mid-load (nothing closed, nothing refused) and comes back; no request waits on TCP, a request caught in it answers 503 at worst, nothing acknowledged is lost, nothing is half-written", async () => {
    // A server of its own, reaching the suite's database through a proxy that can drop every byte.
    const proxy = await startSilentProxy(inject("databaseUrl"));
    const partitionedServer = await startServer({ databaseUrl: proxy.url, env: { JOB_LEASE_SECONDS: "3" } });
    try {
      const f = await bankFixture({ database, server: partitionedServer });
      let partitions = 0;
      let silentMs = 0;
      const { outcomes, faults } = await runLoad(f, SEED + 5, async (progress) => {
        while (partitions < PARTITIONS && progress() < 1) {
          await new Promise((r) => setTimeout(r, PARTITION_EVERY_MS * (0.5 + Math.random())));
          if (progress() >= 1) break;
          proxy.silenceEverything();
          const lasting = PARTITION_MS[partitions % PARTITION_MS.length]!;
          partitions++;
          silentMs += lasting;
          await new Promise((r) => setTimeout(r, lasting));
          proxy.heal();
        }
      });
      const { drift, refunded, deliveries } = await settleAndCheck(f, outcomes);
      console.log(
        `partition test (RELIABILITY_SEED=${SEED}): ${partitions} partitions (${silentMs} ms silent in all, ${partitionedServer.output().split('"database connection ended"').length - 1} connections ended), ${outcomes.length} operations (${outcomes.filter((o) => o.status === 200 || o.status === 202).length} acknowledged), ` +
          `${faults.unavailable} answered 503 SERVICE_UNAVAILABLE (${faults.outcomeUnknown} with the outcome unknown) and retried with their key, ${refunded} failed payments refunded, ${cardSummary(outcomes)}, ${faults.retries} retries (${faults.timeouts} client timeouts), ${faults.conflicts} deadlocks answered 409, drift found: ${drift.length}, undelivered events: ${deliveries.undelivered}`,
      );
      expect(partitions).toBeGreaterThan(0);
      expect(partitionedServer.output()).toMatch(/The database stopped answering this connection/);
      expect(partitionedServer.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
      expectSoundBooks(outcomes, faults, drift, deliveries);
    } finally {
      await partitionedServer.stop();
      await proxy.close();
    }
  }, 1_200_000); // full size: ~12 min here, its partitions' stalls on top of the load

  it("fault test: 1 % of the server's COMMITs are refused (a serialization failure) and 0.2 % of the statements in its transactions fail (a deadlock); every request is answered as not done or as done once, nothing acknowledged is lost, nothing refused is kept", async () => {
    // A server of its own, started with the faults, on the suite's database beside the suite's server.
    const faultyServer = await startServer({
      databaseUrl: inject("databaseUrl"),
      env: { JOB_LEASE_SECONDS: "3", FAULT_COMMIT_FAILURE_PERCENT: String(COMMIT_FAILURE_PERCENT), FAULT_STATEMENT_FAILURE_PERCENT: String(STATEMENT_FAILURE_PERCENT) },
    });
    try {
      const f = await bankFixture({ database, server: faultyServer });
      const { outcomes, faults } = await runLoad(f, SEED + 4);
      const { drift, refunded, deliveries } = await settleAndCheck(f, outcomes);
      const injected = (msg: string) => faultyServer.output().split(`"${msg}"`).length - 1;
      const commits = injected("injected COMMIT failure");
      const statements = injected("injected statement failure");
      console.log(
        `fault test (RELIABILITY_SEED=${SEED}): ${commits} COMMITs refused (${COMMIT_FAILURE_PERCENT} %) and ${statements} statements failed (${STATEMENT_FAILURE_PERCENT} %) on purpose, the worker's included, ${outcomes.length} operations (${outcomes.filter((o) => o.status === 200 || o.status === 202).length} acknowledged), ` +
          `${faults.conflicts} answered 409 retryable and retried with their key, ${refunded} failed payments refunded, ${cardSummary(outcomes)}, ${faults.retries} retries (${faults.timeouts} client timeouts), drift found: ${drift.length}, undelivered events: ${deliveries.undelivered}`,
      );
      expect(commits).toBeGreaterThan(0);
      expect(statements).toBeGreaterThan(0);
      expect(faultyServer.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
      expectSoundBooks(outcomes, faults, drift, deliveries);
    } finally {
      await faultyServer.stop();
    }
  });
});

/** Has PostgreSQL end every connection of the server (as a failover or an administrator would); answers how many. */
async function cutServerConnections(): Promise<number> {
  const [row] = await database.prisma.$queryRaw<{ cut: number }[]>`
    SELECT count(pg_terminate_backend(pid))::int AS cut FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${SERVER_APPLICATION_NAME}`;
  return row?.cut ?? 0;
}

function cardSummary(outcomes: Outcome[]) {
  const cards = outcomes.filter((o) => o.card);
  const count = (status: string) => cards.filter((o) => o.card!.status === status).length;
  const coins = outcomes.filter((o) => o.operationId);
  const kind = (k: Op["kind"]) => coins.filter((o) => o.op.kind === k).length;
  return (
    `card purchases: ${count("SETTLED")} settled, ${count("PARTIALLY_SETTLED")} partly, ${count("VOIDED")} voided, ${count("DECLINED")} declined; ` +
    `stablecoin operations: ${kind("mint")} ACH mints, ${kind("wireMint")} wire mints (${coins.filter((o) => o.fundReport === 409).length} funding reports beaten by the provider's), ${kind("burn")} burns (${outcomes.filter((o) => o.op.kind === "burn" && o.status === 409).length} refused: beyond the provider balance)`
  );
}

/** A webhook endpoint that answers 200 and remembers the event ids it saw. */
async function startReceiver() {
  const eventIds = new Set<string>();
  const port = await freePort();
  const srv = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => {
      try {
        const parsed = JSON.parse(body) as { id?: string };
        if (parsed.id) eventIds.add(parsed.id);
      } catch {
        // not an event: ignore
      }
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => srv.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/webhooks`, eventIds, close: () => new Promise<void>((resolve) => srv.close(() => resolve())) };
}
