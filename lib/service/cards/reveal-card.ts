import { randomBytes } from "node:crypto";
import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { now } from "../sandbox/clock";
import { getCardOrThrow } from "./get-card-or-throw";

export const REVEAL_TTL_SECONDS = 300;

/**
 * POST /cards/{id}/reveal (BEHAVIORS.md §5): a short-lived sandbox URL that shows the card details
 * in an embed; the URL is never stored and never sent in webhooks. Throws: NOT_FOUND,
 * CARD_NOT_MUTABLE (closed card), INVALID_STATE_TRANSITION (not issued yet).
 */
export async function revealCard(db: DbOrTx, platformId: string, cardId: string): Promise<{ panEmbedUrl: string; expiresAt: string }> {
  const card = await getCardOrThrow(db, platformId, cardId);
  if (card.state === "CLOSED") throw new ServiceError("CARD_NOT_MUTABLE", `Card ${cardId} is closed; its details can no longer be revealed`);
  if (card.state === "PROCESSING" || card.state === "PENDING_KYC") throw new ServiceError("INVALID_STATE_TRANSITION", `Card ${cardId} is ${card.state}; reveal it once the issuer has activated it`);
  const at = await now(db, platformId);
  return {
    panEmbedUrl: `https://cards.sandbox.invalid/reveal/${randomBytes(24).toString("base64url")}`,
    expiresAt: new Date(at.getTime() + REVEAL_TTL_SECONDS * 1000).toISOString(),
  };
}
