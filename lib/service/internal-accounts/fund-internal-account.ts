import type { Db } from "../db";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { enqueueInternalAccountEvent, INTERNAL_ACCOUNT_EVENTS } from "./enqueue-internal-account-event";
import { lockInternalAccountForPayment } from "./lock-internal-account-for-payment";
import type { InternalAccount } from "./schemas";

/** Ledger kind of a simulated deposit. */
export const SANDBOX_FUNDING = "SANDBOX_FUNDING";

/**
 * POST /sandbox/internal-accounts/{accountId}/fund: an instant simulated deposit. In one
 * transaction: the platform's clearing account is debited and the internal account credited
 * through the ledger, and INTERNAL_ACCOUNT.BALANCE_UPDATED is written with the whole account after
 * the change. Only ACTIVE accounts can receive (BEHAVIORS.md §4.8, 10.2, 10.15).
 * `amount` is 1…10^11 in the currency's smallest unit (checked by the route).
 * Throws: NOT_FOUND; CONFLICT when the account is PENDING, FROZEN or CLOSED.
 */
export async function fundInternalAccount(db: Db, input: { platformId: string; accountId: string; amount: bigint }): Promise<InternalAccount> {
  const { platformId, amount } = input;
  return db.$transaction(async (tx) => {
    const { account, ledgerAccount } = await lockInternalAccountForPayment(tx, { platformId, accountId: input.accountId, direction: "RECEIVE" });
    const { clearing } = await ensureSystemAccounts(tx, platformId, account.currency);
    // TODO(#4): create the INCOMING transaction + INCOMING_PAYMENT.COMPLETED when transactions land
    // (BEHAVIORS.md 10.15), and pass its id as `transactionId` below so balance changes link to it.
    await postLedgerTransaction(tx, {
      platformId,
      kind: SANDBOX_FUNDING,
      description: `Sandbox deposit of ${amount} ${account.currency}`,
      entries: [
        { ledgerAccountId: clearing.id, amount: -amount },
        { ledgerAccountId: ledgerAccount.id, amount },
      ],
    });
    return enqueueInternalAccountEvent(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, account);
  });
}
