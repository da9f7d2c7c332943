import { describe, expect, it } from "vitest";
import type { components } from "@/lib/client/generated/schema";
import { feesCurrencyOf } from "./fees-currency";

type Payment = components["schemas"]["TransactionOneOf"];

const USD = { code: "USD", symbol: "$", decimals: 2 };
const BTC = { code: "BTC", symbol: "₿", decimals: 8 };
const AT = { createdAt: "2026-11-28T10:00:00.000Z", updatedAt: "2026-11-28T10:00:05.000Z" };
const ACCOUNT = "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f11";

const incoming: Payment = {
  id: "Transaction:019a0c6e-8f5e-7cc2-9a41-000000000001",
  type: "INCOMING",
  direction: "CREDIT",
  status: "COMPLETED",
  source: { sourceType: "UMA_ADDRESS", umaAddress: "$success.usd@sandbox.uma.money", currency: "USD" },
  destination: { destinationType: "ACCOUNT", accountId: ACCOUNT, currency: "BTC" },
  sentAmount: { amount: 807, currency: USD },
  receivedAmount: { amount: 12_345, currency: BTC },
  fees: 62,
  exchangeRate: 65000,
  ...AT,
};

const outgoing: Payment = {
  id: "Transaction:019a0c6e-8f5e-7cc2-9a41-000000000002",
  type: "OUTGOING",
  direction: "DEBIT",
  status: "COMPLETED",
  source: { sourceType: "ACCOUNT", accountId: ACCOUNT, currency: "USD" },
  destination: { destinationType: "ACCOUNT", accountId: ACCOUNT, currency: "BTC" },
  sentAmount: { amount: 10_000, currency: USD },
  receivedAmount: { amount: 15_307, currency: BTC },
  fees: 50,
  exchangeRate: 65000,
  paymentRail: null,
  railSelectionMode: "AUTO",
  expectedSettlementAt: null,
  settlementTimelineSeconds: null,
  ...AT,
};

describe("feesCurrencyOf", () => {
  it("counts an incoming payment's fees in the receiving currency (BEHAVIORS.md §3.6): USD→BTC fees are in BTC", () => {
    expect(feesCurrencyOf(incoming)).toEqual(BTC);
  });

  it("counts an outgoing payment's fees in the sending currency: they come off the sending side", () => {
    expect(feesCurrencyOf(outgoing)).toEqual(USD);
  });
});
