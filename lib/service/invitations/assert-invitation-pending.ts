import { ServiceError } from "../http/errors";
import type { InvitationRow } from "./serialize-invitation";

/** Claim and cancel need a PENDING, unexpired invitation. Throws: INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED, INVALID_INPUT (expired). */
export function assertInvitationPending(row: InvitationRow, at: Date): void {
  if (row.status === "CLAIMED") throw new ServiceError("INVITATION_ALREADY_CLAIMED", `Invitation ${row.code} was already claimed`);
  if (row.status === "CANCELLED") throw new ServiceError("INVITATION_CANCELLED", `Invitation ${row.code} was cancelled by its platform`);
  if (row.expiresAt && row.expiresAt <= at)
    throw new ServiceError("INVALID_INPUT", `Invitation ${row.code} expired at ${row.expiresAt.toISOString()}; ask the inviter for a new one`);
}
