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
  return { ...f, usdc, usd: find("USD"), usdb: find("USDB"), estimate };
}

describe("POST /crypto/estimate-withdrawal-fee", () => {
  it.each([
    // network fee: $0.005 → 1 cent (rounded up); application fee 10 bps of 10,000 = 10
    ["SOLANA", SOLANA, 10_000, { networkFee: 1, applicationFee: 10, totalFee: 11, netAmount: 9_989 }],
    // $1.50 → 150 cents; 10 bps of 25,005 = 25.005 → 25 (half-even)
    ["ETHEREUM", EVM, 25_005, { networkFee: 150, applicationFee: 25, totalFee: 175, netAmount: 24_830 }],
    // $0.01 → 1 cent; 10 bps of 1,500 = 1.5 → 2 (half-even to the even neighbour)
    ["BASE", EVM, 1_500, { networkFee: 1, applicationFee: 2, totalFee: 3, netAmount: 1_497 }],
    ["POLYGON", EVM, 2_500, { networkFee: 1, applicationFee: 2, totalFee: 3, netAmount: 2_497 }],
  ])("USDC on %s: deterministic fees in the withdrawn currency", async (cryptoNetwork, destinationAddress, amount, expected) => {
    const f = await fixture();
    const res = await f.estimate({ internalAccountId: f.usdc, currency: "USDC", cryptoNetwork, amount, destinationAddress });
    expect(res.status).toBe(200);
    expect(EstimateCryptoWithdrawalFeeResponseSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toEqual({ ...expected, networkFeeAsset: "USDC" });
  });

  it("USDB from the embedded wallet on SPARK: $0.001 network fee → 1,000 micro-units", async () => {
    const f = await fixture();
    const res = await f.estimate({ internalAccountId: f.usdb, currency: "USDB", cryptoNetwork: "SPARK", amount: 5_000_000, destinationAddress: SPARK });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ networkFee: 1_000, networkFeeAsset: "USDB", applicationFee: 5_000, totalFee: 6_000, netAmount: 4_994_000 });
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

  it("answers 400 AMOUNT_OUT_OF_RANGE when the amount does not exceed the fees", async () => {
    const f = await fixture();
    const res = await f.estimate({ internalAccountId: f.usdc, currency: "USDC", cryptoNetwork: "ETHEREUM", amount: 150, destinationAddress: EVM });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "AMOUNT_OUT_OF_RANGE", details: { totalFee: 150 } });
    const ok = await f.estimate({ internalAccountId: f.usdc, currency: "USDC", cryptoNetwork: "ETHEREUM", amount: 151, destinationAddress: EVM });
    expect(ok.json).toMatchObject({ totalFee: 150, netAmount: 1 });
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
