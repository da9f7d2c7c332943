import type { Tx } from "../db";
import { formatId } from "../http/ids";
import { isServiceError } from "../http/errors";
import { enqueueInternalAccountEvent, INTERNAL_ACCOUNT_EVENTS } from "../internal-accounts/enqueue-internal-account-event";
import { lockInternalAccountForPayment } from "../internal-accounts/lock-internal-account-for-payment";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { now } from "../sandbox/clock";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { TransactionRow } from "../transactions/serialize-transaction";
import type { Transaction } from "../transactions/schemas";
import { depositAccountIdOf, payOutToDepositAccount } from "./pay-out-to-deposit-account";

/** Ledger kind of an incoming UMA payment's credit. */
export const INCOMING_PAYMENT_CREDIT = "INCOMING_PAYMENT";

/**
 * Runs an approved incoming payment to the end, in the caller's transaction (the row locked):
 * PENDING → PROCESSING → COMPLETED with `settledAt`; clearing pays the received amount to the
 * customer's account and the fee to the Service's fee account through the ledger; then
 * INCOMING_PAYMENT.COMPLETED and INTERNAL_ACCOUNT.BALANCE_UPDATED (BEHAVIORS.md §3.3). A payment
 * whose destination is the customer's default UMA deposit account is paid on there from the
 * credited account (payOutToDepositAccount, §1.4), which may fail it with OFFRAMP_FAILED. An account
 * that can no longer receive (frozen, closed meanwhile) fails the payment with
 * ACCOUNT_CANNOT_RECEIVE and moves nothing. Throws: nothing expected.
 */
export async function creditIncomingPayment(tx: Tx, row: TransactionRow, note: string): Promise<Transaction> {
  const { platformId } = row;
  const processing = await recordTransactionStatus(tx, row, { status: "PROCESSING", note });
  let locked;
  try {
    locked = await lockInternalAccountForPayment(tx, { platformId, accountId: row.destinationAccountId!, direction: "RECEIVE", allowBare: true });
  } catch (e) {
    if (!isServiceError(e) || e.code !== "CONFLICT") throw e;
    return (await recordTransactionStatus(tx, processing.row, { status: "FAILED", failureReason: "ACCOUNT_CANNOT_RECEIVE", note: e.message })).transaction;
  }
  const { account, ledgerAccount } = locked;
  const received = row.receivedAmount!;
  const fees = row.fees ?? 0n;
  const system = await ensureSystemAccounts(tx, platformId, account.currency);
  await postLedgerTransaction(tx, {
    platformId,
    kind: INCOMING_PAYMENT_CREDIT,
    description: `Incoming payment ${formatId("Transaction", row.id)} of ${received} ${account.currency}`,
    transactionId: row.id,
    entries: [
      { ledgerAccountId: system.clearing.id, amount: -(received + fees) },
      { ledgerAccountId: ledgerAccount.id, amount: received },
      ...(fees > 0n ? [{ ledgerAccountId: system.fees.id, amount: fees }] : []),
    ],
  });
  const depositAccountId = depositAccountIdOf(row);
  // Credited then paid straight on: the balance ends where it began, so no BALANCE_UPDATED.
  if (depositAccountId) return payOutToDepositAccount(tx, processing.row, locked, depositAccountId);
  const { transaction } = await recordTransactionStatus(tx, processing.row, { status: "COMPLETED", settledAt: await now(tx, platformId) });
  await enqueueInternalAccountEvent(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, account);
  return transaction;
}
