import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { internalAccountsFixture } from "../internal-accounts/internal-account-fixtures";
import { advanceClock } from "../sandbox/advance-clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { STABLECOIN_OPERATION_STEP_JOB } from "./operation-status";
import { OperationSchema } from "./schemas";
import { bankAccount, linkAccount, operationEvents, post, registerCoin, sparkWallet } from "./stablecoin-fixtures";

// What a mint credits and a burn pays per token, how large one may be, and that none is left waiting for ever.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Fixture = Awaited<ReturnType<typeof internalAccountsFixture>>;

/** A platform whose customers get accounts in `currencies`, with a provider link. */
async function platformWith(currencies: string[]): Promise<Fixture> {
  const f = await internalAccountsFixture(t);
  const supportedCurrencies = currencies.map((currencyCode) => ({ currencyCode, minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [], enabledTransactionTypes: ["INCOMING", "OUTGOING"] }));
  await t.db.platform.update({ where: { id: f.platformId }, data: { supportedCurrencies } });
  await linkAccount(t, f.auth);
  return f;
}

const wireMint = (f: Fixture, coinId: string, accountId: string, amount: string) =>
  post(t, f.auth, `/stablecoins/${coinId}/mints`, { amount, fundingSource: { type: "WIRE" }, destination: { accountId } });
const operation = async (f: Fixture, id: string) => (await t.call("GET", `/stablecoin-operations/${id}`, { auth: f.auth })).json;
const balanceOf = async (f: Fixture, accountId: string) => (await t.call("GET", `/internal-accounts/${accountId}`, { auth: f.auth })).json.balance.amount as number;
const uuidOf = (id: string) => id.split(":")[1]!;

/** Makes an operation what the API accepted before the size limit: the largest amount whose cents fit int8 (the tester's $92 quadrillion). */
async function asLegacyHugeMint(operationId: string) {
  await t.db.stablecoinOperation.update({ where: { id: uuidOf(operationId) }, data: { amount: "92233720368547758070000000000000000", fiatAmount: 2n ** 63n - 1n } });
}

async function ledger(platformId: string) {
  const rows = await t.db.ledgerAccount.findMany({ where: { platformId, systemKey: { not: null } } });
  const sum = (match: (r: (typeof rows)[number]) => boolean) => rows.filter(match).reduce((s, r) => s + r.postedBalance, 0n);
  return { clearing: sum((r) => r.kind === "SERVICE_CLEARING" && r.currency === "USD"), reserve: sum((r) => r.systemKey!.startsWith("STABLECOIN_PROVIDER")) };
}

describe("a stablecoin is worth one baseCurrency unit per token", () => {
  it("registration refuses a token whose currency is not a form of its baseCurrency (BTC, EUR, JPY, VND), naming providerTokenIdentifier; forms of USD and non-currency symbols are registered", async () => {
    const f = await platformWith(["USD"]);
    for (const identifier of ["btc-d8", "eur-d2", "jpy-d0", "vnd-d3"]) {
      const res = await post(t, f.auth, "/stablecoins", { providerTokenIdentifier: identifier, networkTokenIdentifier: `btkn1${identifier}`, network: "SPARK" });
      expect([identifier, res.status, res.json.code]).toEqual([identifier, 400, "INVALID_INPUT"]);
      expect(res.json.details.errors[0]).toMatchObject({ field: "providerTokenIdentifier", constraint: { baseCurrency: "USD" } });
      expect(res.json.details.errors[0].message).toContain("pegged 1:1 to USD");
    }
    expect(await t.db.stablecoin.count({ where: { platformId: f.platformId } })).toBe(0);
    for (const identifier of ["usdc-d18", "usdt-d2", "usdb", "acme-usd"]) expect((await registerCoin(t, f.auth, identifier)).id).toMatch(/^Stablecoin:/);
  });

  it("a mint credits an internal account exactly the value paid: 1.23 USDC or USDT for a $1.23 wire, whatever the token's decimals", async () => {
    const f = await platformWith(["USD", "USDC", "USDT"]);
    const usdc = await f.activeAccount("USDC");
    const usdt = await f.activeAccount("USDT");
    const coin18 = await registerCoin(t, f.auth, "usdc-d18");
    const coin2 = await registerCoin(t, f.auth, "usdt-d2");
    const a = await wireMint(f, coin18.id, usdc.accountId, "1230000000000000000");
    const b = await wireMint(f, coin2.id, usdt.accountId, "123");
    for (const res of [a, b]) {
      expect(res.status, res.text).toBe(201);
      expect(res.json.fundingInstructions).toMatchObject({ amount: "123", currency: "USD" });
    }
    await advanceClock(t.db, f.platformId, 45);
    expect([(await operation(f, a.json.id)).status, (await operation(f, b.json.id)).status]).toEqual(["COMPLETED", "COMPLETED"]);
    expect(await balanceOf(f, usdc.accountId)).toBe(123); // USDC: 2 decimals
    expect(await balanceOf(f, usdt.accountId)).toBe(1_230_000); // USDT: 6 decimals
  });

  it("a coin registered as BTC before the rule cannot be minted into a BTC account ($1 would become 1 BTC): 400 naming destination.accountId, nothing created; a Spark wallet still takes it", async () => {
    const f = await platformWith(["USD", "BTC"]);
    const btc = await f.activeAccount("BTC");
    const coin = await registerCoin(t, f.auth, "legacy-d8");
    await t.db.stablecoin.update({ where: { id: uuidOf(coin.id) }, data: { symbol: "BTC", currency: "BTC" } });
    const res = await wireMint(f, coin.id, btc.accountId, "100000000");
    expect([res.status, res.json.code]).toEqual([400, "INVALID_INPUT"]);
    expect(res.json.details.errors[0]).toMatchObject({ field: "destination.accountId", constraint: { baseCurrency: "USD" } });
    expect(res.json.details.errors[0].message).toContain("BTC is not a form of its baseCurrency USD");
    expect(await t.db.stablecoinOperation.count({ where: { platformId: f.platformId } })).toBe(0);
    const spark = await wireMint(f, coin.id, await sparkWallet(t, f.auth), "100000000");
    expect([spark.status, spark.json.fundingInstructions?.amount]).toEqual([201, "100"]);
  });
});

describe("size limit: USD 10,000,000 per mint or burn", () => {
  it("refuses a larger mint or burn with 400 TRANSACTION_SIZE_LIMIT_EXCEEDED naming the limit, and the largest mint is funded and completes", async () => {
    const f = await platformWith(["USD", "USDC"]);
    const usdc = await f.activeAccount("USDC");
    const coin = await registerCoin(t, f.auth, "usdc-d18");
    const bank = await bankAccount(t, f.auth);
    const burn = (amount: string) =>
      post(t, f.auth, `/stablecoins/${coin.id}/burns`, { amount, source: { type: "EXTERNAL_ACCOUNT" }, destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: bank, rail: "WIRE" } });
    for (const res of [await wireMint(f, coin.id, usdc.accountId, "92233720368547758070000000000000000"), await wireMint(f, coin.id, usdc.accountId, `1${"0".repeat(77)}`), await burn("10000000010000000000000000")]) {
      expect([res.status, res.json.code]).toEqual([400, "TRANSACTION_SIZE_LIMIT_EXCEEDED"]);
      expect(res.json.details).toMatchObject({ field: "amount", limitUsdCents: 1_000_000_000, maximum: "10000000000000000000000000" });
      expect(res.json.message).toContain("at most USD 10000000");
    }
    expect(await t.db.stablecoinOperation.count({ where: { platformId: f.platformId } })).toBe(0);

    const largest = await wireMint(f, coin.id, usdc.accountId, "10000000000000000000000000");
    expect([largest.status, largest.json.fundingInstructions?.amount]).toEqual([201, "1000000000"]);
    const funded = await t.call("POST", `/sandbox/stablecoin-operations/${largest.json.id}/fund`, { auth: f.auth });
    expect([funded.status, funded.json.status]).toEqual([200, "PROCESSING"]);
    await advanceClock(t.db, f.platformId, 10);
    expect((await operation(f, largest.json.id)).status).toBe("COMPLETED");
    expect(await balanceOf(f, usdc.accountId)).toBe(1_000_000_000);
    expect((await burn("10000000000000000000000000")).status).toBe(201);
  });

  it("the OpenAPI document states the peg, the size limit and PROCESSING_ERROR", async () => {
    const doc = (await t.call("GET", "/openapi.json")).json;
    for (const path of ["/stablecoins/{stablecoinId}/mints", "/stablecoins/{stablecoinId}/burns"]) {
      expect(doc.paths[path].post.description).toContain("TRANSACTION_SIZE_LIMIT_EXCEEDED");
      expect(doc.paths[path].post.description).toContain("pegged 1:1 to its `baseCurrency`");
      expect(doc.paths[path].post.description).toContain("PROCESSING_ERROR");
    }
    expect(doc.paths["/stablecoins"].post.description).toContain("`btc-d8`");
    expect(doc.components.schemas.StablecoinOperation.properties.failureReason.description).toContain("PROCESSING_ERROR");
  });
});

describe("an operation whose step fails for good ends FAILED, never waits for ever", () => {
  it("a funding step that cannot be carried out (an old oversized mint) ends the operation FAILED PROCESSING_ERROR, through the job and the sandbox report alike; nothing moves", async () => {
    const f = await platformWith(["USD", "USDC"]);
    const coin = await registerCoin(t, f.auth, "usdc-d18");
    const wallet = await sparkWallet(t, f.auth);
    const small = await wireMint(f, coin.id, wallet, "1230000000000000000");
    const [byJob, byReport] = [await wireMint(f, coin.id, wallet, "1000000000000000000"), await wireMint(f, coin.id, wallet, "2000000000000000000")];
    await asLegacyHugeMint(byJob.json.id);
    await asLegacyHugeMint(byReport.json.id);
    // The reserve holds 123¢: adding 2^63 − 1 more fails in the database (bigint out of range).
    expect((await t.call("POST", `/sandbox/stablecoin-operations/${small.json.id}/fund`, { auth: f.auth })).status).toBe(200);
    expect(await ledger(f.platformId)).toEqual({ clearing: -123n, reserve: 123n });

    const reported = await t.call("POST", `/sandbox/stablecoin-operations/${byReport.json.id}/fund`, { auth: f.auth });
    expect([reported.status, reported.json.status, reported.json.failureReason]).toEqual([200, "FAILED", "PROCESSING_ERROR"]);
    expect(OperationSchema.safeParse(reported.json).success).toBe(true);

    const { ran } = await advanceClock(t.db, f.platformId, 30);
    expect(ran.filter((j) => j.kind === STABLECOIN_OPERATION_STEP_JOB && j.status === "FAILED")).toHaveLength(1);
    const after = await operation(f, byJob.json.id);
    expect([after.status, after.failureReason, after.expiresAt]).toEqual(["FAILED", "PROCESSING_ERROR", undefined]);
    expect(await operationEvents(t, f.platformId, byJob.json.id)).toEqual(["STABLECOIN_OPERATION.PENDING_FUNDING", "STABLECOIN_OPERATION.FAILED"]);
    expect(await ledger(f.platformId)).toEqual({ clearing: -123n, reserve: 123n });
    // The expiry that was still scheduled finds it ended.
    await advanceClock(t.db, f.platformId, 7 * 24 * 3600);
    expect((await operation(f, byJob.json.id)).status).toBe("FAILED");
  });

  it("a completion that cannot be carried out ends a PROCESSING mint FAILED PROCESSING_ERROR with its fiat returned and nothing credited", async () => {
    const f = await platformWith(["USD", "USDC"]);
    const usdc = await f.activeAccount("USDC");
    expect((await f.fund(usdc.accountId, 1)).status).toBeLessThan(300);
    const coin = await registerCoin(t, f.auth, "usdc-d18");
    const mint = await wireMint(f, coin.id, usdc.accountId, "1230000000000000000");
    await asLegacyHugeMint(mint.json.id);
    expect((await t.call("POST", `/sandbox/stablecoin-operations/${mint.json.id}/fund`, { auth: f.auth })).json.status).toBe("PROCESSING");
    expect(await ledger(f.platformId)).toEqual({ clearing: -(2n ** 63n - 1n), reserve: 2n ** 63n - 1n });

    // Crediting 2^63 − 1 cents to an account that holds 1 fails in the database.
    await advanceClock(t.db, f.platformId, 10);
    expect(await operation(f, mint.json.id)).toMatchObject({ status: "FAILED", failureReason: "PROCESSING_ERROR" });
    expect(await operationEvents(t, f.platformId, mint.json.id)).toEqual(["STABLECOIN_OPERATION.PENDING_FUNDING", "STABLECOIN_OPERATION.PROCESSING", "STABLECOIN_OPERATION.FAILED"]);
    expect(await ledger(f.platformId)).toEqual({ clearing: 0n, reserve: 0n });
    expect(await balanceOf(f, usdc.accountId)).toBe(1);
  });
});

