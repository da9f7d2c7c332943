import { getExternalAccountOrThrow } from "../external-accounts/get-external-account-or-throw";
import { sandboxSuffix } from "../external-accounts/primary-identifier";
import type { ExternalAccountRow } from "../external-accounts/serialize-external-account";
import { formatId } from "../http/ids";
import { scheduleJob } from "../jobs/schedule-job";
import type { SqlLedgerTx } from "../ledger/ledger-tx";
import { now } from "../sandbox/clock";
import { withRailStatus } from "../transactions/rail-details";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { TransactionRow } from "../transactions/serialize-transaction";
import { assertCanPullFrom } from "../transfers/assert-can-pull-from";
import { PENDING_TRANSFER_SECONDS, transferOutcome } from "../transfers/sandbox-outcome";
import { FAIL_PENDING_PULL_JOB } from "./fail-pending-pull";
import { runQuote } from "./run-quote";
import type { QuoteRow } from "./serialize-quote";
import { quoteStatusChange } from "./set-quote-status";

/**
 * The bank account a pull-source quote pulls from, checked again at execution (it may have been
 * deleted or lost its status since the quote was made). Throws: NOT_FOUND; as assertCanPullFrom.
 */
export async function getPullSourceOrThrow(tx: SqlLedgerTx, quote: QuoteRow): Promise<ExternalAccountRow> {
  const external = await getExternalAccountOrThrow(tx, quote.platformId, formatId("ExternalAccount", quote.sourceAccountId!));
  assertCanPullFrom(external, "source.accountId");
  return external;
}

/**
 * Runs a quote funded by a pull from a bank account (BEHAVIORS.md §2.1 "Pull", §2.7): no balance to
 * check; the pull's sandbox outcome is chosen by the source account's suffix as for POST
 * /transfer-in (§4.1–4.2, 10.5). A failed pull never moves money and fails the quote with its
 * transaction: 002 (QUOTE_EXECUTION_FAILED) and 003 (ACCOUNT_INVALID) at once, 004/008 after
 * PROCESSING, 005 stays PENDING (the quote PROCESSING: it ran) and fails 30 s later. A successful pull
 * lands in clearing and the quote runs like an executed prefunded one (runQuote). In the caller's
 * transaction, quote and transaction locked by the caller.
 * Throws: as runQuote (a destination internal account that can no longer receive).
 */
export async function runPullQuote(
  tx: SqlLedgerTx,
  quote: QuoteRow,
  transaction: TransactionRow,
  source: ExternalAccountRow,
  known: { destination?: Pick<ExternalAccountRow, "accountType" | "accountInfo"> } = {},
): Promise<TransactionRow> {
  const outcome = transferOutcome(sandboxSuffix(source.accountType, source.accountInfo as Record<string, unknown>));
  if (outcome.kind === "SUCCESS") return runQuote(tx, quote, transaction, null, { ...known, isPull: true });

  const at = await now(tx, quote.platformId);
  // Authorized after PENDING_AUTHORIZATION: no .PENDING again (as runQuote); else .PENDING first (10.1).
  const pendingFirst = transaction.status === "PENDING_AUTHORIZATION" ? {} : { eventBefore: { eventType: "OUTGOING_PAYMENT.PENDING", note: "Quote executed: pulling from the source bank account" } };
  const rails = (row: TransactionRow, status: "PROCESSING" | "FAILED") => ({
    sourceRailDetails: withRailStatus(row.sourceRailDetails, status),
    destinationRailDetails: withRailStatus(row.destinationRailDetails, status),
  });
  switch (outcome.kind) {
    case "FAIL_AT_ONCE": {
      const failed = await recordTransactionStatus(tx, transaction, {
        ...pendingFirst,
        status: "FAILED",
        failureReason: outcome.failureReason,
        ...rails(transaction, "FAILED"),
        note: `Sandbox outcome of the pull: ${outcome.failureReason}; nothing was pulled`,
        alsoWrite: async () => quoteStatusChange(transaction, "FAILED", at, { executedAt: at }),
      });
      return failed.row;
    }
    case "PENDING_THEN_FAIL": {
      const pending = await recordTransactionStatus(tx, transaction, {
        status: "PENDING",
        eventType: "OUTGOING_PAYMENT.PENDING",
        note: "Quote executed: the pull is pending (sandbox suffix 005)",
        alsoWrite: async () => quoteStatusChange(transaction, "PROCESSING", at, { executedAt: at }),
      });
      await scheduleJob(tx, { platformId: quote.platformId, kind: FAIL_PENDING_PULL_JOB, payload: { transactionId: transaction.id }, runAt: new Date(at.getTime() + PENDING_TRANSFER_SECONDS * 1000) });
      return pending.row;
    }
    case "FAIL_AFTER_PROCESSING": {
      const processing = await recordTransactionStatus(tx, transaction, {
        ...pendingFirst,
        status: "PROCESSING",
        ...rails(transaction, "PROCESSING"),
        alsoWrite: async () => quoteStatusChange(transaction, "PROCESSING", at, { executedAt: at }),
      });
      const failed = await recordTransactionStatus(tx, processing.row, {
        status: "FAILED",
        failureReason: outcome.failureReason,
        ...rails(processing.row, "FAILED"),
        note: `Sandbox outcome of the pull: ${outcome.failureReason}; nothing was pulled`,
        alsoWrite: async () => quoteStatusChange(transaction, "FAILED", at),
      });
      return failed.row;
    }
  }
}
