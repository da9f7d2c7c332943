// The idempotency storm (ANCHORS R2): every key is sent by 5 clients at once, then twice more one
// after another, over real HTTP to the service's own process; some keys come back later with a
// changed body, and some key strings are used by a second platform too. Exactly one payment (or
// customer) per key must exist afterwards, every replay must be byte-identical to the first
// answer, a duplicate still in flight may only wait for that answer or be told 409, a changed body
// is refused and creates nothing, the platforms' keys never meet, and a key is still replayed 23 h
// later on the platform's clock and runs afresh once its 24 h are over.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/open-database";
import { createPlatform } from "@/lib/service/platforms/create-platform";
import { createToken } from "@/lib/service/tokens/create-token";
import { FULL_SIZE } from "./operations";
import { inParallel } from "./in-parallel";
import { usdBankAccountRequest } from "./requests";
import { startServer, type ServerProcess } from "./server-process";

const KEYS = FULL_SIZE ? 1_000 : 40;
const AT_ONCE = 5;
const LATER = 2;
/** Keys sent again, after their answer, with another amount. */
const CHANGED = FULL_SIZE ? 100 : 8;
/** Key strings the second platform uses too, at the same moment. */
const SHARED = FULL_SIZE ? 100 : 8;
/** How many keys are in the air together (each with AT_ONCE requests). */
const KEYS_IN_FLIGHT = 8;
const ACCOUNTS = 4;
const START_BALANCE = 5_000_000;
/** Transfers out, transfers in, USD→USDC quotes executed at once (SQL-only request transactions), customers (Prisma). */
const KINDS = ["out", "in", "convert", "customer"] as const;
type Kind = (typeof KINDS)[number];

let database: Database;
let server: ServerProcess;

beforeAll(async () => {
  database = await openDatabase({ url: inject("databaseUrl") });
  server = await startServer({ databaseUrl: inject("databaseUrl") });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.close();
});

type Answer = { status: number; text: string; json: any; headers: Headers }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A platform with ACCOUNTS funded customers, each with a USD and a USDC account and a USD bank account. */
async function platformFixture(name: string) {
  const db = database.prisma;
  const platform = await createPlatform(db, { name: `${name} ${Math.random().toString(36).slice(2, 8)}` });
  // As the bank test's platform: customers get USD and USDC accounts.
  await db.platform.update({ where: { id: platform.id }, data: { isRegulatedFinancialInstitution: true } });
  const token = await createToken(db, { platformId: platform.id, name: "storm", permissions: ["VIEW", "TRANSACT", "MANAGE"] });
  const authorization = `Basic ${Buffer.from(`${token.clientId}:${token.clientSecret}`).toString("base64")}`;
  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(`${server.origin}/api/2025-10-13${path}`, {
      method,
      headers: { authorization, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
  const accounts: { usd: string; usdc: string; bank: string }[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const customer = await api("POST", "/customers", { customerType: "INDIVIDUAL", fullName: `Storm Customer ${i}` });
    expect(customer.status, customer.text).toBe(201);
    const list = await api("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(customer.json.id)}`);
    const byCurrency = (code: string) => list.json.data.find((a: { balance: { currency: { code: string } } }) => a.balance.currency.code === code).id as string;
    const bank = await api("POST", "/customers/external-accounts", usdBankAccountRequest(customer.json.id, `${200000 + i}55`, `Storm Customer ${i}`));
    expect(bank.status, bank.text).toBe(201);
    const fund = await api("POST", `/sandbox/internal-accounts/${byCurrency("USD")}/fund`, { amount: START_BALANCE });
    expect(fund.status, fund.text).toBe(200);
    accounts.push({ usd: byCurrency("USD"), usdc: byCurrency("USDC"), bank: bank.json.id });
  }
  return { platformId: platform.id, api, accounts };
}
type Platform = Awaited<ReturnType<typeof platformFixture>>;

/** The request key `n` stands for on a platform: its kind, accounts and amount follow from n. */
function requestFor(p: Platform, n: number, amount = 1 + (n % 97)): { kind: Kind; path: string; body: unknown } {
  const kind = KINDS[n % KINDS.length]!;
  const from = p.accounts[n % ACCOUNTS]!;
  const to = p.accounts[(n + 1) % ACCOUNTS]!;
  if (kind === "out") return { kind, path: "/transfer-out", body: { source: { accountId: from.usd }, destination: { accountId: from.bank }, amount } };
  if (kind === "in") return { kind, path: "/transfer-in", body: { source: { accountId: from.bank }, destination: { accountId: from.usd }, amount } };
  if (kind === "convert")
    return {
      kind,
      path: "/quotes",
      body: { source: { sourceType: "ACCOUNT", accountId: from.usd }, destination: { destinationType: "ACCOUNT", accountId: to.usdc }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: amount, immediatelyExecute: true },
    };
  return { kind, path: "/customers", body: { customerType: "INDIVIDUAL", fullName: `Storm Key ${n} ${amount}` } };
}

/** The id of what an answer created: a payment's transaction (a quote names its own), or the customer. */
function createdId(kind: Kind, answer: Answer): string | undefined {
  return kind === "convert" ? answer.json?.transactionId : answer.json?.id;
}

const isSuccess = (a: Answer) => a.status === 200 || a.status === 201;
/** A duplicate that found the first request still running after its wait (or lost a deadlock to another key's request): try again. */
const isRetryableConflict = (a: Answer) => a.status === 409 && a.json?.code === "CONFLICT" && a.json?.details?.retryable === true && a.headers.get("retry-after") !== null;

type KeyResult = { n: number; kind: Kind; answers: Answer[]; first?: Answer };

/** Sends key `n` AT_ONCE times together, then LATER times one after another; the first success is the answer every other success must repeat. */
async function storm(p: Platform, key: string, n: number): Promise<KeyResult> {
  const { kind, path, body } = requestFor(p, n);
  const send = () => p.api("POST", path, body, { "idempotency-key": key });
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, send));
  for (let i = 0; i < LATER; i++) answers.push(await send());
  return { n, kind, answers, first: answers.find(isSuccess) };
}

/** What is wrong with one key's answers. */
function keyProblems(key: string, r: KeyResult): string[] {
  const problems: string[] = [];
  if (!r.first) return [`${key} (${r.kind}) never succeeded: ${r.answers.map((a) => `${a.status} ${a.json?.code ?? ""}`).join(", ")}`];
  for (const [i, a] of r.answers.entries()) {
    if (isSuccess(a)) {
      if (a.status !== r.first.status || a.text !== r.first.text) problems.push(`${key} (${r.kind}) answer ${i + 1} differs from the first: ${a.status} ${a.text.slice(0, 200)}`);
    } else if (i >= AT_ONCE || !isRetryableConflict(a)) problems.push(`${key} (${r.kind}) answer ${i + 1} was ${a.status}: ${a.text.slice(0, 300)}`);
  }
  if (!createdId(r.kind, r.first)) problems.push(`${key} (${r.kind}) answered without an id: ${r.first.text.slice(0, 200)}`);
  return problems;
}

/** What each platform stored: payments by origin and customers created by keys (the fixture's own excluded). */
async function stored(platformId: string) {
  const db = database.prisma;
  const payments = await db.transaction.findMany({ where: { platformId, origin: { in: ["TRANSFER_OUT", "TRANSFER_IN", "QUOTE"] } }, select: { id: true } });
  const customers = await db.customer.findMany({ where: { platformId, fullName: { startsWith: "Storm Key " } }, select: { id: true } });
  return { payments: new Set(payments.map((t) => `Transaction:${t.id}`)), customers: new Set(customers.map((c) => `Customer:${c.id}`)) };
}

/** Σ entries per currency is 0 and every cached balance equals its entries. */
async function ledgerDrift(platformId: string): Promise<string[]> {
  const db = database.prisma;
  const drift: string[] = [];
  const perCurrency = await db.$queryRaw<{ currency: string; total: bigint }[]>`
    SELECT currency, SUM(amount)::bigint AS total FROM "LedgerEntry" WHERE "platformId" = ${platformId}::uuid GROUP BY currency`;
  for (const row of perCurrency) if (row.total !== 0n) drift.push(`${row.currency} entries sum to ${row.total}, not 0`);
  const cached = await db.$queryRaw<{ id: string; postedBalance: bigint; entries: bigint | null }[]>`
    SELECT a.id, a."postedBalance", (SELECT SUM(e.amount)::bigint FROM "LedgerEntry" e WHERE e."ledgerAccountId" = a.id) AS entries
    FROM "LedgerAccount" a WHERE a."platformId" = ${platformId}::uuid`;
  for (const a of cached) if (a.postedBalance !== (a.entries ?? 0n)) drift.push(`ledger account ${a.id}: cached balance ${a.postedBalance} ≠ entries ${a.entries}`);
  return drift;
}

describe("idempotency storm", () => {
  it("every key creates exactly one thing, however often and however concurrently it is sent; replays are byte-identical; a changed body is refused; platforms' keys never meet; a key lives 24 h on the platform's clock", async () => {
    const [a, b] = await Promise.all([platformFixture("Storm A"), platformFixture("Storm B")]);
    const keyOf = (n: number) => `storm-${n}`;
    const started = Date.now();

    // Every key on platform A; the first SHARED key strings on platform B too, at the same moment.
    const [results, shared] = await Promise.all([
      inParallel(KEYS, KEYS_IN_FLIGHT, (n) => storm(a, keyOf(n), n)),
      inParallel(SHARED, 2, (n) => storm(b, keyOf(n), n)),
    ]);
    const seconds = (Date.now() - started) / 1000;
    const problems = [...results.flatMap((r) => keyProblems(`A ${keyOf(r.n)}`, r)), ...shared.flatMap((r) => keyProblems(`B ${keyOf(r.n)}`, r))];

    // The same key with another amount, after its answer: refused, and nothing new is created.
    const changed = await inParallel(CHANGED, KEYS_IN_FLIGHT, async (i) => {
      const n = i * Math.floor(KEYS / CHANGED);
      const { path, body } = requestFor(a, n, 1_000 + n);
      return { n, answer: await a.api("POST", path, body, { "idempotency-key": keyOf(n) }) };
    });
    for (const { n, answer } of changed)
      if (answer.status !== 409 || answer.json?.code !== "CONFLICT") problems.push(`A ${keyOf(n)} with a changed body answered ${answer.status}: ${answer.text.slice(0, 300)}`);

    // Exactly what the keys' answers name exists, on each platform, and nothing else.
    for (const [name, platform, keyed] of [["A", a, results], ["B", b, shared]] as const) {
      const { payments, customers } = await stored(platform.platformId);
      const named = (kinds: Kind[]) => keyed.filter((r) => r.first && kinds.includes(r.kind)).map((r) => createdId(r.kind, r.first!)!);
      const namedPayments = named(["out", "in", "convert"]);
      const namedCustomers = named(["customer"]);
      if (new Set(namedPayments).size !== namedPayments.length) problems.push(`platform ${name}: two keys answered with the same payment`);
      if (payments.size !== namedPayments.length) problems.push(`platform ${name}: ${payments.size} payments stored for ${namedPayments.length} keys`);
      for (const id of namedPayments) if (!payments.has(id)) problems.push(`platform ${name}: payment ${id} is missing`);
      if (customers.size !== namedCustomers.length) problems.push(`platform ${name}: ${customers.size} customers stored for ${namedCustomers.length} keys`);
      for (const id of namedCustomers) if (!customers.has(id)) problems.push(`platform ${name}: customer ${id} is missing`);
      problems.push(...(await ledgerDrift(platform.platformId)).map((d) => `platform ${name}: ${d}`));
    }
    // The same key string on two platforms: two independent results.
    for (const r of shared) if (r.first && results[r.n]?.first && createdId(r.kind, r.first) === createdId(r.kind, results[r.n]!.first!)) problems.push(`${keyOf(r.n)}: both platforms got the same result`);

    // 23 h later on A's clock a key still replays its answer; after 24 h it runs afresh.
    const sample = results.filter((r) => r.kind === "out" && r.first).slice(0, 5);
    expect((await a.api("POST", "/sandbox/clock/advance", { seconds: 23 * 3600 })).status).toBe(200);
    for (const r of sample) {
      const { path, body } = requestFor(a, r.n);
      const again = await a.api("POST", path, body, { "idempotency-key": keyOf(r.n) });
      if (again.status !== r.first!.status || again.text !== r.first!.text) problems.push(`${keyOf(r.n)} 23 h later answered ${again.status}: ${again.text.slice(0, 200)}`);
    }
    expect((await a.api("POST", "/sandbox/clock/advance", { seconds: 2 * 3600 })).status).toBe(200);
    const expired = sample[0]!;
    const { path, body } = requestFor(a, expired.n);
    const afresh = await a.api("POST", path, body, { "idempotency-key": keyOf(expired.n) });
    if (afresh.status !== 200 || afresh.json?.id === expired.first!.json.id) problems.push(`${keyOf(expired.n)} 25 h later answered ${afresh.status} with ${afresh.json?.id}, not a new payment`);

    const answers = [...results, ...shared].flatMap((r) => r.answers);
    const waited = answers.filter(isRetryableConflict).length;
    console.log(
      `idempotency storm: ${KEYS} keys on platform A and ${SHARED} of the same key strings on platform B, each sent ${AT_ONCE} at once then ${LATER} more times (${answers.length} requests in ${seconds.toFixed(1)} s); ` +
        `${answers.filter(isSuccess).length} answered with the result, ${waited} duplicates told to try again (409 with Retry-After); ${CHANGED} changed bodies refused; problems found: ${problems.length}`,
    );
    expect(problems).toEqual([]);
  });
});
