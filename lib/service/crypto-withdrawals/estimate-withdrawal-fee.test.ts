import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { internalAccountsFixture } from "../internal-accounts/internal-account-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { EstimateCryptoWithdrawalFeeResponseSchema } from "./schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SOLANA = "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV";
const EVM = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";
const SPARK = "sparkrt1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu";

async function fixture() {
  const f = await internalAccountsFixture(t, { isRegulated: true });
  const { customerId, accountId: usdc } = await f.activeAccount("USDC");
  const accounts = await f.accountsOf(customerId);
  const find = (code: string) => accounts.find((a) => a.balance.currency.code === code)!.id;
  const estimate = (body: Record<string, unknown>, auth = f.auth) => t.call("POST", "/crypto/estimate-withdrawal-fee", { auth, body });
  return { ...f, customerId, usdc, usd: find("USD"), usdb: find("USDB"), estimate };
}

describe("POST /crypto/estimate-withdrawal-fee", () => {
  it("agrees with the withdrawal itself: a quote of the same amount to a SOLANA wallet charges totalFee and delivers netAmount", async () => {
    const f = await fixture();
    const wallet = await t.call("POST", "/customers/external-accounts", {
      auth: f.auth,
      body: { customerId: f.customerId, currency: "USDC", accountInfo: { accountType: "SOLANA_WALLET", address: SOLANA }, ownershipType: "THIRD_PARTY" },
    });
    expect(wallet.status, wallet.text).toBe(201);
    const res = await f.estimate({ internalAccountId: f.usdc, currency: "USDC", cryptoNetwork: "SOLANA", amount: 10_000, destinationAddress: SOLANA });
    expect(res.status).toBe(200);
    expect(EstimateCryptoWithdrawalFeeResponseSchema.safeParse(res.json).success).toBe(true);
    const quote = await t.call("POST", "/quotes", {
      auth: f.auth,
      body: { source: { sourceType: "ACCOUNT", accountId: f.usdc }, destination: { destinationType: "ACCOUNT", accountId: wallet.json.id }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 10_000 },
    });
    expect(quote.status, quote.text).toBe(200);
    expect(res.json).toEqual({ networkFee: 0, networkFeeAsset: "USDC", applicationFee: quote.json.feesIncluded, totalFee: quote.json.feesIncluded, netAmount: quote.json.totalReceivingAmount });
    // The sandbox's fee schedule: no fee on a same-currency withdrawal, no network fee (BEHAVIORS 10.12).
    expect(res.json).toMatchObject({ totalFee: 0, netAmount: 10_000 });
  });

  it.each([
    ["ETHEREUM", EVM, 25_005],
    ["BASE", EVM, 1_500],
    ["POLYGON", EVM, 2_500],
  ])("USDC on %s: the same-currency fee schedule (no fee) in the withdrawn currency", async (cryptoNetwork, destinationAddress, amount) => {
    const f = await fixture();
    const res = await f.estimate({ internalAccountId: f.usdc, currency: "USDC", cryptoNetwork, amount, destinationAddress });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ networkFee: 0, networkFeeAsset: "USDC", applicationFee: 0, totalFee: 0, netAmount: amount });
  });

  it("USDB from the embedded wallet on SPARK", async () => {
    const f = await fixture();
    const res = await f.estimate({ internalAccountId: f.usdb, currency: "USDB", cryptoNetwork: "SPARK", amount: 5_000_000, destinationAddress: SPARK });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ networkFee: 0, networkFeeAsset: "USDB", applicationFee: 0, totalFee: 0, netAmount: 5_000_000 });
  });

  it("answers 400 INVALID_INPUT listing every field that does not fit: currency not the account's, network not carrying it, address format", async () => {
    const f = await fixture();
    const res = await f.estimate({ internalAccountId: f.usdc, currency: "BTC", cryptoNetwork: "SOLANA", amount: 10_000, destinationAddress: EVM });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["cryptoNetwork", "currency", "destinationAddress"]);
  });

  it.each([
    ["a fiat account", (f: Awaited<ReturnType<typeof fixture>>) => ({ internalAccountId: f.usd, currency: "USD", cryptoNetwork: "ETHEREUM", amount: 10_000, destinationAddress: EVM }), ["cryptoNetwork"]],
    ["an EVM address on Solana", (f: Awaited<ReturnType<typeof fixture>>) => ({ internalAccountId: f.usdc, currency: "USDC", cryptoNetwork: "SOLANA", amount: 10_000, destinationAddress: EVM }), ["destinationAddress"]],
    ["a truncated EVM address", (f: Awaited<ReturnType<typeof fixture>>) => ({ internalAccountId: f.usdc, currency: "USDC", cryptoNetwork: "BASE", amount: 10_000, destinationAddress: EVM.slice(0, 20) }), ["destinationAddress"]],
    ["USDC on Tron (Tron carries USDT)", (f: Awaited<ReturnType<typeof fixture>>) => ({ internalAccountId: f.usdc, currency: "USDC", cryptoNetwork: "TRON", amount: 10_000, destinationAddress: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL" }), ["cryptoNetwork"]],
  ])("answers 400 INVALID_INPUT for %s", async (_, body, fields) => {
    const f = await fixture();
    const res = await f.estimate(body(f));
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field)).toEqual(fields);
  });

  it("answers 400 INVALID_INPUT for missing fields, an unknown network and a non-positive amount", async () => {
    const f = await fixture();
    const res = await f.estimate({ cryptoNetwork: "DOGE", amount: 0 });
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["amount", "cryptoNetwork", "currency", "destinationAddress", "internalAccountId"]);
  });

  it("answers 404 NOT_FOUND for an unknown or other platform's account", async () => {
    const f = await fixture();
    const other = await fixture();
    for (const internalAccountId of ["InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", other.usdc, "nope"]) {
      const res = await f.estimate({ internalAccountId, currency: "USDC", cryptoNetwork: "SOLANA", amount: 10_000, destinationAddress: SOLANA });
      expect([res.status, res.json.code]).toEqual([404, "NOT_FOUND"]);
    }
  });
});
