import type { SqlTx } from "../db";
import { enqueueInternalAccountEvent, INTERNAL_ACCOUNT_EVENTS } from "../internal-accounts/enqueue-internal-account-event";
import { getInternalAccountOrThrow } from "../internal-accounts/get-internal-account-or-throw";

/**
 * INTERNAL_ACCOUNT.BALANCE_UPDATED for an internal account (bare uuid) after a ledger change, in the
 * same transaction (SPEC.md § Events). Throws: NOT_FOUND (a dangling account id, a bug).
 */
export async function enqueueBalanceUpdated(tx: SqlTx, platformId: string, internalAccountId: string): Promise<void> {
  const account = await getInternalAccountOrThrow(tx, platformId, internalAccountId, { allowBare: true });
  await enqueueInternalAccountEvent(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, account);
}
