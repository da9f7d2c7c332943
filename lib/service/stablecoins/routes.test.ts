import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { internalAccountsFixture } from "../internal-accounts/internal-account-fixtures";
import { advanceClock } from "../sandbox/advance-clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { setInternalAccountStatus } from "../internal-accounts/set-internal-account-status";
import { STABLECOIN_BURN_PAYOUT, STABLECOIN_MINT_FUNDING_RETURNED, STABLECOIN_OPERATION_STEP_JOB } from "./operation-status";
import { runOperationStep } from "./run-operation-step";
import { OperationSchema, ProviderAccountSchema, StablecoinSchema } from "./schemas";
import { EXAMPLES } from "../external-accounts/external-account-fixtures";
import { bankAccount, linkAccount, newKey, operationEvents, post, registerCoin, sparkWallet } from "./stablecoin-fixtures";

let t: TestApp;
type P = Awaited<ReturnType<TestApp["createTestPlatform"]>>;
let p: P;
let coinId: string;
let bankId: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
  await linkAccount(t, p.auth);
  coinId = (await registerCoin(t, p.auth, "acme-usd")).id;
  bankId = await bankAccount(t, p.auth);
});
afterAll(() => t.close());

const burnBody = (over: Record<string, unknown> = {}) => ({
  amount: "2500000",
  source: { type: "EXTERNAL_ACCOUNT" },
  destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: bankId, rail: "ACH_CREDIT" },
  ...over,
});

describe("provider accounts", () => {
  it("links ACTIVE with lastVerifiedAt and never returns the secret; list filters and counts; get by id", async () => {
    const q = await t.createTestPlatform();
    const res = await post(t, q.auth, "/stablecoin-provider-accounts", { provider: "BRALE", apiClientId: "abc", apiClientSecret: "topsecret" });
    expect(res.status).toBe(201);
    expect(ProviderAccountSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({ provider: "BRALE", status: "ACTIVE", providerEnvironment: "SANDBOX" });
    expect(res.json.id).toMatch(/^StablecoinProviderAccount:/);
    expect(res.json.lastVerifiedAt).toBeTruthy();
    expect(res.text).not.toContain("topsecret");

    await t.call("POST", `/sandbox/stablecoin-provider-accounts/${res.json.id}`, { auth: q.auth, body: { status: "INVALID" } });
    await linkAccount(t, q.auth, "other");
    const active = await t.call("GET", "/stablecoin-provider-accounts?status=ACTIVE", { auth: q.auth });
    expect(active.json).toMatchObject({ hasMore: false, totalCount: 1 });
    const paged = await t.call("GET", "/stablecoin-provider-accounts?limit=1", { auth: q.auth });
    expect(paged.json).toMatchObject({ hasMore: true, totalCount: 2 });
    expect(paged.json.nextCursor).toBeTruthy();
    const got = await t.call("GET", `/stablecoin-provider-accounts/${res.json.id}`, { auth: q.auth });
    expect(got.json.status).toBe("INVALID");

    // re-linking recovers an INVALID link
    const relinked = await post(t, q.auth, "/stablecoin-provider-accounts", { provider: "BRALE", apiClientId: "abc", apiClientSecret: "new" });
    expect(relinked.json).toMatchObject({ id: res.json.id, status: "ACTIVE" });
  });

  it("answers 400 for refused credentials, a missing providerAccountId when several are visible, and a missing Idempotency-Key", async () => {
    const bad = await post(t, p.auth, "/stablecoin-provider-accounts", { provider: "BRALE", apiClientId: "x", apiClientSecret: "wrong002" });
    expect(bad.status).toBe(400);
    expect(bad.json.details.errors[0].field).toBe("apiClientSecret");
    const multi = await post(t, p.auth, "/stablecoin-provider-accounts", { provider: "BRALE", apiClientId: "many009", apiClientSecret: "ok" });
    expect(multi.status).toBe(400);
    expect(multi.json.details.errors[0].field).toBe("providerAccountId");
    const noKey = await post(t, p.auth, "/stablecoin-provider-accounts", { provider: "BRALE", apiClientId: "x", apiClientSecret: "ok" }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.json.details.errors[0].field).toBe("header.Idempotency-Key");
  });

  it("answers 404 STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND for unknown and other platforms' links", async () => {
    const other = await t.createTestPlatform();
    const theirs = await linkAccount(t, other.auth);
    for (const id of [theirs.id, "StablecoinProviderAccount:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10", "nope"]) {
      const res = await t.call("GET", `/stablecoin-provider-accounts/${id}`, { auth: p.auth });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND");
    }
  });
});

describe("registration and selection", () => {
  it("registers a token with decimals from the provider; the same token twice is 409", async () => {
    const q = await t.createTestPlatform();
    await linkAccount(t, q.auth);
    const res = await post(t, q.auth, "/stablecoins", { providerTokenIdentifier: "big-d18", networkTokenIdentifier: "btkn1big", network: "SPARK" });
    expect(res.status).toBe(201);
    expect(StablecoinSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({ decimals: 18, network: "SPARK", issuanceStatus: "PROVISIONED", serviceOperationsStatus: "ENABLED", baseCurrency: "USD", provider: "BRALE" });
    const again = await post(t, q.auth, "/stablecoins", { providerTokenIdentifier: "big-d18", networkTokenIdentifier: "btkn1big", network: "SPARK" });
    expect(again.status).toBe(409);
    const list = await t.call("GET", "/stablecoins", { auth: q.auth });
    expect(list.json).toMatchObject({ totalCount: 1, data: [{ id: res.json.id }] });
    expect((await t.call("GET", `/stablecoins/${res.json.id}`, { auth: q.auth })).json.id).toBe(res.json.id);
    expect((await t.call("GET", `/stablecoins/Stablecoin:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10`, { auth: q.auth })).status).toBe(404);
  });

  it("requires a selector when several links are ACTIVE, and refuses INVALID, REVOKED and unknown links", async () => {
    const q = await t.createTestPlatform();
    const a = await linkAccount(t, q.auth, "first");
    const b = await linkAccount(t, q.auth, "second");
    const body = (stablecoinProviderAccountId?: string) => ({ providerTokenIdentifier: `t-${newKey()}`, networkTokenIdentifier: "n", network: "SPARK", stablecoinProviderAccountId });
    const none = await post(t, q.auth, "/stablecoins", body());
    expect([none.status, none.json.code]).toEqual([400, "STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED"]);
    const chosen = await post(t, q.auth, "/stablecoins", body(b.id));
    expect([chosen.status, chosen.json.stablecoinProviderAccountId]).toEqual([201, b.id]);

    await t.call("POST", `/sandbox/stablecoin-provider-accounts/${a.id}`, { auth: q.auth, body: { status: "INVALID" } });
    const invalid = await post(t, q.auth, "/stablecoins", body(a.id));
    expect([invalid.status, invalid.json.code]).toEqual([400, "STABLECOIN_PROVIDER_ACCOUNT_INVALID"]);
    // one ACTIVE link left: no selector needed
    expect((await post(t, q.auth, "/stablecoins", body())).status).toBe(201);

    await t.call("POST", `/sandbox/stablecoin-provider-accounts/${b.id}`, { auth: q.auth, body: { status: "REVOKED" } });
    const revoked = await post(t, q.auth, "/stablecoins", body(b.id));
    expect([revoked.status, revoked.json.code]).toEqual([400, "STABLECOIN_PROVIDER_ACCOUNT_REVOKED"]);
    const back = await t.call("POST", `/sandbox/stablecoin-provider-accounts/${b.id}`, { auth: q.auth, body: { status: "INVALID" } });
    expect(back.status).toBe(409);
    const unknown = await post(t, q.auth, "/stablecoins", body("StablecoinProviderAccount:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10"));
    expect([unknown.status, unknown.json.code]).toEqual([404, "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND"]);
  });
});

describe("mints and burns: validation", () => {
  it("applies the whole-cent rule for the token's decimals", async () => {
    const coin18 = await registerCoin(t, p.auth, "cents-d18");
    const ok = await post(t, p.auth, `/stablecoins/${coin18.id}/burns`, burnBody({ amount: "2500000000000000000" }));
    expect([ok.status, ok.json.estimatedDelivery.amount]).toEqual([201, "250"]);
    const bad = await post(t, p.auth, `/stablecoins/${coin18.id}/burns`, burnBody({ amount: "15000000000000000" }));
    expect([bad.status, bad.json.code, bad.json.details.errors[0].field]).toEqual([400, "INVALID_INPUT", "amount"]);
    const bad6 = await post(t, p.auth, `/stablecoins/${coinId}/burns`, burnBody({ amount: "1234567" }));
    expect(bad6.status).toBe(400);
    const coin2 = await registerCoin(t, p.auth, "cents-d2");
    const any2 = await post(t, p.auth, `/stablecoins/${coin2.id}/burns`, burnBody({ amount: "101" }));
    expect([any2.status, any2.json.estimatedDelivery.amount]).toEqual([201, "101"]);
    const letters = await post(t, p.auth, `/stablecoins/${coinId}/burns`, burnBody({ amount: "1.5" }));
    expect(letters.status).toBe(400);
  });

  it("requires Idempotency-Key; same key and body → same operation; other body → 409 CONFLICT", async () => {
    const missing = await post(t, p.auth, `/stablecoins/${coinId}/mints`, { amount: "1000000", fundingSource: { type: "WIRE" }, destination: { accountId: await sparkWallet(t, p.auth) } }, null);
    expect([missing.status, missing.json.details.errors[0].field]).toEqual([400, "header.Idempotency-Key"]);
    const key = newKey();
    const first = await post(t, p.auth, `/stablecoins/${coinId}/burns`, burnBody(), key);
    const again = await post(t, p.auth, `/stablecoins/${coinId}/burns`, burnBody(), key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.json.id).toBe(first.json.id);
    const other = await post(t, p.auth, `/stablecoins/${coinId}/burns`, burnBody({ amount: "5000000" }), key);
    expect([other.status, other.json.code]).toEqual([409, "CONFLICT"]);
    expect(await t.db.stablecoinOperation.count({ where: { id: first.json.id.split(":")[1] } })).toBe(1);
  });

  it("a burn pays out its baseCurrency only: a bank account in another currency (EUR for a USD token) → 400 INVALID_INPUT naming destination.externalAccountId, nothing created", async () => {
    const eur = await t.call("POST", "/platform/external-accounts", { auth: p.auth, body: EXAMPLES.EUR_ACCOUNT });
    expect(eur.status, eur.text).toBe(201);
    const before = await t.db.stablecoinOperation.count({ where: { platformId: p.platform.id } });
    for (const source of [{ type: "EXTERNAL_ACCOUNT" }, { type: "PROVIDER_INTERNAL_BALANCE" }]) {
      const res = await post(t, p.auth, `/stablecoins/${coinId}/burns`, burnBody({ source, destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: eur.json.id, rail: "WIRE" } }));
      expect([res.status, res.json.code, res.json.details.errors]).toEqual([
        400,
        "INVALID_INPUT",
        [
          {
            field: "destination.externalAccountId",
            message: "must be a bank account in USD, the stablecoin's baseCurrency: a burn pays out one USD per token and converts no currency, and this one is a EUR account (EUR_ACCOUNT). Burn to a USD bank account",
            constraint: { currency: "USD" },
          },
        ],
      ]);
    }
    expect(await t.db.stablecoinOperation.count({ where: { platformId: p.platform.id } })).toBe(before);
  });

  it("answers 404 for an unknown stablecoin or referenced account, 400 for a long description, 501 for reserved sources", async () => {
    const unknownCoin = await post(t, p.auth, `/stablecoins/Stablecoin:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10/burns`, burnBody());
    expect(unknownCoin.status).toBe(404);
    const unknownBank = await post(t, p.auth, `/stablecoins/${coinId}/burns`, burnBody({ destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: "ExternalAccount:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10", rail: "WIRE" } }));
    expect([unknownBank.status, unknownBank.json.details.field]).toEqual([404, "destination.externalAccountId"]);
    const long = await post(t, p.auth, `/stablecoins/${coinId}/burns`, burnBody({ description: "x".repeat(1025) }));
    expect([long.status, long.json.details.errors[0].field]).toEqual([400, "description"]);
    const reserved = await post(t, p.auth, `/stablecoins/${coinId}/burns`, burnBody({ source: { type: "SERVICE_INTERNAL_ACCOUNT", accountId: "InternalAccount:x" } }));
    expect([reserved.status, reserved.json.code]).toEqual([501, "NOT_IMPLEMENTED"]);
    const unknownAch = await post(t, p.auth, `/stablecoins/${coinId}/mints`, {
      amount: "1000000",
      fundingSource: { type: "ACH_DEBIT", externalAccountId: "ExternalAccount:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10" },
      destination: { accountId: await sparkWallet(t, p.auth) },
    });
    expect(unknownAch.status).toBe(404);
  });

  it("answers 503 while the provider is unavailable and 400 once the coin's link is invalid or revoked", async () => {
    const q = await t.createTestPlatform();
    const link = await linkAccount(t, q.auth);
    const coin = await registerCoin(t, q.auth, "down");
    const bank = await bankAccount(t, q.auth);
    const body = burnBody({ destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: bank, rail: "WIRE" } });
    const set = (b: Record<string, unknown>) => t.call("POST", `/sandbox/stablecoin-provider-accounts/${link.id}`, { auth: q.auth, body: b });
    await set({ providerUnavailable: true });
    const down = await post(t, q.auth, `/stablecoins/${coin.id}/burns`, body);
    expect([down.status, down.json.code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
    await set({ providerUnavailable: false });
    expect((await post(t, q.auth, `/stablecoins/${coin.id}/burns`, body)).status).toBe(201);
    await set({ status: "INVALID" });
    expect((await post(t, q.auth, `/stablecoins/${coin.id}/burns`, body)).json.code).toBe("STABLECOIN_PROVIDER_ACCOUNT_INVALID");
    await set({ status: "REVOKED" });
    expect((await post(t, q.auth, `/stablecoins/${coin.id}/burns`, body)).json.code).toBe("STABLECOIN_PROVIDER_ACCOUNT_REVOKED");
  });
});

async function ledgerBalances(platformId: string) {
  const rows = await t.db.ledgerAccount.findMany({ where: { platformId, systemKey: { not: null } } });
  const balanceOf = (match: (r: (typeof rows)[number]) => boolean) => rows.filter(match).reduce((sum, r) => sum + r.postedBalance, 0n);
  const sum = await t.db.ledgerEntry.aggregate({ where: { ledgerAccount: { platformId } }, _sum: { amount: true } });
  return {
    // Clearing is split into shards: its balance is their sum.
    clearing: balanceOf((r) => r.kind === "SERVICE_CLEARING" && r.currency === "USD"),
    reserve: balanceOf((r) => r.systemKey!.startsWith("STABLECOIN_PROVIDER")),
    total: sum._sum.amount ?? 0n,
  };
}

describe("lifecycle on the sandbox clock", () => {
  it("external-wallet burn: PENDING_FUNDING with deposit address → auto-funded after 30 s → PROCESSING (payout on the ledger) → COMPLETED", async () => {
    const q = await t.createTestPlatform();
    await linkAccount(t, q.auth);
    const coin = await registerCoin(t, q.auth, "life");
    const bank = await bankAccount(t, q.auth);
    const res = await post(t, q.auth, `/stablecoins/${coin.id}/burns`, burnBody({ destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: bank, rail: "ACH_CREDIT" }, description: "payout" }));
    expect(res.status).toBe(201);
    expect(OperationSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({
      operationType: "BURN",
      status: "PENDING_FUNDING",
      amount: "2500000",
      provider: "BRALE",
      providerEnvironment: "SANDBOX",
      source: { type: "EXTERNAL_ACCOUNT" },
      destination: { accountId: bank, rail: "ACH_CREDIT" },
      fundingInstructions: { rail: "SPARK", network: "SPARK", valueType: coin.symbol },
      estimatedDelivery: { rail: "ACH_CREDIT", amount: "250", currency: "USD", timing: "1-3 business days" },
      description: "payout",
    });
    expect(res.json.fundingInstructions.address).toMatch(/^sparkrt1/);
    expect(new Date(res.json.expiresAt).getTime() - new Date(res.json.createdAt).getTime()).toBe(7 * 24 * 3600 * 1000);
    expect((await ledgerBalances(q.platform.id)).clearing).toBe(0n);

    await advanceClock(t.db, q.platform.id, 29);
    expect((await t.call("GET", `/stablecoin-operations/${res.json.id}`, { auth: q.auth })).json.status).toBe("PENDING_FUNDING");
    await advanceClock(t.db, q.platform.id, 1);
    const processing = await t.call("GET", `/stablecoin-operations/${res.json.id}`, { auth: q.auth });
    expect(processing.json.status).toBe("PROCESSING");
    expect(processing.json.expiresAt).toBeUndefined();
    expect(await ledgerBalances(q.platform.id)).toEqual({ clearing: 250n, reserve: -250n, total: 0n });
    await advanceClock(t.db, q.platform.id, 10);
    const done = await t.call("GET", `/stablecoin-operations/${res.json.id}`, { auth: q.auth });
    expect(done.json.status).toBe("COMPLETED");
    expect(await operationEvents(t, q.platform.id, res.json.id)).toEqual(["STABLECOIN_OPERATION.PENDING_FUNDING", "STABLECOIN_OPERATION.PROCESSING", "STABLECOIN_OPERATION.COMPLETED"]);
    expect(await ledgerBalances(q.platform.id)).toEqual({ clearing: 250n, reserve: -250n, total: 0n });
  });

  it("the sandbox funding report moves a PENDING_FUNDING burn on at once; a second report is 409", async () => {
    const res = await post(t, p.auth, `/stablecoins/${coinId}/burns`, burnBody());
    const funded = await t.call("POST", `/sandbox/stablecoin-operations/${res.json.id}/fund`, { auth: p.auth });
    expect([funded.status, funded.json.status]).toEqual([200, "PROCESSING"]);
    const twice = await t.call("POST", `/sandbox/stablecoin-operations/${res.json.id}/fund`, { auth: p.auth });
    expect([twice.status, twice.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
    expect((await t.call("POST", `/sandbox/stablecoin-operations/StablecoinOperation:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10/fund`, { auth: p.auth })).status).toBe(404);
  });

  it("funding reports racing each other and the provider's own report move the operation on once: one 200, the payout posted once, one PROCESSING event", async () => {
    const q = await t.createTestPlatform();
    await linkAccount(t, q.auth);
    const coin = await registerCoin(t, q.auth, "race");
    const bank = await bankAccount(t, q.auth);
    const res = await post(t, q.auth, `/stablecoins/${coin.id}/burns`, burnBody({ destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: bank, rail: "ACH_CREDIT" } }));
    const operationId = res.json.id.replace("StablecoinOperation:", "");
    const [provider, ...reports] = await Promise.all([
      runOperationStep(t.db, { platformId: q.platform.id, operationId, step: "FUNDS_RECEIVED" }),
      ...Array.from({ length: 5 }, () => t.call("POST", `/sandbox/stablecoin-operations/${res.json.id}/fund`, { auth: q.auth })),
    ]);
    // The provider's report won (every sandbox report 409) or lost to exactly one of them.
    expect(provider!.operation.status).toBe("PROCESSING");
    expect(reports.filter((r) => r.status === 200)).toHaveLength(provider!.moved ? 0 : 1);
    for (const r of reports.filter((r) => r.status !== 200)) expect([r.status, r.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
    expect(await ledgerBalances(q.platform.id)).toEqual({ clearing: 250n, reserve: -250n, total: 0n });
    expect(await operationEvents(t, q.platform.id, res.json.id)).toEqual(["STABLECOIN_OPERATION.PENDING_FUNDING", "STABLECOIN_OPERATION.PROCESSING"]);
    expect(await t.db.ledgerTransaction.count({ where: { platformId: q.platform.id, kind: STABLECOIN_BURN_PAYOUT } })).toBe(1);
  });

  it("an unfunded operation expires at expiresAt (fiat value ending in 005 cents is never auto-funded) and moves no money", async () => {
    const q = await t.createTestPlatform();
    await linkAccount(t, q.auth);
    const coin = await registerCoin(t, q.auth, "exp");
    const wallet = await sparkWallet(t, q.auth);
    const res = await post(t, q.auth, `/stablecoins/${coin.id}/mints`, { amount: "10050000", fundingSource: { type: "WIRE" }, destination: { accountId: wallet } });
    expect(res.json).toMatchObject({ operationType: "MINT", status: "PENDING_FUNDING", fundingInstructions: { rail: "WIRE", routingNumber: "021000021", amount: "1005" } });
    await advanceClock(t.db, q.platform.id, 7 * 24 * 3600 - 1);
    expect((await t.call("GET", `/stablecoin-operations/${res.json.id}`, { auth: q.auth })).json.status).toBe("PENDING_FUNDING");
    await advanceClock(t.db, q.platform.id, 1);
    expect((await t.call("GET", `/stablecoin-operations/${res.json.id}`, { auth: q.auth })).json.status).toBe("EXPIRED");
    expect(await operationEvents(t, q.platform.id, res.json.id)).toEqual(["STABLECOIN_OPERATION.PENDING_FUNDING", "STABLECOIN_OPERATION.EXPIRED"]);
    expect(await ledgerBalances(q.platform.id)).toEqual({ clearing: 0n, reserve: 0n, total: 0n });
    expect((await t.call("POST", `/sandbox/stablecoin-operations/${res.json.id}/fund`, { auth: q.auth })).status).toBe(409);
  });

  it("ACH mint: PENDING_PROVIDER → PROCESSING (fiat into the provider reserve) → COMPLETED; a failing debit account → FAILED with failureReason", async () => {
    const q = await t.createTestPlatform();
    await linkAccount(t, q.auth);
    const coin = await registerCoin(t, q.auth, "ach");
    const wallet = await sparkWallet(t, q.auth);
    const good = await bankAccount(t, q.auth);
    const failing = await bankAccount(t, q.auth, "004");
    const mint = (externalAccountId: string) => post(t, q.auth, `/stablecoins/${coin.id}/mints`, { amount: "1230000", fundingSource: { type: "ACH_DEBIT", externalAccountId }, destination: { accountId: wallet } });
    const ok = await mint(good);
    const bad = await mint(failing);
    expect([ok.json.status, bad.json.status]).toEqual(["PENDING_PROVIDER", "PENDING_PROVIDER"]);
    expect(ok.json.expiresAt).toBeUndefined();
    expect(ok.json.source).toEqual({ type: "ACH_DEBIT", externalAccountId: good });
    await advanceClock(t.db, q.platform.id, 5);
    expect(await ledgerBalances(q.platform.id)).toEqual({ clearing: -123n, reserve: 123n, total: 0n });
    await advanceClock(t.db, q.platform.id, 10);
    const [okNow, badNow] = await Promise.all([ok, bad].map((r) => t.call("GET", `/stablecoin-operations/${r.json.id}`, { auth: q.auth })));
    expect(okNow!.json.status).toBe("COMPLETED");
    expect(badNow!.json).toMatchObject({ status: "FAILED", failureReason: "PROVIDER_TRANSFER_FAILED" });
    expect(await operationEvents(t, q.platform.id, ok.json.id)).toEqual(["STABLECOIN_OPERATION.PENDING_PROVIDER", "STABLECOIN_OPERATION.PROCESSING", "STABLECOIN_OPERATION.COMPLETED"]);
    expect(await operationEvents(t, q.platform.id, bad.json.id)).toEqual(["STABLECOIN_OPERATION.PENDING_PROVIDER", "STABLECOIN_OPERATION.FAILED"]);
    expect(await ledgerBalances(q.platform.id)).toEqual({ clearing: -123n, reserve: 123n, total: 0n });
  });

  it("external-wallet burn to a failing payout bank: the funds arrive, then FAILED with failureReason; no fiat moves", async () => {
    const q = await t.createTestPlatform();
    await linkAccount(t, q.auth);
    const coin = await registerCoin(t, q.auth, "burnfail");
    const failing = await bankAccount(t, q.auth, "004");
    const res = await post(t, q.auth, `/stablecoins/${coin.id}/burns`, burnBody({ destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: failing, rail: "ACH_CREDIT" } }));
    expect(res.json.status).toBe("PENDING_FUNDING");
    await advanceClock(t.db, q.platform.id, 30);
    const after = (await t.call("GET", `/stablecoin-operations/${res.json.id}`, { auth: q.auth })).json;
    expect(after).toMatchObject({ status: "FAILED", failureReason: "PROVIDER_TRANSFER_FAILED" });
    expect(after.expiresAt).toBeUndefined();
    await advanceClock(t.db, q.platform.id, 60);
    expect((await t.call("GET", `/stablecoin-operations/${res.json.id}`, { auth: q.auth })).json.status).toBe("FAILED");
    expect(await operationEvents(t, q.platform.id, res.json.id)).toEqual(["STABLECOIN_OPERATION.PENDING_FUNDING", "STABLECOIN_OPERATION.FAILED"]);
    expect(await ledgerBalances(q.platform.id)).toEqual({ clearing: 0n, reserve: 0n, total: 0n });
  });

  it("provider-balance burn goes through PENDING_PROVIDER; operations list newest first with operationType filter", async () => {
    const q = await t.createTestPlatform();
    await linkAccount(t, q.auth);
    const coin = await registerCoin(t, q.auth, "list");
    const bank = await bankAccount(t, q.auth);
    const wallet = await sparkWallet(t, q.auth);
    const m = await post(t, q.auth, `/stablecoins/${coin.id}/mints`, { amount: "1000000", fundingSource: { type: "WIRE" }, destination: { accountId: wallet } });
    // The burn takes tokens the provider holds: the mint's, once COMPLETED (30 s funding, 10 s processing).
    await advanceClock(t.db, q.platform.id, 30);
    await advanceClock(t.db, q.platform.id, 15);
    const b = await post(t, q.auth, `/stablecoins/${coin.id}/burns`, burnBody({ amount: "1000000", source: { type: "PROVIDER_INTERNAL_BALANCE" }, destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: bank, rail: "RTP_CREDIT" } }));
    expect(b.json).toMatchObject({ status: "PENDING_PROVIDER", source: { type: "PROVIDER_INTERNAL_BALANCE" } });
    expect(b.json.fundingInstructions).toBeUndefined();
    const all = await t.call("GET", `/stablecoins/${coin.id}/operations`, { auth: q.auth });
    expect(all.json.data.map((o: { id: string }) => o.id)).toEqual([b.json.id, m.json.id]);
    const mints = await t.call("GET", `/stablecoins/${coin.id}/operations?operationType=MINT`, { auth: q.auth });
    expect(mints.json).toMatchObject({ totalCount: 1, data: [{ id: m.json.id }] });
    await advanceClock(t.db, q.platform.id, 60);
    const after = await t.call("GET", `/stablecoins/${coin.id}/operations`, { auth: q.auth });
    expect(after.json.data.map((o: { status: string }) => o.status)).toEqual(["COMPLETED", "COMPLETED"]);
    // mint +100¢ into the reserve, burn −100¢ out of it: the reserve is back to zero
    expect(await ledgerBalances(q.platform.id)).toEqual({ clearing: 0n, reserve: 0n, total: 0n });
  });
});

describe("permissions and sandbox-only controls", () => {
  it("needs TRANSACT to mint or burn and MANAGE to link or register; VIEW can read", async () => {
    const viewer = await p.tokenWith(["VIEW"]);
    const burn = await post(t, viewer, `/stablecoins/${coinId}/burns`, burnBody());
    expect([burn.status, burn.json.code]).toEqual([403, "FORBIDDEN"]);
    const link = await post(t, viewer, "/stablecoin-provider-accounts", { provider: "BRALE", apiClientId: "v", apiClientSecret: "v" });
    expect(link.status).toBe(403);
    expect((await t.call("GET", `/stablecoins/${coinId}/operations`, { auth: viewer })).status).toBe(200);
  });

  it("sends the operation itself as the webhook data", async () => {
    const res = await post(t, p.auth, `/stablecoins/${coinId}/burns`, burnBody());
    const event = await t.db.webhookEvent.findFirst({ where: { platformId: p.platform.id, type: "STABLECOIN_OPERATION.PENDING_FUNDING" }, orderBy: { createdAt: "desc" } });
    expect(JSON.parse(event!.body).data).toEqual(res.json);
  });
});

describe("provider links under concurrency", () => {
  it("five links of the same provider account at once (different keys): all 201 with one link, and registration needs no selector", async () => {
    for (let i = 0; i < 5; i++) {
      const q = await t.createTestPlatform();
      await t.warmPool();
      const results = await Promise.all(Array.from({ length: 5 }, () => post(t, q.auth, "/stablecoin-provider-accounts", { provider: "BRALE", apiClientId: "same-client", apiClientSecret: "s3cret" })));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
      expect(await t.db.stablecoinProviderAccount.count({ where: { platformId: q.platform.id } })).toBe(1);
      const coin = await post(t, q.auth, "/stablecoins", { providerTokenIdentifier: "solo", networkTokenIdentifier: "btkn1solo", network: "SPARK" });
      expect(coin.status).toBe(201);
    }
  });

  it("REVOKED and INVALID sent at once: a REVOKED link never leaves REVOKED (one of them 409, or INVALID first then REVOKED)", async () => {
    for (let i = 0; i < 5; i++) {
      const q = await t.createTestPlatform();
      const link = await linkAccount(t, q.auth);
      await t.warmPool();
      const [revoke, invalid] = await Promise.all(
        (["REVOKED", "INVALID"] as const).map((status) => t.call("POST", `/sandbox/stablecoin-provider-accounts/${link.id}`, { auth: q.auth, body: { status } })),
      );
      expect(revoke!.status).toBe(200);
      const final = (await t.call("GET", `/stablecoin-provider-accounts/${link.id}`, { auth: q.auth })).json.status;
      expect(final).toBe("REVOKED");
      // 200 only when INVALID went first (then REVOKED replaced it); after REVOKED it is 409.
      if (invalid!.status !== 200) expect([invalid!.status, invalid!.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
    }
  });

  it("a re-link racing a revoke never brings the REVOKED link back: the revoked link stays REVOKED and the re-link is a new ACTIVE link or the one revoked after it", async () => {
    // The re-link hashes the secret (tens of ms) before it reads the link: the revoke is sent at staggered delays to land in between.
    for (let i = 0; i < 12; i++) {
      const q = await t.createTestPlatform();
      const link = await linkAccount(t, q.auth, "relink-client");
      await t.warmPool();
      const [revoke, relink] = await Promise.all([
        new Promise((resolve) => setTimeout(resolve, i * 8)).then(() => t.call("POST", `/sandbox/stablecoin-provider-accounts/${link.id}`, { auth: q.auth, body: { status: "REVOKED" } })),
        post(t, q.auth, "/stablecoin-provider-accounts", { provider: "BRALE", apiClientId: "relink-client", apiClientSecret: "fresh" }),
      ]);
      expect([revoke.status, relink.status]).toEqual([200, 201]);
      const rows = await t.db.stablecoinProviderAccount.findMany({ where: { platformId: q.platform.id }, orderBy: { createdAt: "asc" } });
      // Either order, one after the other: revoke then re-link (two rows, the new one ACTIVE) or re-link then revoke (one row, REVOKED).
      const statuses = rows.map((r) => r.status);
      expect([["REVOKED", "ACTIVE"], ["REVOKED"]]).toContainEqual(statuses);
      expect(statuses).toEqual(relink.json.id === link.id ? ["REVOKED"] : ["REVOKED", "ACTIVE"]);
    }
  });
});

describe("mint destinations and funding sources", () => {
  async function mintPlatform() {
    const f = await internalAccountsFixture(t);
    await linkAccount(t, f.auth);
    return f;
  }
  const wireMint = (auth: P["auth"], coin: string, accountId: string, amount = "1230000") =>
    post(t, auth, `/stablecoins/${coin}/mints`, { amount, fundingSource: { type: "WIRE" }, destination: { accountId } });
  const balanceOf = async (f: Awaited<ReturnType<typeof mintPlatform>>, accountId: string) => (await t.call("GET", `/internal-accounts/${accountId}`, { auth: f.auth })).json.balance;

  it("a mint to an internal account holding the token's currency credits it on COMPLETED, with INTERNAL_ACCOUNT.BALANCE_UPDATED; the reserve holds the fiat", async () => {
    const f = await mintPlatform();
    const coin = await registerCoin(t, f.auth, "usdb");
    expect(coin.symbol).toBe("USDB");
    const wallet = await f.activeAccount("USDB");
    const res = await wireMint(f.auth, coin.id, wallet.accountId);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ status: "PENDING_FUNDING", destination: { accountId: wallet.accountId } });

    await advanceClock(t.db, f.platformId, 30);
    expect((await t.call("GET", `/stablecoin-operations/${res.json.id}`, { auth: f.auth })).json.status).toBe("PROCESSING");
    expect((await balanceOf(f, wallet.accountId)).amount).toBe(0);
    await advanceClock(t.db, f.platformId, 15);
    expect((await t.call("GET", `/stablecoin-operations/${res.json.id}`, { auth: f.auth })).json.status).toBe("COMPLETED");
    expect(await balanceOf(f, wallet.accountId)).toMatchObject({ amount: 1_230_000, currency: { code: "USDB" } });
    const updates = (await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED")).filter((e) => e.data.id === wallet.accountId);
    expect(updates.map((e) => e.data.balance.amount)).toEqual([1_230_000]);
    // The fiat leg put 123¢ into the provider's reserve; the tokens came in through USDB clearing.
    expect(await ledgerBalances(f.platformId)).toEqual({ clearing: -123n, reserve: 123n, total: 0n });

    // A token of 18 decimals credits the same account in USDB's own 6 decimals.
    const coin18 = await registerCoin(t, f.auth, "usdb-d18");
    const big = await wireMint(f.auth, coin18.id, wallet.accountId, "2500000000000000000");
    expect(big.status, big.text).toBe(201);
    await advanceClock(t.db, f.platformId, 45);
    expect((await balanceOf(f, wallet.accountId)).amount).toBe(1_230_000 + 2_500_000);
  });

  for (const status of ["FROZEN", "CLOSED"] as const)
    it(`a mint whose internal destination became ${status} while PROCESSING ends FAILED DESTINATION_ACCOUNT_UNAVAILABLE: the fiat leg is returned, nothing is credited, STABLECOIN_OPERATION.FAILED is sent`, async () => {
      const f = await mintPlatform();
      const coin = await registerCoin(t, f.auth, "usdb");
      const wallet = await f.activeAccount("USDB");
      const res = await wireMint(f.auth, coin.id, wallet.accountId);
      await advanceClock(t.db, f.platformId, 30);
      expect((await t.call("GET", `/stablecoin-operations/${res.json.id}`, { auth: f.auth })).json.status).toBe("PROCESSING");
      expect(await ledgerBalances(f.platformId)).toEqual({ clearing: -123n, reserve: 123n, total: 0n });
      await t.db.$transaction((tx) => setInternalAccountStatus(tx, { platformId: f.platformId, internalAccountId: wallet.uuid, status }));

      const { ran } = await advanceClock(t.db, f.platformId, 15);
      expect(ran.filter((j) => j.kind === STABLECOIN_OPERATION_STEP_JOB).map((j) => j.status)).toEqual(["DONE"]);
      const after = (await t.call("GET", `/stablecoin-operations/${res.json.id}`, { auth: f.auth })).json;
      expect(OperationSchema.safeParse(after).success).toBe(true);
      expect(after).toMatchObject({ status: "FAILED", failureReason: "DESTINATION_ACCOUNT_UNAVAILABLE" });
      expect(await operationEvents(t, f.platformId, res.json.id)).toEqual(["STABLECOIN_OPERATION.PENDING_FUNDING", "STABLECOIN_OPERATION.PROCESSING", "STABLECOIN_OPERATION.FAILED"]);
      const failed = await t.db.webhookEvent.findFirst({ where: { platformId: f.platformId, type: "STABLECOIN_OPERATION.FAILED" } });
      expect(JSON.parse(failed!.body).data).toEqual(after);
      // The 123¢ went back out of the reserve to the funder: the reserve holds completed mints − burns (none).
      expect(await ledgerBalances(f.platformId)).toEqual({ clearing: 0n, reserve: 0n, total: 0n });
      expect(await t.db.ledgerTransaction.count({ where: { platformId: f.platformId, kind: STABLECOIN_MINT_FUNDING_RETURNED } })).toBe(1);
      expect(await balanceOf(f, wallet.accountId)).toMatchObject({ amount: 0, currency: { code: "USDB" } });
      expect((await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED")).filter((e) => e.data.id === wallet.accountId)).toEqual([]);

      // Terminal: a late step changes nothing.
      const again = await runOperationStep(t.db, { platformId: f.platformId, operationId: res.json.id.replace("StablecoinOperation:", ""), step: "COMPLETE" });
      expect(again).toMatchObject({ moved: false, operation: { status: "FAILED" } });
      expect(await ledgerBalances(f.platformId)).toEqual({ clearing: 0n, reserve: 0n, total: 0n });
    });

  it("a mint to an internal account of another currency is 400 INVALID_INPUT naming destination.accountId and the currency it must hold", async () => {
    const f = await mintPlatform();
    const coin = await registerCoin(t, f.auth, "usdb");
    const usd = await f.activeAccount("USD");
    const res = await wireMint(f.auth, coin.id, usd.accountId);
    expect([res.status, res.json.code]).toEqual([400, "INVALID_INPUT"]);
    expect(res.json.details.errors[0].field).toBe("destination.accountId");
    expect(res.json.details.errors[0].message).toContain("USDB");
    expect(await t.db.stablecoinOperation.count({ where: { platformId: f.platformId } })).toBe(0);
  });

  it("an ACH debit from a Spark wallet is 400 INVALID_INPUT naming fundingSource.externalAccountId; a US bank account is accepted", async () => {
    const q = await t.createTestPlatform();
    await linkAccount(t, q.auth);
    const coin = await registerCoin(t, q.auth, "achsrc");
    const wallet = await sparkWallet(t, q.auth);
    for (const type of ["ACH_DEBIT", "SAME_DAY_ACH_DEBIT"]) {
      const res = await post(t, q.auth, `/stablecoins/${coin.id}/mints`, { amount: "1000000", fundingSource: { type, externalAccountId: wallet }, destination: { accountId: wallet } });
      expect([res.status, res.json.code]).toEqual([400, "INVALID_INPUT"]);
      expect(res.json.details.errors[0].field).toBe("fundingSource.externalAccountId");
      expect(res.json.details.errors[0].message).toMatch(/US bank account.*ACH/);
    }
    expect(await t.db.stablecoinOperation.count({ where: { platformId: q.platform.id } })).toBe(0);
    const bank = await bankAccount(t, q.auth);
    const ok = await post(t, q.auth, `/stablecoins/${coin.id}/mints`, { amount: "1000000", fundingSource: { type: "SAME_DAY_ACH_DEBIT", externalAccountId: bank }, destination: { accountId: wallet } });
    expect([ok.status, ok.json.status]).toEqual([201, "PENDING_PROVIDER"]);
  });
});

describe("provider balance: PROVIDER_INTERNAL_BALANCE burns", () => {
  async function heldPlatform() {
    const q = await t.createTestPlatform();
    await linkAccount(t, q.auth);
    const coin = await registerCoin(t, q.auth, "held");
    const bank = await bankAccount(t, q.auth);
    const wallet = await sparkWallet(t, q.auth);
    const burn = (amount: string) =>
      post(t, q.auth, `/stablecoins/${coin.id}/burns`, burnBody({ amount, source: { type: "PROVIDER_INTERNAL_BALANCE" }, destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: bank, rail: "WIRE" } }));
    const mint = (amount: string) => post(t, q.auth, `/stablecoins/${coin.id}/mints`, { amount, fundingSource: { type: "ACH_DEBIT", externalAccountId: bank }, destination: { accountId: wallet } });
    // PENDING_PROVIDER → PROCESSING after 5 s, COMPLETED 10 s later.
    const completeMints = async () => {
      await advanceClock(t.db, q.platform.id, 5);
      await advanceClock(t.db, q.platform.id, 10);
    };
    return { q, coin, burn, mint, completeMints };
  }

  it("answers 409 CONFLICT with details.providerBalance when a burn exceeds what COMPLETED mints less burns left; within it the burn is created", async () => {
    const { q, coin, burn, mint, completeMints } = await heldPlatform();
    const nothing = await burn("999990000");
    expect([nothing.status, nothing.json.code]).toEqual([409, "CONFLICT"]);
    expect(nothing.json.details).toMatchObject({ field: "amount", providerBalance: "0", amount: "999990000", stablecoinId: coin.id });
    expect(nothing.json.message).toContain(`POST /stablecoins/${coin.id}/mints`);

    expect((await mint("1000000")).status).toBe(201);
    // Not COMPLETED yet: the minted tokens are not held yet.
    expect((await burn("1000000")).json.details).toMatchObject({ providerBalance: "0" });
    await completeMints();
    const over = await burn("1010000");
    expect([over.status, over.json.details.providerBalance]).toEqual([409, "1000000"]);
    const ok = await burn("600000");
    expect([ok.status, ok.json.status]).toEqual([201, "PENDING_PROVIDER"]);
    // A pending burn has taken its tokens already.
    expect((await burn("500000")).json.details).toMatchObject({ providerBalance: "400000" });
    expect((await burn("400000")).status).toBe(201);
    expect(await t.db.stablecoinOperation.count({ where: { platformId: q.platform.id, operationType: "BURN" } })).toBe(2);
  });

  it("a burn whose payout fails gives its tokens back to the provider balance", async () => {
    const { q, coin, mint, completeMints } = await heldPlatform();
    expect((await mint("1000000")).status).toBe(201);
    await completeMints();
    const failing = await bankAccount(t, q.auth, "004");
    const bad = await post(t, q.auth, `/stablecoins/${coin.id}/burns`, burnBody({ amount: "1000000", source: { type: "PROVIDER_INTERNAL_BALANCE" }, destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: failing, rail: "WIRE" } }));
    expect(bad.status, bad.text).toBe(201);
    await advanceClock(t.db, q.platform.id, 5);
    expect((await t.call("GET", `/stablecoin-operations/${bad.json.id}`, { auth: q.auth })).json.status).toBe("FAILED");
    const again = await post(t, q.auth, `/stablecoins/${coin.id}/burns`, burnBody({ amount: "1000000", source: { type: "PROVIDER_INTERNAL_BALANCE" }, destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: await bankAccount(t, q.auth), rail: "WIRE" } }));
    expect(again.status).toBe(201);
  });

  it("concurrent burns cannot spend the same tokens: of five burns of 0.60 against 1.00 held, exactly one is created", async () => {
    for (let i = 0; i < 3; i++) {
      const { q, burn, mint, completeMints } = await heldPlatform();
      expect((await mint("1000000")).status).toBe(201);
      await completeMints();
      await t.warmPool();
      const results = await Promise.all(Array.from({ length: 5 }, () => burn("600000")));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const r of results.filter((r) => r.status === 409)) expect(r.json.details.providerBalance).toBe("400000");
      expect(await t.db.stablecoinOperation.count({ where: { platformId: q.platform.id, operationType: "BURN" } })).toBe(1);
    }
  });
});

describe("mint ownership", () => {
  it("an ACH debit of one customer's bank that credits another customer's (or the platform's) account is 400 INVALID_INPUT sameOwner; the same customer's account is accepted", async () => {
    const f = await internalAccountsFixture(t);
    await linkAccount(t, f.auth);
    const coin = await registerCoin(t, f.auth, "usdb");
    const a = await f.activeAccount("USDB");
    const b = await f.activeAccount("USDB");
    const bank = await t.call("POST", "/customers/external-accounts", {
      auth: f.auth,
      body: { customerId: a.customerId, currency: "USD", accountInfo: { ...EXAMPLES.USD_ACCOUNT!.accountInfo, accountNumber: `${Math.floor(Math.random() * 1e9)}` } },
    });
    expect(bank.status, bank.text).toBe(201);
    const mint = (accountId: string) => post(t, f.auth, `/stablecoins/${coin.id}/mints`, { amount: "1000000", fundingSource: { type: "ACH_DEBIT", externalAccountId: bank.json.id }, destination: { accountId } });

    for (const [accountId, owner] of [[b.accountId, "another customer"], [await sparkWallet(t, f.auth), "the platform"]] as const) {
      const res = await mint(accountId);
      expect([res.status, res.json.code]).toEqual([400, "INVALID_INPUT"]);
      expect(res.json.details.errors[0]).toMatchObject({ field: "destination.accountId", constraint: { sameOwner: true } });
      expect(res.json.details.errors[0].message).toContain(`belongs to ${owner}`);
    }
    expect(await t.db.stablecoinOperation.count({ where: { platformId: f.platformId } })).toBe(0);
    const own = await mint(a.accountId);
    expect([own.status, own.json.status]).toEqual([201, "PENDING_PROVIDER"]);
  });
});

describe("a REVOKED link: moving its stablecoin to a new link", () => {
  it("the REVOKED error says how to recover, and registering the token again through the re-linked account moves the stablecoin (same id) there", async () => {
    const q = await t.createTestPlatform();
    const old = await linkAccount(t, q.auth, "revoked-client");
    const coin = await registerCoin(t, q.auth, "moving");
    const wallet = await sparkWallet(t, q.auth);
    const mintBody = { amount: "1000000", fundingSource: { type: "WIRE" }, destination: { accountId: wallet } };
    await t.call("POST", `/sandbox/stablecoin-provider-accounts/${old.id}`, { auth: q.auth, body: { status: "REVOKED" } });
    const refused = await post(t, q.auth, `/stablecoins/${coin.id}/mints`, mintBody);
    expect([refused.status, refused.json.code]).toEqual([400, "STABLECOIN_PROVIDER_ACCOUNT_REVOKED"]);
    expect(refused.json.message).toMatch(/POST \/stablecoin-provider-accounts.*providerTokenIdentifier.*stablecoinProviderAccountId.*POST \/stablecoins/);

    const fresh = await linkAccount(t, q.auth, "revoked-client");
    expect(fresh.id).not.toBe(old.id);
    const body = { providerTokenIdentifier: "moving", networkTokenIdentifier: "btkn1moving", network: "SPARK", stablecoinProviderAccountId: fresh.id };
    const moved = await post(t, q.auth, "/stablecoins", body);
    expect(moved.status, moved.text).toBe(201);
    expect(moved.json).toMatchObject({ id: coin.id, stablecoinProviderAccountId: fresh.id });
    expect((await t.call("GET", `/stablecoins/${coin.id}`, { auth: q.auth })).json.stablecoinProviderAccountId).toBe(fresh.id);
    expect(await t.db.stablecoin.count({ where: { platformId: q.platform.id } })).toBe(1);
    const minted = await post(t, q.auth, `/stablecoins/${coin.id}/mints`, mintBody);
    expect([minted.status, minted.json.stablecoinProviderAccountId]).toEqual([201, fresh.id]);

    // Its link is ACTIVE now: registering again is the plain 409.
    const twice = await post(t, q.auth, "/stablecoins", body);
    expect([twice.status, twice.json.code]).toEqual([409, "CONFLICT"]);
    expect(twice.json.details.stablecoinId).toBe(coin.id);
  });

  it("a REVOKED link's stablecoin does not move to a link of another provider account (409 naming the account to link again)", async () => {
    const q = await t.createTestPlatform();
    const old = await linkAccount(t, q.auth, "first-account");
    await registerCoin(t, q.auth, "stays");
    await t.call("POST", `/sandbox/stablecoin-provider-accounts/${old.id}`, { auth: q.auth, body: { status: "REVOKED" } });
    const other = await linkAccount(t, q.auth, "second-account");
    const res = await post(t, q.auth, "/stablecoins", { providerTokenIdentifier: "stays", networkTokenIdentifier: "btkn1stays", network: "SPARK", stablecoinProviderAccountId: other.id });
    expect([res.status, res.json.code]).toEqual([409, "CONFLICT"]);
    expect(res.json.message).toContain(old.providerAccountId);
  });
});

describe("documentation and small answers", () => {
  it("a mint of a token whose currency no internal account can hold says how the currency is derived and to mint to a Spark wallet", async () => {
    const f = await internalAccountsFixture(t);
    await linkAccount(t, f.auth);
    const coin = await registerCoin(t, f.auth, "acme-usd");
    const usdb = await f.activeAccount("USDB");
    const res = await post(t, f.auth, `/stablecoins/${coin.id}/mints`, { amount: "1000000", fundingSource: { type: "WIRE" }, destination: { accountId: usdb.accountId } });
    expect([res.status, res.json.details.errors[0].field]).toEqual([400, "destination.accountId"]);
    expect(res.json.details.errors[0].message).toContain("first 6 letters and digits of providerTokenIdentifier acme-usd");
    expect(res.json.details.errors[0].message).toContain("no internal account can hold ACMEUS");
    expect(res.json.details.errors[0].message).toContain("SPARK_WALLET");
  });

  it("the OpenAPI document marks Idempotency-Key required on link, register, mint and burn, and documents how the currency is derived", async () => {
    const doc = (await t.call("GET", "/openapi.json")).json;
    for (const path of ["/stablecoin-provider-accounts", "/stablecoins", "/stablecoins/{stablecoinId}/mints", "/stablecoins/{stablecoinId}/burns"]) {
      const param = doc.paths[path].post.parameters.find((x: { name: string }) => x.name.toLowerCase() === "idempotency-key");
      expect([path, param.in, param.required]).toEqual([path, "header", true]);
    }
    expect(doc.paths["/stablecoins"].post.description).toContain("`currency` are the first 6 letters and digits");
    expect(doc.paths["/stablecoins/{stablecoinId}/burns"].post.description).toContain("details.providerBalance");
  });

  it("the external-wallet burn's deposit address is a Spark address that a SPARK_WALLET external account accepts", async () => {
    const q = await t.createTestPlatform();
    await linkAccount(t, q.auth);
    const coin = await registerCoin(t, q.auth, "deposit");
    const bank = await bankAccount(t, q.auth);
    const res = await post(t, q.auth, `/stablecoins/${coin.id}/burns`, burnBody({ destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: bank, rail: "WIRE" } }));
    const { address } = res.json.fundingInstructions;
    expect(address).toMatch(/^sparkrt1/);
    const wallet = await t.call("POST", "/platform/external-accounts", { auth: q.auth, body: { ...EXAMPLES.SPARK_WALLET, currency: "USDB", accountInfo: { accountType: "SPARK_WALLET", address } } });
    expect(wallet.status, wallet.text).toBe(201);
  });

  it("the provider-down 503 carries Retry-After", async () => {
    const q = await t.createTestPlatform();
    const link = await linkAccount(t, q.auth);
    const coin = await registerCoin(t, q.auth, "later");
    const bank = await bankAccount(t, q.auth);
    await t.call("POST", `/sandbox/stablecoin-provider-accounts/${link.id}`, { auth: q.auth, body: { providerUnavailable: true } });
    const res = await post(t, q.auth, `/stablecoins/${coin.id}/burns`, burnBody({ destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: bank, rail: "WIRE" } }));
    expect([res.status, res.headers.get("retry-after")]).toEqual([503, "30"]);
    expect(res.json.message).toContain("Retry after 30 s");
  });
});
