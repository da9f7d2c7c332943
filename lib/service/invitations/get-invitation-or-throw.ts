import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import type { InvitationRow } from "./serialize-invitation";

/**
 * The invitation with this code, whichever platform made it (invitees of other platforms look it
 * up and claim it). Throws: INVITATION_NOT_FOUND.
 */
export async function getInvitationOrThrow(db: DbOrTx, code: string): Promise<InvitationRow> {
  const row = await db.invitation.findUnique({ where: { code: code.toUpperCase() } });
  if (!row) throw new ServiceError("INVITATION_NOT_FOUND", `Invitation ${code} not found`);
  return row;
}
