import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemAccountBalance } from "../ledger/system-account-balance";
import { EXAMPLES } from "../external-accounts/external-account-fixtures";
import { setInternalAccountStatus } from "../internal-accounts/set-internal-account-status";
import { createTestApp, type TestApp } from "../testing/test-app";
import { IncomingTransactionSchema } from "../transactions/schemas";
import { accountNumberEndingIn, transfersFixture } from "./transfer-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const types = (events: { type: string }[]) => events.map((e) => e.type);

describe("POST /transfer-in", () => {
  it("credits the internal account at once: 200 with the INCOMING COMPLETED transaction and the ACH pull's railDetails", async () => {
    const f = await transfersFixture(t);
    const external = await f.externalAccount();
    const res = await f.pull(external, 1_500);
    expect(res.status).toBe(200);
    expect(IncomingTransactionSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({
      status: "COMPLETED",
      type: "INCOMING",
      direction: "CREDIT",
      customerId: f.customerId,
      source: { sourceType: "ACCOUNT", accountId: external, currency: "USD", railDetails: { paymentRail: "ACH", status: "COMPLETED" } },
      destination: { destinationType: "ACCOUNT", accountId: f.accountId, currency: "USD" },
      receivedAmount: { amount: 1_500, currency: { code: "USD" } },
      sentAmount: { amount: 1_500 },
      fees: 0,
      reconciliationInstructions: { reference: expect.any(String) },
      settledAt: expect.any(String),
    });
    expect(res.json.destination).not.toHaveProperty("railDetails");
    expect(await f.balance()).toEqual({ available: 1_500, total: 1_500 });
    expect(await systemAccountBalance(t.db, f.platformId, "SERVICE_CLEARING", "USD")).toBe(-1_500n);
  });

  it("sends INCOMING_PAYMENT.COMPLETED (no PENDING approval request) and INTERNAL_ACCOUNT.BALANCE_UPDATED", async () => {
    const f = await transfersFixture(t);
    const res = await f.pull(await f.externalAccount(), 700);
    const events = await f.eventsFor(res.json.id);
    expect(types(events)).toEqual(["INCOMING_PAYMENT.COMPLETED"]);
    expect(events[0].data).toEqual(res.json);
    expect((await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED")).at(-1)!.data).toMatchObject({ id: f.accountId, balance: { amount: 700 } });
  });
});

describe("POST /transfer-in sandbox outcomes by suffix", () => {
  it.each([
    ["002", "QUOTE_EXECUTION_FAILED"],
    ["112", "QUOTE_EXECUTION_FAILED"],
    ["003", "ACCOUNT_INVALID"],
    ["004", "ACCOUNT_CANNOT_RECEIVE"],
    ["114", "ACCOUNT_CANNOT_RECEIVE"],
    ["008", "COMPLIANCE_REJECTED"],
  ])("suffix %s answers 200 FAILED %s with nothing credited and INCOMING_PAYMENT.FAILED", async (suffix, failureReason) => {
    const f = await transfersFixture(t);
    const external = await f.externalAccount({ accountNumber: accountNumberEndingIn(suffix) });
    const res = await f.pull(external, 900);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "FAILED", failureReason, source: { railDetails: { status: "FAILED" } } });
    expect(res.json).not.toHaveProperty("settledAt");
    expect(res.json).not.toHaveProperty("refund");
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
    expect(types(await f.eventsFor(res.json.id))).toEqual(["INCOMING_PAYMENT.FAILED"]);
  });

  it.each(["005", "115"])("suffix %s stays PENDING for 30 s, then fails with nothing credited", async (suffix) => {
    const f = await transfersFixture(t);
    const external = await f.externalAccount({ accountNumber: accountNumberEndingIn(suffix) });
    const res = await f.pull(external, 900);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "PENDING", source: { railDetails: { status: "PENDING" } } });
    expect(await f.eventsFor(res.json.id)).toEqual([]);

    await f.advance(29);
    expect((await f.getTransaction(res.json.id)).status).toBe("PENDING");
    await f.advance(1);
    expect(await f.getTransaction(res.json.id)).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED", source: { railDetails: { status: "FAILED" } } });
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
    expect(types(await f.eventsFor(res.json.id))).toEqual(["INCOMING_PAYMENT.FAILED"]);
  });
});

describe("POST /transfer-in refusals", () => {
  it("answers 400 INVALID_INPUT listing every invalid field", async () => {
    const f = await transfersFixture(t);
    const res = await f.transferIn({ source: {}, destination: { accountId: 7 }, amount: "ten", paymentRail: "ACH" });
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["amount", "destination.accountId", "paymentRail", "source.accountId"]);
    expect((await f.transferIn({})).json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["amount", "destination", "source"]);
  });

  it("answers 404 for an unknown or other platform's account on either side", async () => {
    const f = await transfersFixture(t);
    const other = await transfersFixture(t);
    const external = await f.externalAccount();
    for (const [source, destination] of [
      ["ExternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", f.accountId],
      [await other.externalAccount(), f.accountId],
      [external, other.accountId],
      [external, "InternalAccount:nope"],
    ]) {
      const res = await f.pull(source!, 10, destination);
      expect(res.status, `${source} → ${destination}`).toBe(404);
    }
  });

  it("answers 400 INVALID_CURRENCY when the bank account holds another currency than the internal account", async () => {
    const f = await transfersFixture(t);
    const usdc = (await f.accountsOf(f.customerId)).find((a) => a.balance.currency.code === "USDC")!;
    const res = await f.pull(await f.externalAccount(), 10, usdc.id);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_CURRENCY");
  });

  it("answers 400 INVALID_INPUT naming source.accountId for a wallet, which cannot be pulled from", async () => {
    const f = await transfersFixture(t);
    const usdc = (await f.accountsOf(f.customerId)).find((a) => a.balance.currency.code === "USDC")!;
    const wallet = await t.call("POST", "/customers/external-accounts", {
      auth: f.auth,
      body: { customerId: f.customerId, currency: "USDC", accountInfo: EXAMPLES.SOLANA_WALLET!.accountInfo, ownershipType: "THIRD_PARTY" },
    });
    expect(wallet.status).toBe(201);
    const res = await f.pull(wallet.json.id, 10, usdc.id);
    expect(res.status).toBe(400);
    expect(res.json.details.errors[0]).toMatchObject({ field: "source.accountId", constraint: { pullCapable: true } });
  });

  it("answers 409 CONFLICT when the internal account is FROZEN, crediting nothing", async () => {
    const f = await transfersFixture(t);
    const external = await f.externalAccount();
    await t.db.$transaction((tx) => setInternalAccountStatus(tx, { platformId: f.platformId, internalAccountId: f.accountId.replace("InternalAccount:", ""), status: "FROZEN" }));
    const res = await f.pull(external, 10);
    expect(res.status).toBe(409);
    expect(res.json.details).toMatchObject({ accountStatus: "FROZEN" });
  });

  it("answers 403 FORBIDDEN to a VIEW-only token", async () => {
    const f = await transfersFixture(t);
    const external = await f.externalAccount();
    const res = await f.transferIn({ source: { accountId: external }, destination: { accountId: f.accountId }, amount: 10 }, { auth: await f.tokenWith(["VIEW"]) });
    expect(res.status).toBe(403);
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
  });
});

describe("POST /transfer-in limits (SPEC.md § Limits)", () => {
  it("answers 400 TRANSACTION_SIZE_LIMIT_EXCEEDED for a pull above USD 10,000,000, crediting and recording nothing; the limit itself passes", async () => {
    const f = await transfersFixture(t);
    const external = await f.externalAccount();
    const refused = await f.pull(external, 1_000_000_001);
    expect([refused.status, refused.json.code]).toEqual([400, "TRANSACTION_SIZE_LIMIT_EXCEEDED"]);
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
    expect((await t.call("GET", "/transactions?type=INCOMING", { auth: f.auth })).json.totalCount).toBe(0);
    const atLimit = await f.pull(external, 1_000_000_000);
    expect([atLimit.status, atLimit.json.status]).toEqual([200, "COMPLETED"]);
    expect(await f.balance()).toEqual({ available: 1_000_000_000, total: 1_000_000_000 });
  });
});
