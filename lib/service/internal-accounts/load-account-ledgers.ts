import type { SqlTx } from "../db";
import type { AccountBalance } from "../ledger/post-ledger-transaction";
import { readOf } from "@/lib/db/sql";
import { LedgerInvariantError } from "../ledger/ledger-invariant-error";
import { serializeInternalAccount, type AccountLedger, type InternalAccountRow } from "./serialize-internal-account";
import type { InternalAccount } from "./schemas";

/**
 * The ledger account behind each internal account, in one statement (on the pool outside a
 * transaction: lists and reads ask for several at once). Every internal account is created with
 * its ledger account in one transaction, so a missing one is a bug.
 * Throws: LedgerInvariantError.
 */
export async function loadAccountLedgers(db: SqlTx, rows: InternalAccountRow[]): Promise<AccountLedger[]> {
  if (rows.length === 0) return [];
  const found = await readOf(db).$queryRaw<(AccountLedger & { internalAccountId: string; platformId: string })[]>`
    SELECT "platformId", "internalAccountId", "postedBalance", "heldAmount", "updatedAt" FROM "LedgerAccount"
    WHERE "platformId" = ANY(${[...new Set(rows.map((row) => row.platformId))]}::uuid[]) AND "internalAccountId" = ANY(${rows.map((row) => row.id)}::uuid[])`;
  const byAccount = new Map(found.map((ledger) => [`${ledger.platformId}:${ledger.internalAccountId}`, ledger]));
  return rows.map((row) => {
    const ledger = byAccount.get(`${row.platformId}:${row.id}`);
    if (!ledger) throw new LedgerInvariantError(`Internal account ${row.id} has no ledger account`);
    return { postedBalance: ledger.postedBalance, heldAmount: ledger.heldAmount, updatedAt: ledger.updatedAt };
  });
}

/** Rows → API resources with their current balances. */
export async function serializeWithBalances(db: SqlTx, rows: InternalAccountRow[]): Promise<InternalAccount[]> {
  const ledgers = await loadAccountLedgers(db, rows);
  return rows.map((row, i) => serializeInternalAccount(row, ledgers[i]!));
}

/** The balances a posting just returned, in the shape serializeInternalAccount takes (no read needed). */
export function accountLedgerFrom(balance: AccountBalance): AccountLedger {
  return { postedBalance: balance.posted, heldAmount: balance.held, updatedAt: balance.updatedAt };
}
