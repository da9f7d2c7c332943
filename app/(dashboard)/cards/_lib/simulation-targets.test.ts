import { describe, expect, it } from "vitest";
import type { components } from "@/lib/client/generated/schema";
import { canSimulateOn, type RowSimulation } from "./simulation-targets";

type CardTransaction = components["schemas"]["CardTransaction"];

const usd = (amount: number) => ({ amount, currency: { code: "USD", symbol: "$", decimals: 2 } });
function row(status: CardTransaction["status"], direction: "DEBIT" | "CREDIT", amounts: { authorized?: number; settled?: number; refunded?: number } = {}, originalTransactionId: string | null = null): CardTransaction {
  return {
    status,
    direction,
    authorizedAmount: usd(amounts.authorized ?? 1250),
    settledAmount: usd(amounts.settled ?? 0),
    refundedAmount: usd(amounts.refunded ?? 0),
    originalTransactionId,
  } as CardTransaction;
}

const purchase = (status: CardTransaction["status"], amounts?: { authorized?: number; settled?: number; refunded?: number }) => row(status, "DEBIT", amounts);
const refund = (status: CardTransaction["status"]) => row(status, "CREDIT", { settled: 500 }, "CardTransaction:0199-parent");

describe("which card transactions each simulation offers (the API's rules)", () => {
  const cases: [RowSimulation, CardTransaction, boolean][] = [
    ["clearing", purchase("AUTHORIZED"), true],
    ["clearing", purchase("PARTIALLY_SETTLED", { settled: 500 }), true],
    ["clearing", row("AUTHORIZED", "CREDIT"), true],
    ["clearing", purchase("DECLINED"), false],
    ["clearing", purchase("SETTLED", { settled: 1250 }), false],
    ["clearing", purchase("VOIDED"), false],
    ["clearing", purchase("AUTHORIZED", { authorized: 0 }), false], // an old balance inquiry
    ["authorization_advice", purchase("AUTHORIZED"), true],
    ["authorization_advice", row("AUTHORIZED", "CREDIT"), false],
    ["authorization_advice", purchase("DECLINED"), false],
    ["return", purchase("SETTLED", { settled: 1250 }), true],
    ["return", purchase("PARTIALLY_SETTLED", { settled: 500 }), true],
    ["return", purchase("SETTLED", { settled: 1250, refunded: 1250 }), false],
    ["return", purchase("AUTHORIZED"), false],
    ["return", purchase("DECLINED"), false],
    ["return", refund("SETTLED"), false],
    ["return_reversal", refund("SETTLED"), true],
    ["return_reversal", refund("VOIDED"), false],
    ["return_reversal", purchase("SETTLED", { settled: 1250 }), false],
  ];
  for (const [simulation, t, expected] of cases) {
    const amounts = `authorized ${t.authorizedAmount.amount}, settled ${t.settledAmount.amount}, refunded ${t.refundedAmount.amount}`;
    it(`${expected ? "offers" : "leaves out"} a ${t.direction} ${t.status} row (${amounts}) for ${simulation}`, () => {
      expect(canSimulateOn(simulation, t)).toBe(expected);
    });
  }
});
