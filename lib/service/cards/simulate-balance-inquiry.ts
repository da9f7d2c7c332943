import type { Db } from "../db";
import { insertCardTransaction, newIssuerTransactionToken, updateCardTransaction } from "./card-transaction-rows";
import { decideAuthorization } from "./decide-authorization";
import type { CardMerchant, SandboxCardSimulationResponse } from "./schemas";
import { simulationContext } from "./simulation-context";

/**
 * POST /sandbox/cards/{id}/simulate/balance_inquiry (BEHAVIORS.md §4.9): a zero-amount
 * authorization; the descriptor suffix and card state decide. Approved → DEBIT row AUTHORIZED of
 * 0, then VOIDED at once (CARD_TRANSACTION.AUTHORIZED, .VOIDED); declined → DECLINED with the
 * reason. Holds nothing, no money moves. Throws: NOT_FOUND.
 */
export async function simulateBalanceInquiry(db: Db, input: { platformId: string; cardId: string; request: { merchant: CardMerchant } }): Promise<SandboxCardSimulationResponse> {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    const { card, platformCustomerId } = await simulationContext(tx, { platformId, cardId: input.cardId });
    const decision = await decideAuthorization(tx, { card, amount: 0n, direction: "DEBIT", descriptor: request.merchant.descriptor });
    const issuerTransactionToken = newIssuerTransactionToken();
    const row = await insertCardTransaction(tx, {
      card,
      platformCustomerId,
      accountId: decision.account?.id ?? card.fundingSources[0]!,
      kind: BALANCE_INQUIRY,
      status: decision.declinedReason === null ? "AUTHORIZED" : "DECLINED",
      direction: "DEBIT",
      merchant: request.merchant,
      authorizedAmount: 0n,
      issuerTransactionToken,
      extra: { cardDeclinedReason: decision.declinedReason },
    });
    // An inquiry never clears, so an AUTHORIZED row would stay open forever: per BEHAVIORS.md §5
    // "`AUTHORIZED` | fully reversed / expired uncleared | `VOIDED`", it ends VOIDED now.
    if (row.status === "AUTHORIZED") await updateCardTransaction(tx, row, { status: "VOIDED" });
    return { issuerTransactionToken };
  });
}

export const BALANCE_INQUIRY = "BALANCE_INQUIRY";
