import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import type { LockedLedgerAccount } from "./lock-ledger-accounts";

/**
 * The INSUFFICIENT_BALANCE error for a debit (or hold) of `amount` that the account's available
 * balance cannot cover; the message names the account as the API shows it and the shortfall.
 * BEHAVIORS.md 10.13.
 */
export function insufficientBalance(account: LockedLedgerAccount, available: bigint, amount: bigint): ServiceError {
  const name = account.internalAccountId
    ? formatId("InternalAccount", account.internalAccountId)
    : `ledger account ${account.id} (${account.kind})`;
  const shortfall = amount - available;
  return new ServiceError(
    "INSUFFICIENT_BALANCE",
    `Insufficient balance on ${name}: ${available} ${account.currency} available, ${amount} required, short by ${shortfall} (amounts in the currency's smallest unit)`,
  );
}

/**
 * For callers that decide on a balance read without the ledger's lock and let the ledger's own
 * check under the lock have the last word: the ledger refuses before writing anything, so the
 * caller can go on in the same transaction (decline, mark an exception). Rethrows anything else.
 */
export function refusedForBalance(error: unknown): false {
  if (error instanceof ServiceError && error.code === "INSUFFICIENT_BALANCE") return false;
  throw error;
}
