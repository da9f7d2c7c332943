import type { Db, Tx } from "../db";
import { formatId } from "../http/ids";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { createTransaction } from "../transactions/create-transaction";
import { resolveTransactionCustomer } from "../transactions/resolve-transaction-customer";
import { now } from "../sandbox/clock";
import { enqueueInternalAccountEvent, INTERNAL_ACCOUNT_EVENTS } from "./enqueue-internal-account-event";
import { lockInternalAccountForPayment } from "./lock-internal-account-for-payment";
import { lockLiveParties } from "../transfers/lock-live-parties";
import type { InternalAccount } from "./schemas";
import type { InternalAccountRow } from "./serialize-internal-account";

/** Ledger kind of a simulated deposit. */
export const SANDBOX_FUNDING = "SANDBOX_FUNDING";

/**
 * POST /sandbox/internal-accounts/{accountId}/fund: an instant simulated deposit. In one
 * transaction: the platform's clearing account is debited and the internal account credited
 * through the ledger under an INCOMING COMPLETED transaction (INCOMING_PAYMENT.COMPLETED, listed by
 * GET /transactions), and INTERNAL_ACCOUNT.BALANCE_UPDATED is written with the whole account after
 * the change. Only ACTIVE accounts can receive (BEHAVIORS.md §4.8, 10.2, 10.15).
 * `amount` is 1…10^11 in the currency's smallest unit (checked by the route).
 * Throws: NOT_FOUND; CONFLICT when the account is PENDING, FROZEN or CLOSED; CUSTOMER_DELETED.
 */
export async function fundInternalAccount(db: Db, input: { platformId: string; accountId: string; amount: bigint }): Promise<InternalAccount> {
  const { platformId, amount } = input;
  return db.$transaction(async (tx) => {
    const { account, ledgerAccount } = await lockInternalAccountForPayment(tx, { platformId, accountId: input.accountId, direction: "RECEIVE" });
    // A deleted customer's account takes no deposits (410), as it takes no UMA payments; a racing delete waits or wins.
    await lockLiveParties(tx, platformId, { customerIds: [account.customerId] });
    const { clearing } = await ensureSystemAccounts(tx, platformId, account.currency);
    // BEHAVIORS.md 10.15: the deposit is an INCOMING COMPLETED transaction (INCOMING_PAYMENT.COMPLETED,
    // no approval) whose id the ledger movement carries, so balance changes link to it.
    const { row: deposit } = await createDepositTransaction(tx, { account, amount });
    await postLedgerTransaction(tx, {
      platformId,
      kind: SANDBOX_FUNDING,
      description: `Sandbox deposit of ${amount} ${account.currency}`,
      transactionId: deposit.id,
      entries: [
        { ledgerAccountId: clearing.id, amount: -amount },
        { ledgerAccountId: ledgerAccount.id, amount },
      ],
    });
    return enqueueInternalAccountEvent(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, account);
  });
}

/** The INCOMING COMPLETED transaction of a sandbox deposit, with its INCOMING_PAYMENT.COMPLETED event. */
async function createDepositTransaction(tx: Tx, input: { account: InternalAccountRow; amount: bigint }) {
  const { account, amount } = input;
  const at = await now(tx, account.platformId);
  const accountId = formatId("InternalAccount", account.id);
  return createTransaction(tx, {
    platformId: account.platformId,
    type: "INCOMING",
    status: "COMPLETED",
    origin: SANDBOX_FUNDING,
    ...(await resolveTransactionCustomer(tx, account.platformId, account.customerId)),
    destinationAccountId: account.id,
    destination: { destinationType: "ACCOUNT", accountId, currency: account.currency },
    receiverIdentifiers: [accountId],
    receivedAmount: amount,
    receivedCurrency: account.currency,
    fees: 0n,
    description: "Sandbox deposit",
    settledAt: at,
  });
}
