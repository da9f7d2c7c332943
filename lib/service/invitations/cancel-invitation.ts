import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { now } from "../sandbox/clock";
import { assertInvitationPending } from "./assert-invitation-pending";
import { getInvitationOrThrow } from "./get-invitation-or-throw";
import type { InvitationRow } from "./serialize-invitation";

/**
 * POST /invitations/{code}/cancel: the creating platform withdraws a PENDING invitation.
 * BEHAVIORS.md §9.1. Throws: INVITATION_NOT_FOUND, FORBIDDEN (another platform's),
 * INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED, INVALID_INPUT (expired).
 */
export async function cancelInvitation(db: Db, input: { platformId: string; code: string }): Promise<InvitationRow> {
  const row = await getInvitationOrThrow(db, input.code);
  if (row.platformId !== input.platformId) throw new ServiceError("FORBIDDEN", `Only the platform that created invitation ${row.code} can cancel it`);
  const at = await now(db, row.platformId);
  assertInvitationPending(row, at);
  const { count } = await db.invitation.updateMany({ where: { id: row.id, status: "PENDING" }, data: { status: "CANCELLED", cancelledAt: at, updatedAt: at } });
  if (count === 0) assertInvitationPending(await getInvitationOrThrow(db, input.code), at);
  return db.invitation.findUniqueOrThrow({ where: { id: row.id } });
}
