import type { Card } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { invalidInput } from "../http/errors";
import { getCardOrThrow } from "./get-card-or-throw";

/**
 * The card a simulation runs on (locked) and its cardholder's platformCustomerId; checks that the
 * simulated currency, when given, is the card's. Throws: NOT_FOUND, INVALID_INPUT.
 */
export async function simulationContext(tx: DbOrTx, input: { platformId: string; cardId: string; currencyCode?: string }): Promise<{ card: Card; platformCustomerId: string }> {
  const card = await getCardOrThrow(tx, input.platformId, input.cardId, { isLocking: true });
  if (input.currencyCode !== undefined && input.currencyCode !== card.currency)
    throw invalidInput([{ field: "currency.code", message: `must be the card's currency ${card.currency}`, constraint: { enum: [card.currency] } }]);
  const customer = await tx.customer.findFirst({ where: { id: card.customerId, platformId: input.platformId }, select: { platformCustomerId: true } });
  return { card, platformCustomerId: customer?.platformCustomerId ?? "" };
}
