import type { SqlTx } from "../db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueueEvent, outboxRows, prepareEvent } from "../jobs/enqueue-event";
import { serializeWithBalances } from "./load-account-ledgers";
import type { InternalAccount } from "./schemas";
import { serializeInternalAccount, type AccountLedger, type InternalAccountRow } from "./serialize-internal-account";

export const INTERNAL_ACCOUNT_EVENTS = {
  STATUS_UPDATED: "INTERNAL_ACCOUNT.STATUS_UPDATED",
  BALANCE_UPDATED: "INTERNAL_ACCOUNT.BALANCE_UPDATED",
} as const;
export type InternalAccountEventType = (typeof INTERNAL_ACCOUNT_EVENTS)[keyof typeof INTERNAL_ACCOUNT_EVENTS];

/**
 * Writes an INTERNAL_ACCOUNT.* webhook event carrying the whole account as it stands in the
 * caller's transaction, balances included (SPEC.md § Events, BEHAVIORS.md §1.3). Call it after the
 * change, in the same transaction; pass `ledger` when the posting just returned the balances (one
 * read less), else they are read. Returns the serialized account it sent.
 */
export async function enqueueInternalAccountEvent(tx: SqlTx, type: InternalAccountEventType, row: InternalAccountRow, ledger?: AccountLedger): Promise<InternalAccount> {
  const data = ledger ? serializeInternalAccount(row, ledger) : (await serializeWithBalances(tx, [row]))[0];
  await enqueueEvent(tx, { platformId: row.platformId, type, data });
  return data!;
}

/**
 * The same event as rows for a statement the caller writes anyway (outboxRows), for a payment whose
 * posting just returned the balances: one round trip less while its account locks are held.
 */
export async function internalAccountEventRows(tx: SqlTx, type: InternalAccountEventType, row: InternalAccountRow, ledger: AccountLedger): Promise<Prisma.Sql> {
  return outboxRows(await prepareEvent(tx, { platformId: row.platformId, type, data: serializeInternalAccount(row, ledger) }), "account");
}
