import type { Db } from "../db";
import { UMA_ADDRESS_PATTERN, umaAddressKey } from "../customers/uma-address";
import { ServiceError } from "../http/errors";
import { enqueueEvent } from "../jobs/enqueue-event";
import { now } from "../sandbox/clock";
import { assertInvitationPending } from "./assert-invitation-pending";
import { getInvitationOrThrow } from "./get-invitation-or-throw";
import { serializeInvitation, type InvitationRow } from "./serialize-invitation";

/**
 * POST /invitations/{code}/claim: the invitee (any platform) claims a PENDING invitation; it
 * becomes CLAIMED and INVITATION.CLAIMED goes to the inviter's platform. BEHAVIORS.md §9.1.
 * Throws: INVITATION_NOT_FOUND, INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED, INVALID_INPUT
 * (expired), INVALID_UMA_ADDRESS, SELF_PAYMENT (the inviter claiming their own invitation: UMA
 * addresses compare case-insensitively).
 */
export async function claimInvitation(db: Db, input: { platformId: string; code: string; inviteeUma: string; appOrigin: string }): Promise<InvitationRow> {
  if (!UMA_ADDRESS_PATTERN.test(input.inviteeUma)) throw new ServiceError("INVALID_UMA_ADDRESS", `inviteeUma ${input.inviteeUma} is not a UMA address such as $bob@example.com`);
  return db.$transaction(async (tx) => {
    const row = await getInvitationOrThrow(tx, input.code);
    const at = await now(tx, row.platformId);
    assertInvitationPending(row, at);
    if (umaAddressKey(input.inviteeUma) === umaAddressKey(row.inviterUma))
      throw new ServiceError("SELF_PAYMENT", `inviteeUma ${input.inviteeUma} is the inviter's own address: an invitation is claimed by the person invited, not by ${row.inviterUma}`, {
        details: { field: "inviteeUma", inviterUma: row.inviterUma },
      });
    const { count } = await tx.invitation.updateMany({
      where: { id: row.id, status: "PENDING" },
      data: { status: "CLAIMED", inviteeUma: input.inviteeUma, claimedAt: at, claimedByPlatformId: input.platformId, updatedAt: at },
    });
    if (count === 0) assertInvitationPending(await getInvitationOrThrow(tx, input.code), at); // claimed or cancelled meanwhile
    const claimed = await tx.invitation.findUniqueOrThrow({ where: { id: row.id } });
    await enqueueEvent(tx, { platformId: row.platformId, type: "INVITATION.CLAIMED", data: serializeInvitation(claimed, at, input.appOrigin) });
    return claimed;
  });
}
