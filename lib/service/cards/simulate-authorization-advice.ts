import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { placeHold } from "../ledger/place-hold";
import { releaseHold } from "../ledger/release-hold";
import { balanceUpdated, cardLedgerAccounts, lockCardTransaction, updateCardTransaction } from "./card-transaction-rows";
import type { SandboxCardSimulationResponse } from "./schemas";
import { BALANCE_INQUIRY } from "./simulate-balance-inquiry";
import { simulationContext } from "./simulation-context";

/**
 * POST /sandbox/cards/{id}/simulate/authorization_advice (BEHAVIORS.md §4.9): re-sizes an open
 * purchase authorization to a new total `amount` (≥ what already settled): the hold of the
 * unsettled remainder becomes total − settled, authorizedAmount the new total, and the row's
 * event re-fires. An increase is a further pull; when the balance cannot cover it nothing changes.
 * Throws: NOT_FOUND, INVALID_STATE_TRANSITION, INVALID_INPUT, INSUFFICIENT_BALANCE.
 */
export async function simulateAuthorizationAdvice(db: Db, input: { platformId: string; cardId: string; request: { cardTransactionId: string; amount: number } }): Promise<SandboxCardSimulationResponse> {
  return db.$transaction(async (tx) => {
    const { card } = await simulationContext(tx, { platformId: input.platformId, cardId: input.cardId });
    const platformId = card.platformId;
    const row = await lockCardTransaction(tx, card, input.request.cardTransactionId);
    if (row.direction !== "DEBIT" || row.kind === BALANCE_INQUIRY || (row.status !== "AUTHORIZED" && row.status !== "PARTIALLY_SETTLED"))
      throw new ServiceError("INVALID_STATE_TRANSITION", `Card transaction ${input.request.cardTransactionId} is a ${row.direction} ${row.status} row; only open purchase authorizations take an advice`);
    const total = BigInt(input.request.amount);
    if (total < row.settledAmount)
      throw invalidInput([{ field: "amount", message: `is the new total and must be at least the settled ${row.settledAmount}`, constraint: { minimum: Number(row.settledAmount) } }]);

    const hold = row.holdId ? await tx.hold.findFirst({ where: { id: row.holdId, platformId, status: "ACTIVE" } }) : null;
    const remainder = hold?.amount ?? 0n;
    const target = total - row.settledAmount;
    const { funding } = await cardLedgerAccounts(tx, platformId, row.accountId, card.currency);
    const available = funding.postedBalance - funding.heldAmount;
    if (target > remainder && available < target - remainder)
      throw new ServiceError("INSUFFICIENT_BALANCE", `The funding account's available ${available} cannot cover raising the hold by ${target - remainder}; nothing changed`, {
        details: { available: Number(available), required: Number(target - remainder) },
      });
    if (hold) await releaseHold(tx, { platformId, holdId: hold.id });
    const next = target > 0n ? await placeHold(tx, { platformId, ledgerAccountId: funding.id, amount: target, reference: row.issuerTransactionToken, transactionId: row.id }) : null;
    await updateCardTransaction(tx, row, {
      authorizedAmount: total,
      holdId: next?.id ?? null,
      ...(target > remainder && { pullCount: { increment: 1 }, pullTotal: { increment: target - remainder } }),
      status: next ? row.status : "SETTLED",
    });
    await balanceUpdated(tx, platformId, row.accountId);
    return { issuerTransactionToken: row.issuerTransactionToken };
  });
}
