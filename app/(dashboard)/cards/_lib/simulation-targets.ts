import type { components } from "@/lib/client/generated/schema";

type CardTransaction = components["schemas"]["CardTransaction"];

/** The simulations that act on an existing card transaction. */
export type RowSimulation = "clearing" | "return" | "return_reversal" | "authorization_advice";

/** An authorization still open; a balance inquiry of 0 is not one (older inquiries stayed AUTHORIZED, the API refuses them). */
const isOpen = (t: CardTransaction) => t.status === "PARTIALLY_SETTLED" || (t.status === "AUTHORIZED" && BigInt(t.authorizedAmount.amount) > 0n);
/** A return row (simulate/return): a settled credit pointing at the purchase it refunds. */
const isReturn = (t: CardTransaction) => t.direction === "CREDIT" && t.originalTransactionId !== null;

/**
 * Whether the API would take `simulation` on this row, so the simulator offers only rows it can
 * act on (the rules of lib/service/cards/simulate-*.ts):
 * - clearing: an open authorization, AUTHORIZED or PARTIALLY_SETTLED (never DECLINED, SETTLED, VOIDED);
 * - authorization_advice: an open purchase (DEBIT) authorization;
 * - return: a purchase with a settled clearing (SETTLED or PARTIALLY_SETTLED) not yet fully refunded;
 * - return_reversal: a posted (SETTLED) return.
 */
export function canSimulateOn(simulation: RowSimulation, t: CardTransaction): boolean {
  switch (simulation) {
    case "clearing":
      return isOpen(t);
    case "authorization_advice":
      return t.direction === "DEBIT" && isOpen(t);
    case "return":
      return t.direction === "DEBIT" && (t.status === "SETTLED" || t.status === "PARTIALLY_SETTLED") && BigInt(t.settledAmount.amount) > BigInt(t.refundedAmount.amount);
    case "return_reversal":
      return isReturn(t) && t.status === "SETTLED";
  }
}

/** What the simulator says when no listed row fits `simulation`. */
export const NO_TARGET_TEXT: Record<RowSimulation, string> = {
  clearing: "No open authorization to clear: authorize a purchase first.",
  authorization_advice: "No open purchase authorization to re-size: authorize a purchase first.",
  return: "No settled purchase to refund: clear an authorization first.",
  return_reversal: "No posted return to reverse: send a merchant return first.",
};
