import { randomInt } from "node:crypto";
import type { Db } from "../db";
import { UMA_ADDRESS_PATTERN } from "../customers/uma-address";
import { ServiceError, invalidInput } from "../http/errors";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { expiryNotAfterNowMessage } from "../sandbox/expiry-not-after-now";
import type { UmaInvitationCreateRequest } from "./schemas";
import type { InvitationRow } from "./serialize-invitation";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/**
 * POST /invitations: a PENDING invitation with a fresh 8-character code. Needs the platform's
 * `umaDomain` (PATCH /config). BEHAVIORS.md §9.1. Throws: INVITATIONS_NOT_CONFIGURED,
 * INVALID_UMA_ADDRESS, INVALID_INPUT (expiresAt not in the future).
 */
export async function createInvitation(db: Db, input: { platformId: string; request: UmaInvitationCreateRequest }): Promise<InvitationRow> {
  const { platformId, request } = input;
  const platform = await db.platform.findUniqueOrThrow({ where: { id: platformId }, select: { umaDomain: true, supportedCurrencies: true } });
  if (!platform.umaDomain) throw new ServiceError("INVITATIONS_NOT_CONFIGURED", "Invitations need the platform's umaDomain: set it with PATCH /config first");
  if (!UMA_ADDRESS_PATTERN.test(request.inviterUma)) throw new ServiceError("INVALID_UMA_ADDRESS", `inviterUma ${request.inviterUma} is not a UMA address such as $alice@example.com`);
  const at = await now(db, platformId);
  const expiresAt = request.expiresAt ? new Date(request.expiresAt) : null;
  if (expiresAt && expiresAt <= at) throw invalidInput([{ field: "expiresAt", message: await expiryNotAfterNowMessage(db, platformId, at), constraint: { minimum: at.toISOString() } }]);
  const currency = (platform.supportedCurrencies as { currencyCode?: string }[])[0]?.currencyCode ?? "USD";
  for (let attempt = 0; ; attempt++) {
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
    try {
      return await db.invitation.create({
        data: {
          id: uuidv7(at.getTime()),
          platformId,
          code,
          inviterUma: request.inviterUma,
          firstName: request.firstName ?? null,
          amountToSend: request.amountToSend !== undefined ? BigInt(request.amountToSend) : null,
          amountCurrency: request.amountToSend !== undefined ? currency : null,
          status: "PENDING",
          expiresAt,
          createdAt: at,
          updatedAt: at,
        },
      });
    } catch (e) {
      if (attempt < 3 && (e as { code?: string }).code === "P2002") continue; // code collision: draw again
      throw e;
    }
  }
}
