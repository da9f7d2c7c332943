import { sqlOf } from "@/lib/db/sql";
import type { DbOrTx } from "../db";
import { formatId, parseId } from "../http/ids";
import { CARD_TRANSACTION_STATUSES, type CardTransaction } from "./schemas";

/** One CARD_TRANSACTION.<status> event: its id (bare uuid), type, time and the card transaction as it carried it. */
export interface CardTransactionEvent {
  id: string;
  type: string;
  createdAt: Date;
  data: CardTransaction;
}

const EVENT_TYPES = CARD_TRANSACTION_STATUSES.map((status) => `CARD_TRANSACTION.${status}`);

/**
 * Events are timed at their row's `lastEventAt` (enqueueCardTransactionEvent); events written before
 * it passed that time read the clock again a moment later, hence a margin around the row's lifetime.
 */
const EVENT_TIME_MARGIN_MS = 60_000;

/**
 * The platform's card transaction `CardTransaction:<uuid>` (its canonical id) and every
 * CARD_TRANSACTION.<status> event it wrote, oldest first: each state change writes one
 * (insertCardTransaction, updateCardTransaction) and the outbox keeps them, so they are its steps
 * (GET /transactions/{id}/status-history). Null when the id is unknown, malformed or another
 * platform's.
 */
export async function findCardTransactionEvents(
  db: DbOrTx,
  platformId: string,
  cardTransactionId: string,
): Promise<{ cardTransactionId: string; events: CardTransactionEvent[] } | null> {
  const id = parseId("CardTransaction", cardTransactionId);
  const row = id ? await db.cardTransaction.findFirst({ where: { id, platformId }, select: { createdAt: true, lastEventAt: true } }) : null;
  if (!id || !row) return null;
  const resourceId = formatId("CardTransaction", id);
  const from = new Date(row.createdAt.getTime() - EVENT_TIME_MARGIN_MS);
  const to = new Date(row.lastEventAt.getTime() + EVENT_TIME_MARGIN_MS);
  // The time window keeps the scan to the row's lifetime; strpos skips parsing most other bodies.
  const events = await sqlOf(db).$queryRaw<{ id: string; type: string; body: string; createdAt: Date }[]>`
    SELECT "id", "type", "body", "createdAt" FROM "WebhookEvent"
    WHERE "platformId" = ${platformId}::uuid AND "type" = ANY(${EVENT_TYPES}::text[])
      AND "createdAt" >= ${from}::timestamptz AND "createdAt" <= ${to}::timestamptz
      AND strpos("body", ${resourceId}) > 0
    ORDER BY "createdAt", "id"`;
  // strpos also matches a refund row's events, which name this one as originalTransactionId.
  const own = events.flatMap((event) => {
    const { data } = JSON.parse(event.body) as { data: CardTransaction };
    return data.id === resourceId ? [{ id: event.id, type: event.type, createdAt: event.createdAt, data }] : [];
  });
  return { cardTransactionId: resourceId, events: own };
}
