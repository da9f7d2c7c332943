import type { Tx } from "../db";
import { getExternalAccountOrThrow } from "../external-accounts/get-external-account-or-throw";
import { isServiceError } from "../http/errors";
import { formatId, parseId } from "../http/ids";
import type { LockedInternalAccount } from "../internal-accounts/lock-internal-account-for-payment";
import { scheduleJob } from "../jobs/schedule-job";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { externalAccountOutcome, type QuoteOutcome } from "../quotes/quote-outcome";
import { now } from "../sandbox/clock";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import { serializeTransaction, type TransactionRow } from "../transactions/serialize-transaction";
import type { Transaction, TransactionDestination } from "../transactions/schemas";
import { SETTLE_DEPOSIT_PAYOUT_JOB, type DepositPayoutStep } from "./settle-deposit-payout";
import { startIncomingRefund } from "./start-incoming-refund";

/** Ledger kind of the payout from the customer's internal account to their default UMA deposit account. */
export const DEPOSIT_PAYOUT = "INCOMING_DEPOSIT_PAYOUT";

/**
 * The external account an incoming payment's destination names (its customer's default UMA deposit
 * account when the payment arrived), as a bare uuid; null when the funds stay in the internal account.
 */
export function depositAccountIdOf(row: TransactionRow): string | null {
  const destination = row.destination as TransactionDestination;
  return destination.destinationType === "ACCOUNT" ? parseId("ExternalAccount", destination.accountId) : null;
}

/**
 * Pays a credited incoming payment on to the customer's default UMA deposit account, in the
 * caller's transaction (BEHAVIORS.md §1.4, §3.3): the received amount leaves the internal account
 * for clearing as it would for any payout, so the customer's balance ends where it began. The
 * account's sandbox suffix decides the outcome as for quotes (§4.1, §4.3, reused from
 * quoteOutcome): delivered → COMPLETED; 003 stays PROCESSING and 005 comes back later (a timed
 * step); an account that fails the payout, or is no longer ACTIVE, fails the payment with
 * OFFRAMP_FAILED and refunds the sender (007: the refund fails). 006 (a user cancellation) has no
 * incoming meaning and is delivered. Throws: nothing expected.
 */
export async function payOutToDepositAccount(tx: Tx, row: TransactionRow, locked: LockedInternalAccount, depositAccountId: string): Promise<Transaction> {
  const { platformId } = row;
  const received = row.receivedAmount!;
  const { clearing } = await ensureSystemAccounts(tx, platformId, locked.account.currency);
  await postLedgerTransaction(tx, {
    platformId,
    kind: DEPOSIT_PAYOUT,
    description: `Incoming payment ${formatId("Transaction", row.id)}: ${received} ${locked.account.currency} paid out to ${formatId("ExternalAccount", depositAccountId)}`,
    transactionId: row.id,
    entries: [
      { ledgerAccountId: locked.ledgerAccount.id, amount: -received },
      { ledgerAccountId: clearing.id, amount: received },
    ],
  });

  const at = await now(tx, platformId);
  const outcome = await payoutOutcome(tx, platformId, depositAccountId);
  switch (outcome.kind) {
    case "FAIL":
      return startIncomingRefund(tx, row, { failureReason: "OFFRAMP_FAILED", isRefundFailing: outcome.isRefundFailing, note: `Payout to the default UMA deposit account failed: ${outcome.failureReason}` });
    case "COMPLETE_LATER":
      await scheduleSettlement("COMPLETE", outcome.afterSeconds);
      return serializeTransaction(row);
    case "COMPLETE_THEN_RETURN":
      await scheduleSettlement("RETURN", outcome.afterSeconds);
      return completed();
    case "COMPLETE":
    case "USER_CANCELLATION":
      return completed();
  }

  async function completed() {
    return (await recordTransactionStatus(tx, row, { status: "COMPLETED", settledAt: at, note: "Paid out to the default UMA deposit account" })).transaction;
  }
  async function scheduleSettlement(step: DepositPayoutStep, afterSeconds: number) {
    await scheduleJob(tx, { platformId, kind: SETTLE_DEPOSIT_PAYOUT_JOB, payload: { transactionId: row.id, step }, runAt: new Date(at.getTime() + afterSeconds * 1000) });
  }
}

/** The sandbox outcome of paying the account; one that cannot receive (not ACTIVE, or deleted since) fails like a bank rejection. */
async function payoutOutcome(tx: Tx, platformId: string, depositAccountId: string): Promise<QuoteOutcome> {
  const account = await getExternalAccountOrThrow(tx, platformId, formatId("ExternalAccount", depositAccountId)).catch((e: unknown) => {
    if (isServiceError(e) && e.code === "NOT_FOUND") return null;
    throw e;
  });
  if (!account || account.status !== "ACTIVE") return { kind: "FAIL", failureReason: "ACCOUNT_CANNOT_RECEIVE" };
  return externalAccountOutcome(account);
}
