import type { Card as CardRow, CardTransaction as CardTransactionRow } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { enqueueEvent } from "../jobs/enqueue-event";
import { serializeCard } from "./serialize-card";
import { serializeCardTransaction } from "./serialize-card-transaction";

export const CARD_EVENTS = { STATE_CHANGE: "CARD.STATE_CHANGE", FUNDING_SOURCE_CHANGE: "CARD.FUNDING_SOURCE_CHANGE" } as const;

/** CARD.STATE_CHANGE / CARD.FUNDING_SOURCE_CHANGE with the card, in the caller's transaction. */
export async function enqueueCardEvent(tx: DbOrTx, type: (typeof CARD_EVENTS)[keyof typeof CARD_EVENTS], card: CardRow): Promise<void> {
  await enqueueEvent(tx, { platformId: card.platformId, type, data: serializeCard(card) });
}

/**
 * `CARD_TRANSACTION.<status>` with the card transaction as it now is (SPEC.md § Events), timed at
 * the row's `lastEventAt` (`at`): the status history finds a row's events by that time.
 */
export async function enqueueCardTransactionEvent(tx: DbOrTx, row: CardTransactionRow, at: Date): Promise<void> {
  await enqueueEvent(tx, { platformId: row.platformId, type: `CARD_TRANSACTION.${row.status}`, data: serializeCardTransaction(row, at), at });
}
