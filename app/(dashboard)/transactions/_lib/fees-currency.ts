import type { components } from "@/lib/client/generated/schema";
import type { MoneyCurrency } from "@/components/money";

type Payment = components["schemas"]["TransactionOneOf"];

/**
 * The currency a payment's `fees`, `platformFees` and `rateDetails` fee amounts are counted in: the
 * sending currency of a payout (fees come off the sending side, BEHAVIORS.md §2.2), the receiving
 * currency of a deposit (incoming fees are in receiving units, §3.6).
 */
export function feesCurrencyOf(t: Payment): MoneyCurrency {
  return t.type === "OUTGOING" ? t.sentAmount.currency : t.receivedAmount.currency;
}
