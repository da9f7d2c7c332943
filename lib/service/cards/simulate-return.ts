import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { insertCardTransaction, lockCardTransaction, newIssuerTransactionToken, updateCardTransaction } from "./card-transaction-rows";
import { postCardCredit } from "./post-card-credit";
import type { CardMerchant, SandboxCardSimulationResponse } from "./schemas";
import { simulationContext } from "./simulation-context";

export const CARD_RETURN = "RETURN";

/**
 * POST /sandbox/cards/{id}/simulate/return (SPEC.md "Card transaction", BEHAVIORS.md §4.9): a
 * merchant return of a purchase with a settled clearing, up to settled − refunded. The funding
 * account is credited; the purchase keeps its status with refundedAmount raised (its event
 * re-fires, e.g. CARD_TRANSACTION.SETTLED); a new CREDIT SETTLED row carries the returned value in
 * settledAmount and links the purchase by originalTransactionId. Answers the new row's token.
 * Throws: NOT_FOUND, INVALID_STATE_TRANSITION (nothing settled to return), INVALID_INPUT (amount).
 */
export async function simulateReturn(db: Db, input: { platformId: string; cardId: string; request: { cardTransactionId: string; amount: number } }): Promise<SandboxCardSimulationResponse> {
  return db.$transaction(async (tx) => {
    const { card, platformCustomerId } = await simulationContext(tx, { platformId: input.platformId, cardId: input.cardId });
    const parent = await lockCardTransaction(tx, card, input.request.cardTransactionId);
    if (parent.direction !== "DEBIT" || parent.kind === CARD_RETURN || parent.settledAmount === 0n || (parent.status !== "SETTLED" && parent.status !== "PARTIALLY_SETTLED"))
      throw new ServiceError("INVALID_STATE_TRANSITION", `Card transaction ${input.request.cardTransactionId} is a ${parent.direction} ${parent.status} row; only purchases with a settled clearing can be returned`);
    const amount = BigInt(input.request.amount);
    const returnable = parent.settledAmount - parent.refundedAmount;
    if (amount > returnable)
      throw invalidInput([{ field: "amount", message: `must be at most ${returnable} (settled ${parent.settledAmount} − already refunded ${parent.refundedAmount})`, constraint: { maximum: Number(returnable) } }]);

    const id = uuidv7((await now(tx, input.platformId)).getTime());
    await postCardCredit(tx, { card, accountId: parent.accountId, amount, cardTransactionId: id, kind: "CARD_RETURN" });
    await updateCardTransaction(tx, parent, { refundedAmount: { increment: amount }, refundCount: { increment: 1 } });
    const issuerTransactionToken = newIssuerTransactionToken();
    await insertCardTransaction(tx, {
      card,
      platformCustomerId,
      accountId: parent.accountId,
      id,
      kind: CARD_RETURN,
      status: "SETTLED",
      direction: "CREDIT",
      merchant: parent.merchant as CardMerchant,
      authorizedAmount: amount,
      issuerTransactionToken,
      extra: { settledAmount: amount, settlementCount: 1, originalTransactionId: parent.id },
    });
    return { issuerTransactionToken };
  });
}
