import { createHash } from "node:crypto";
import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { getCardOrThrow } from "./get-card-or-throw";
import type { CardTokenizeRequest } from "./schemas";

/**
 * POST /cards/{id}/tokenize (BEHAVIORS.md §5, 10.19): exchanges wallet-SDK values for the
 * encrypted provisioning payload. Sandbox: a deterministic dummy payload derived from the card and
 * the values. Throws: NOT_FOUND, CONFLICT (card without supportsDigitalWalletTokenization),
 * CARD_NOT_MUTABLE (closed), INVALID_STATE_TRANSITION (not ACTIVE).
 */
export async function tokenizeCard(db: DbOrTx, input: { platformId: string; cardId: string; request: CardTokenizeRequest }) {
  const card = await getCardOrThrow(db, input.platformId, input.cardId);
  if (!card.supportsDigitalWalletTokenization) throw new ServiceError("CONFLICT", `Card ${input.cardId} does not support digital wallet tokenization (cardCapabilities)`);
  if (card.state === "CLOSED") throw new ServiceError("CARD_NOT_MUTABLE", `Card ${input.cardId} is closed and cannot be added to a wallet`);
  if (card.state !== "ACTIVE") throw new ServiceError("INVALID_STATE_TRANSITION", `Card ${input.cardId} is ${card.state}; only ACTIVE cards can be added to a wallet`);
  const digest = (label: string) => createHash("sha256").update(`${label}:${card.id}:${JSON.stringify(input.request)}`).digest("base64");
  return { encryptedPassData: digest("pass"), activationData: digest("activation"), ephemeralPublicKey: digest("epk") };
}
