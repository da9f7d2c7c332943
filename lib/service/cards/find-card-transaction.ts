import type { DbOrTx } from "../db";
import { parseId } from "../http/ids";
import { now } from "../sandbox/clock";
import type { CardTransaction } from "./schemas";
import { serializeCardTransaction } from "./serialize-card-transaction";

/**
 * The platform's card transaction `CardTransaction:<uuid>`, serialized as the card lists show it,
 * or null when unknown, malformed or another platform's (GET /transactions/{transactionId}).
 */
export async function findCardTransaction(db: DbOrTx, platformId: string, cardTransactionId: string): Promise<CardTransaction | null> {
  const id = parseId("CardTransaction", cardTransactionId);
  if (!id) return null;
  const [row, at] = await Promise.all([db.cardTransaction.findFirst({ where: { id, platformId } }), now(db, platformId)]);
  return row ? serializeCardTransaction(row, at) : null;
}
