import type { DbOrTx } from "../db";
import { invalidInput } from "../http/errors";
import { formatId } from "../http/ids";
import { findLedgerAccount } from "../ledger/find-ledger-account";
import { LedgerInvariantError } from "../ledger/ledger-invariant-error";
import { listBalanceChanges } from "../ledger/list-balance-changes";
import { assertBalanceWindowSettled } from "./assert-balance-window-settled";
import { getInternalAccountOrThrow } from "./get-internal-account-or-throw";
import { currencyAmount } from "./serialize-internal-account";
import type { BalanceChangesQuery, BalanceChangesResponse } from "./schemas";

/**
 * GET /internal-accounts/{id}/balance-changes: every posted movement of the account in
 * [startDate, endDate), oldest first and paged, one change per ledger transaction (fees inside
 * `amount`). Every page repeats the window's openingBalance and closingBalance, and opening plus
 * the changes of all pages equals closing. Holds are not changes: they never post. SPEC.md
 * "Other transaction-related endpoints", BEHAVIORS.md §1.3.
 * Throws: NOT_FOUND; INVALID_INPUT (window not ending after it starts, bad cursor); NOT_YET_AVAILABLE.
 */
export async function listInternalAccountBalanceChanges(
  db: DbOrTx,
  input: { platformId: string; accountId: string; query: BalanceChangesQuery },
): Promise<BalanceChangesResponse> {
  const { platformId, query } = input;
  const startDate = query.startDate === undefined ? undefined : new Date(query.startDate);
  const endDate = query.endDate === undefined ? undefined : new Date(query.endDate);
  if (startDate && endDate && endDate <= startDate)
    throw invalidInput([{ field: "query.endDate", message: `must be after startDate (${query.startDate}): the window is [startDate, endDate)`, constraint: { exclusiveMinimum: "startDate" } }]);

  const account = await getInternalAccountOrThrow(db, platformId, input.accountId);
  const [, ledgerAccount] = await Promise.all([
    assertBalanceWindowSettled(db, { platformId, internalAccountId: account.id, startDate, endDate }),
    findLedgerAccount(db, { platformId, internalAccountId: account.id }),
  ]);
  if (!ledgerAccount) throw new LedgerInvariantError(`Internal account ${account.id} has no ledger account`);

  const page = await listBalanceChanges(db, { platformId, ledgerAccountId: ledgerAccount.id, startDate, endDate, limit: query.limit, cursor: query.cursor });
  return {
    openingBalance: currencyAmount(page.openingBalance, account.currency),
    closingBalance: currencyAmount(page.closingBalance, account.currency),
    changes: page.changes.map((change) => ({
      id: change.id,
      amount: Number(change.amount),
      effectiveAt: change.effectiveAt.toISOString(),
      ...(change.transactionId !== undefined && { transactionId: formatId(change.isCardTransaction ? "CardTransaction" : "Transaction", change.transactionId) }),
    })),
    hasMore: page.hasMore,
    ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }),
  };
}
