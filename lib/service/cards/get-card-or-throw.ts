import type { Card } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";

/**
 * The platform's card `Card:<uuid>`; with `isLocking` the row is locked (FOR UPDATE) so state
 * changes and authorizations on one card run one at a time. Throws: NOT_FOUND.
 */
export async function getCardOrThrow(db: DbOrTx, platformId: string, cardId: string, options: { isLocking?: boolean } = {}): Promise<Card> {
  const id = parseId("Card", cardId);
  if (id && options.isLocking) await db.$queryRaw`SELECT 1 FROM "Card" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
  const row = id ? await db.card.findFirst({ where: { id, platformId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("Card", cardId));
  return row;
}
