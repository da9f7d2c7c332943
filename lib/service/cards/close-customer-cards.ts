import type { Tx } from "../db";
import { expireOpenAuthorizations } from "./expire-authorization";
import { changeCardState } from "./issue-card";

/**
 * DELETE /customers/{id} closes the customer's cards in its own transaction, after the customer's
 * row lock (lockCustomer's order: the customer, then their cards): a card does not outlive its
 * holder. Each card not yet CLOSED (PROCESSING included, so a pending activation finds it closed)
 * is closed as PATCH state CLOSED closes one (BEHAVIORS.md §5): CLOSED_BY_PLATFORM, since the
 * platform's delete closed it, with CARD.STATE_CHANGE; its pending authorizations expire, holds
 * released (expireOpenAuthorizations); later clearings of them still post (isLateClearing).
 */
export async function closeCustomerCards(tx: Tx, input: { platformId: string; customerId: string }): Promise<void> {
  // Locked in id order, as a simulation locks one card before its rows.
  const open = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Card" WHERE "customerId" = ${input.customerId}::uuid AND "platformId" = ${input.platformId}::uuid AND "state" <> 'CLOSED'
    ORDER BY "id" FOR UPDATE`;
  for (const { id } of open) {
    const card = await tx.card.findFirstOrThrow({ where: { id, platformId: input.platformId } });
    await expireOpenAuthorizations(tx, await changeCardState(tx, card, { state: "CLOSED", stateReason: "CLOSED_BY_PLATFORM" }));
  }
}
