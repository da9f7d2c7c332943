import type { Invitation as InvitationRow } from "@/lib/generated/prisma/client";
import { currencyAmount } from "../internal-accounts/serialize-internal-account";
import type { UmaInvitation } from "./schemas";

export type { InvitationRow };

/** The invitation as the API shows it at `at` (the inviter platform's clock): PENDING past expiresAt shows EXPIRED. */
export function serializeInvitation(row: InvitationRow, at: Date, appOrigin: string): UmaInvitation {
  const isExpired = row.status === "PENDING" && row.expiresAt !== null && row.expiresAt <= at;
  return {
    code: row.code,
    url: `${appOrigin}/invite/${row.code}`,
    status: isExpired ? "EXPIRED" : (row.status as UmaInvitation["status"]),
    inviterUma: row.inviterUma,
    ...(row.inviteeUma !== null && { inviteeUma: row.inviteeUma }),
    ...(row.firstName !== null && { firstName: row.firstName }),
    ...(row.amountToSend !== null && { amountToSend: currencyAmount(row.amountToSend, row.amountCurrency ?? "USD") }),
    ...(row.expiresAt !== null && { expiresAt: row.expiresAt.toISOString() }),
    ...(row.claimedAt !== null && { claimedAt: row.claimedAt.toISOString() }),
    createdAt: row.createdAt.toISOString(),
  };
}
