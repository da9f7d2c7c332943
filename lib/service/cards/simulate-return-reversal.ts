import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { refusedForBalance } from "../ledger/insufficient-balance";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { now } from "../sandbox/clock";
import { balanceUpdated, cardLedgerAccounts, lockCardTransaction, updateCardTransaction } from "./card-transaction-rows";
import type { SandboxCardSimulationResponse } from "./schemas";
import { CARD_RETURN } from "./simulate-return";
import { simulationContext } from "./simulation-context";

/**
 * POST /sandbox/cards/{id}/simulate/return_reversal (BEHAVIORS.md §4.9): `cardTransactionId` is
 * the refund row of a posted return. The returned money is taken back from the funding account,
 * the refund row becomes VOIDED and the purchase's refundedAmount goes down (its event re-fires).
 * When the account can no longer cover it nothing moves and the refund row becomes EXCEPTION.
 * Throws: NOT_FOUND, INVALID_STATE_TRANSITION (not a posted refund row, or already reversed).
 */
export async function simulateReturnReversal(db: Db, input: { platformId: string; cardId: string; request: { cardTransactionId: string } }): Promise<SandboxCardSimulationResponse> {
  return db.$transaction(async (tx) => {
    const { card } = await simulationContext(tx, { platformId: input.platformId, cardId: input.cardId });
    const refund = await lockCardTransaction(tx, card, input.request.cardTransactionId);
    if (refund.kind === CARD_RETURN && refund.reversedAt !== null)
      throw new ServiceError(
        "INVALID_STATE_TRANSITION",
        `Card transaction ${input.request.cardTransactionId} is a return already reversed at ${refund.reversedAt.toISOString()} (VOIDED); a return is reversed once`,
        { details: { status: refund.status, reversedAt: refund.reversedAt.toISOString() } },
      );
    if (refund.kind === CARD_RETURN && refund.status === "EXCEPTION")
      throw new ServiceError(
        "INVALID_STATE_TRANSITION",
        `Card transaction ${input.request.cardTransactionId} is a return whose reversal already ended EXCEPTION (the funding account could not cover taking it back); it is not reversed again`,
        { details: { status: refund.status } },
      );
    if (refund.kind !== CARD_RETURN || refund.originalTransactionId === null || refund.status !== "SETTLED")
      throw new ServiceError(
        "INVALID_STATE_TRANSITION",
        `Card transaction ${input.request.cardTransactionId} is not a posted return (${refund.kind} ${refund.status}); pass the refund row created by simulate/return`,
      );
    const parent = await lockCardTransaction(tx, card, refund.originalTransactionId);
    const { funding, clearing } = await cardLedgerAccounts(tx, card.platformId, refund.accountId, card.currency);
    // The balance was read without the ledger's lock; the posting re-checks under it, and a payment
    // that spent the money in between makes this an EXCEPTION like a short balance read here.
    const isCovered =
      funding.postedBalance - funding.heldAmount >= refund.settledAmount &&
      (await postLedgerTransaction(tx, {
        platformId: card.platformId,
        kind: "CARD_RETURN_REVERSAL",
        transactionId: refund.id,
        entries: [
          { ledgerAccountId: funding.id, amount: -refund.settledAmount },
          { ledgerAccountId: clearing.id, amount: refund.settledAmount },
        ],
      }).then(() => true, refusedForBalance));
    if (!isCovered) {
      await updateCardTransaction(tx, refund, { status: "EXCEPTION" });
      return { issuerTransactionToken: refund.issuerTransactionToken };
    }
    await updateCardTransaction(tx, parent, { refundedAmount: { decrement: refund.settledAmount }, refundCount: { decrement: 1 } });
    await updateCardTransaction(tx, refund, { status: "VOIDED", reversedAt: await now(tx, card.platformId) });
    await balanceUpdated(tx, card.platformId, refund.accountId);
    return { issuerTransactionToken: refund.issuerTransactionToken };
  });
}
