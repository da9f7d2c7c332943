import type { SqlTx } from "../db";
import type { AccountBalance } from "../ledger/post-ledger-transaction";
import { findLedgerAccount } from "../ledger/find-ledger-account";
import { LedgerInvariantError } from "../ledger/ledger-invariant-error";
import { serializeInternalAccount, type AccountLedger, type InternalAccountRow } from "./serialize-internal-account";
import type { InternalAccount } from "./schemas";

/**
 * The ledger account behind each internal account, through the ledger's public lookup. Every
 * internal account is created with its ledger account in one transaction, so a missing one is a bug.
 * Throws: LedgerInvariantError.
 */
export async function loadAccountLedgers(db: SqlTx, rows: InternalAccountRow[]): Promise<AccountLedger[]> {
  return Promise.all(
    rows.map(async (row) => {
      const ledger = await findLedgerAccount(db, { platformId: row.platformId, internalAccountId: row.id });
      if (!ledger) throw new LedgerInvariantError(`Internal account ${row.id} has no ledger account`);
      return ledger;
    }),
  );
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
