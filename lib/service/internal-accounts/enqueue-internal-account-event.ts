import type { DbOrTx } from "../db";
import { enqueueEvent } from "../jobs/enqueue-event";
import { serializeWithBalances } from "./load-account-ledgers";
import type { InternalAccount } from "./schemas";
import type { InternalAccountRow } from "./serialize-internal-account";

export const INTERNAL_ACCOUNT_EVENTS = {
  STATUS_UPDATED: "INTERNAL_ACCOUNT.STATUS_UPDATED",
  BALANCE_UPDATED: "INTERNAL_ACCOUNT.BALANCE_UPDATED",
} as const;
export type InternalAccountEventType = (typeof INTERNAL_ACCOUNT_EVENTS)[keyof typeof INTERNAL_ACCOUNT_EVENTS];

/**
 * Writes an INTERNAL_ACCOUNT.* webhook event carrying the whole account as it stands in the
 * caller's transaction, balances included (SPEC.md § Events, BEHAVIORS.md §1.3). Call it after the
 * change, in the same transaction. Returns the serialized account it sent.
 */
export async function enqueueInternalAccountEvent(tx: DbOrTx, type: InternalAccountEventType, row: InternalAccountRow): Promise<InternalAccount> {
  const [data] = await serializeWithBalances(tx, [row]);
  await enqueueEvent(tx, { platformId: row.platformId, type, data });
  return data!;
}
