import type { Tx } from "../db";
import { enqueueEvent } from "../jobs/enqueue-event";
import type { ExternalAccountStatus } from "./schemas";
import { serializeExternalAccount, type ExternalAccountRow } from "./serialize-external-account";

export const EXTERNAL_ACCOUNT_STATUS_UPDATED = "EXTERNAL_ACCOUNT.STATUS_UPDATED";

/**
 * Moves an account to `status` and, when it changed, writes EXTERNAL_ACCOUNT.STATUS_UPDATED with
 * the account (masked) in the same transaction (SPEC.md "External account ownership verification").
 */
export async function setExternalAccountStatus(tx: Tx, row: ExternalAccountRow, status: ExternalAccountStatus, at: Date): Promise<ExternalAccountRow> {
  if (row.status === status) return row;
  const updated = await tx.externalAccount.update({ where: { id: row.id, platformId: row.platformId }, data: { status, updatedAt: at } });
  await enqueueEvent(tx, { platformId: row.platformId, type: EXTERNAL_ACCOUNT_STATUS_UPDATED, data: serializeExternalAccount(updated) });
  return updated;
}
