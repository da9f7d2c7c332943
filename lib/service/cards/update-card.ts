import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { now } from "../sandbox/clock";
import { CARD_EVENTS, enqueueCardEvent } from "./card-events";
import { expireOpenAuthorizations } from "./expire-authorization";
import { getCardOrThrow } from "./get-card-or-throw";
import { changeCardState } from "./issue-card";
import { resolveFundingSources } from "./resolve-funding-sources";
import type { Card, CardUpdateRequest } from "./schemas";
import { serializeCard } from "./serialize-card";

const TRANSITIONS: Record<string, readonly string[]> = { ACTIVE: ["FROZEN", "CLOSED"], FROZEN: ["ACTIVE", "CLOSED"] };

/**
 * PATCH /cards/{id} (BEHAVIORS.md §5): freeze (ACTIVE → FROZEN), unfreeze (FROZEN → ACTIVE), close
 * (ACTIVE|FROZEN → CLOSED CLOSED_BY_PLATFORM, alone; its pending authorizations expire, holds
 * released), replace the ordered funding sources (CARD.FUNDING_SOURCE_CHANGE, only when the list
 * changes) and set or clear maxSpendPerTransaction. Answers 200 with the card.
 * Throws: NOT_FOUND, INVALID_INPUT (no field; CLOSED with other fields), CARD_ALREADY_CLOSED,
 * CARD_NOT_MUTABLE, INVALID_STATE_TRANSITION, FUNDING_SOURCE_INELIGIBLE.
 */
export async function updateCard(db: Db, input: { platformId: string; cardId: string; request: CardUpdateRequest }): Promise<Card> {
  const { platformId, request } = input;
  const fields = (["state", "fundingSources", "maxSpendPerTransaction"] as const).filter((f) => request[f] !== undefined);
  if (fields.length === 0)
    throw invalidInput([{ field: "body", message: "name at least one of state, fundingSources, maxSpendPerTransaction", constraint: { minProperties: 1 } }]);
  if (request.state === "CLOSED" && fields.length > 1)
    throw invalidInput(fields.filter((f) => f !== "state").map((f) => ({ field: f, message: "cannot be combined with state CLOSED: close the card in its own request", constraint: { conflictsWith: "state=CLOSED" } })));

  return db.$transaction(async (tx) => {
    let card = await getCardOrThrow(tx, platformId, input.cardId, { isLocking: true });
    if (card.state === "CLOSED") {
      if (request.state === "CLOSED") throw new ServiceError("CARD_ALREADY_CLOSED", `Card ${input.cardId} is already closed`);
      throw new ServiceError("CARD_NOT_MUTABLE", `Card ${input.cardId} is closed and can no longer change; issue a new card`);
    }
    if (request.state !== undefined) {
      if (!TRANSITIONS[card.state]?.includes(request.state))
        throw new ServiceError("INVALID_STATE_TRANSITION", `Card ${input.cardId} is ${card.state} and cannot move to ${request.state}`, { details: { from: card.state, to: request.state } });
      card = await changeCardState(tx, card, { state: request.state, stateReason: request.state === "CLOSED" ? "CLOSED_BY_PLATFORM" : null });
      if (card.state === "CLOSED") await expireOpenAuthorizations(tx, card);
    }
    const at = await now(tx, platformId);
    if (request.maxSpendPerTransaction !== undefined)
      card = await tx.card.update({
        where: { id: card.id },
        data: { maxSpendPerTransaction: request.maxSpendPerTransaction === null ? null : BigInt(request.maxSpendPerTransaction), updatedAt: at },
      });
    if (request.fundingSources !== undefined) {
      const accounts = await resolveFundingSources(tx, { platformId, cardholderId: card.customerId, fundingSources: request.fundingSources, currency: card.currency });
      const ids = accounts.map((a) => a.id);
      // The same ordered list again is no change: nothing written, no CARD.FUNDING_SOURCE_CHANGE.
      if (ids.join() !== card.fundingSources.join()) {
        card = await tx.card.update({ where: { id: card.id }, data: { fundingSources: ids, updatedAt: at } });
        await enqueueCardEvent(tx, CARD_EVENTS.FUNDING_SOURCE_CHANGE, card);
      }
    }
    return serializeCard(card);
  });
}
