import { formatId } from "../http/ids";
import { getExternalAccountOrThrow } from "../external-accounts/get-external-account-or-throw";
import type { ExternalAccountRow } from "../external-accounts/serialize-external-account";
import type { LockedInternalAccount } from "../internal-accounts/lock-internal-account-for-payment";
import { scheduleJob } from "../jobs/schedule-job";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import type { SqlLedgerTx } from "../ledger/ledger-tx";
import { postLedgerTransactions } from "../ledger/post-ledger-transaction";
import { now } from "../sandbox/clock";
import { expectedSettlementAt, withRailStatus } from "../transactions/rail-details";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { TransactionRow } from "../transactions/serialize-transaction";
import { enqueueInternalAccountEvent, internalAccountEventRows, INTERNAL_ACCOUNT_EVENTS } from "../internal-accounts/enqueue-internal-account-event";
import type { AccountLedger } from "../internal-accounts/serialize-internal-account";
import { accountLedgerFrom } from "../internal-accounts/load-account-ledgers";
import { resolveSandboxCounterparty } from "../uma/sandbox-counterparties";
import { externalAccountOutcome, umaOutcome, type QuoteOutcome } from "./quote-outcome";
import type { QuoteRow } from "./serialize-quote";
import { COMPLETE_QUOTE_JOB } from "./complete-quote-later";
import { RETURN_QUOTE_PAYOUT_JOB } from "./return-quote-payout";
import { QUOTE_DEBIT, planSettlement, settleQuote, settlementPosting, type SettlementPlan } from "./settle-quote";
import { quoteStatusChange } from "./set-quote-status";
import { startQuoteRefund } from "./start-quote-refund";


/**
 * The sandbox outcome of a quote, from its destination (BEHAVIORS.md §4.3, §4.6). `destination`:
 * the external account when the caller read it in this database transaction already.
 */
export async function outcomeOf(tx: SqlLedgerTx, quote: QuoteRow, destination?: QuoteDestination): Promise<QuoteOutcome> {
  if (quote.destinationType === "UMA_ADDRESS") return umaOutcome(resolveSandboxCounterparty((quote.destination as { umaAddress: string }).umaAddress).behavior);
  if (quote.destinationAccountKind === "EXTERNAL") {
    const external = destination ?? (await readQuoteDestination(tx, quote));
    if (external) return externalAccountOutcome(external);
    await getExternalAccountOrThrow(tx, quote.platformId, formatId("ExternalAccount", quote.destinationAccountId!));
  }
  return { kind: "COMPLETE" };
}

/** What outcomeOf needs of a destination external account. */
export type QuoteDestination = Pick<ExternalAccountRow, "accountType" | "accountInfo">;

/**
 * A quote's destination external account as outcomeOf reads it (undefined for any other
 * destination), for a caller that sends it beside its other reads. Deleted since the quote was
 * made or not: the payout still goes where the quote said.
 */
export async function readQuoteDestination(tx: SqlLedgerTx, quote: QuoteRow): Promise<QuoteDestination | undefined> {
  if (quote.destinationType === "UMA_ADDRESS" || quote.destinationAccountKind !== "EXTERNAL") return undefined;
  const [external] = await tx.$queryRaw<QuoteDestination[]>`
    SELECT "accountType", "accountInfo" FROM "ExternalAccount" WHERE "id" = ${quote.destinationAccountId}::uuid AND "platformId" = ${quote.platformId}::uuid`;
  return external;
}

/**
 * Runs a quote whose money is there: from an internal account (execute, immediatelyExecute) the
 * amount is debited into clearing (refused with INSUFFICIENT_BALANCE, the whole database
 * transaction rolled back, when the available balance cannot cover it); realtime funds (POST /sandbox/send)
 * and a successful pull from a bank account (`known.isPull`, runPullQuote) arrive in clearing. The transaction sends OUTGOING_PAYMENT.PENDING then .PROCESSING (BEHAVIORS.md 10.1),
 * the quote goes PROCESSING, and the sandbox outcome follows in the same transaction or as a timed
 * step. In the caller's transaction, with the quote and its transaction locked by the caller.
 * `known.destination`: the destination external account, when the caller has just read it;
 * `known.isPull`: the pull has succeeded (the source's ACH railDetails read COMPLETED).
 * Throws: INSUFFICIENT_BALANCE; CONFLICT (destination internal account no longer ACTIVE).
 */
export async function runQuote(
  tx: SqlLedgerTx,
  quote: QuoteRow,
  transaction: TransactionRow,
  source: LockedInternalAccount | null,
  known: { destination?: QuoteDestination; isPull?: boolean } = {},
): Promise<TransactionRow> {
  const { platformId } = quote;
  const at = await now(tx, platformId);

  // Authorized after PENDING_AUTHORIZATION: straight to PROCESSING (BEHAVIORS.md §3.2); else .PENDING first (10.1).
  const isAuthorized = transaction.status === "PENDING_AUTHORIZATION";
  const { row } = await recordTransactionStatus(tx, transaction, {
    status: "PROCESSING",
    destinationRailDetails: withRailStatus(transaction.destinationRailDetails, "PROCESSING"),
    // The payout leaves now, not when the quote was made (BEHAVIORS.md 10.16): ACH_SAME_DAY settles the day it is sent.
    expectedSettlementAt: expectedSettlementAt(transaction.paymentRail, at),
    ...(known.isPull && { sourceRailDetails: withRailStatus(transaction.sourceRailDetails, "COMPLETED") }),
    ...(isAuthorized
      ? { note: "Quote authorized (SCA) and executed" }
      : { eventBefore: { eventType: "OUTGOING_PAYMENT.PENDING", note: source ? "Quote executed" : known.isPull ? "Quote executed: pulled from the source bank account" : "Funds received" } }),
    alsoWrite: async () => quoteStatusChange(transaction, "PROCESSING", at, { executedAt: at }),
  });

  const outcome = await outcomeOf(tx, quote, known.destination);
  const settlesNow = outcome.kind === "COMPLETE" || outcome.kind === "COMPLETE_THEN_RETURN";
  // Planned before the debit, which locks the settlement's accounts with the source's.
  const plan = settlesNow ? await planSettlement(tx, quote) : undefined;
  // The debit posts the settlement too when the quote settles now (one lock of every account).
  const debited = source ? { account: source.account, after: await debitSource(tx, quote, transaction.id, source, plan) } : null;
  const isPosted = debited !== null;
  // The source's INTERNAL_ACCOUNT.BALANCE_UPDATED rides in the settlement's COMPLETED step when the
  // quote settles now (a round trip less), else it is written on its own before the outcome's steps.
  if (debited && !settlesNow) await enqueueInternalAccountEvent(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, debited.account, debited.after);
  const balanceEvent = debited && settlesNow ? () => internalAccountEventRows(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, debited.account, debited.after) : undefined;
  switch (outcome.kind) {
    case "COMPLETE":
      return settleQuote(tx, quote, row, { alsoWrite: balanceEvent, plan, isPosted });
    case "COMPLETE_LATER":
      await scheduleJob(tx, { platformId, kind: COMPLETE_QUOTE_JOB, payload: { transactionId: row.id }, runAt: new Date(at.getTime() + outcome.afterSeconds * 1000) });
      return row;
    case "COMPLETE_THEN_RETURN": {
      const settled = await settleQuote(tx, quote, row, { alsoWrite: balanceEvent, plan, isPosted });
      await scheduleJob(tx, { platformId, kind: RETURN_QUOTE_PAYOUT_JOB, payload: { transactionId: row.id }, runAt: new Date(at.getTime() + outcome.afterSeconds * 1000) });
      return settled;
    }
    case "FAIL":
      return startQuoteRefund(tx, row, {
        reason: "TRANSACTION_FAILED",
        status: "FAILED",
        failureReason: outcome.failureReason,
        destinationRailDetails: withRailStatus(row.destinationRailDetails, "FAILED"),
        ...(outcome.isRefundFailing && { then: "REFUND_FAILS" as const }),
        note: `Sandbox outcome of the destination: ${outcome.failureReason}`,
      });
    case "USER_CANCELLATION":
      return startQuoteRefund(tx, row, { reason: "USER_CANCELLATION", then: "COMPLETE", note: "Sandbox: the payment was cancelled by the user (suffix 006)" });
  }
}

/**
 * Debits the quote's sending amount from the source straight into clearing, not held then captured:
 * both would happen in this database transaction, so the hold would be invisible to everyone and
 * cost three round trips. With the settlement's `plan`, the settlement is posted right after the
 * debit in the same call: every account of both is locked in one statement, in id order, so two
 * quotes between the same accounts in opposite directions queue instead of deadlocking (and the
 * settlement takes no lock of its own). Answers the source's balances after the debit.
 */
export async function debitSource(tx: SqlLedgerTx, quote: QuoteRow, transactionId: string, source: LockedInternalAccount, plan?: SettlementPlan): Promise<AccountLedger> {
  const { platformId } = quote;
  const amount = quote.totalSendingAmount;
  const { clearing } = await ensureSystemAccounts(tx, platformId, quote.sendingCurrency);
  const settlement = plan ? settlementPosting(quote, transactionId, plan) : null;
  const [debit] = await postLedgerTransactions(tx, [
    {
      platformId,
      kind: QUOTE_DEBIT,
      description: `Quote ${formatId("Quote", quote.id)}: ${amount} ${quote.sendingCurrency} debited`,
      transactionId,
      entries: [
        { ledgerAccountId: source.ledgerAccount.id, amount: -amount },
        { ledgerAccountId: clearing.id, amount },
      ],
    },
    ...(settlement ? [settlement] : []),
  ]);
  // The source row is share-locked since it was read: only its balance moved.
  return accountLedgerFrom(debit!.balances.find((b) => b.ledgerAccountId === source.ledgerAccount.id)!);
}
