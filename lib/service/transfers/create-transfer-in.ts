import type { Db } from "../db";
import { formatId, uuidv7 } from "../http/ids";
import { sandboxSuffix } from "../external-accounts/primary-identifier";
import { internalAccountEventRows, INTERNAL_ACCOUNT_EVENTS } from "../internal-accounts/enqueue-internal-account-event";
import { accountLedgerFrom } from "../internal-accounts/load-account-ledgers";
import { scheduleJob } from "../jobs/schedule-job";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { assertTransactionSize } from "../quotes/limits";
import { now } from "../sandbox/clock";
import { createTransaction, type CreateTransactionInput } from "../transactions/create-transaction";
import { railDetailsFor, withRailStatus } from "../transactions/rail-details";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { Transaction } from "../transactions/schemas";
import { FAIL_PENDING_TRANSFER_JOB } from "./fail-pending-transfer";
import { resolveTransferParties, type TransferParties } from "./resolve-transfer-parties";
import { PENDING_TRANSFER_SECONDS, transferOutcome } from "./sandbox-outcome";
import type { TransferInRequest } from "./schemas";
import { chooseRail, externalIdentifiers, externalSnapshot, internalIdentifiers, internalSnapshot } from "./transfer-columns";
import { sqlTransaction } from "../sql-transaction";
import { TRANSFER_TX_OPTIONS } from "./transfer-tx-options";

/** Ledger kind and transaction origin of a same-currency pull into an internal account. */
export const TRANSFER_IN = "TRANSFER_IN";

/**
 * POST /transfer-in: pulls money from a customer's bank account into their internal account of the
 * same currency (BEHAVIORS.md §2.8, §3.3, §4.2, 10.5, 10.7). On success, in one transaction, the
 * INCOMING transaction goes PROCESSING → COMPLETED, clearing is debited and the account credited
 * through the ledger, with INCOMING_PAYMENT.COMPLETED and INTERNAL_ACCOUNT.BALANCE_UPDATED. Inbound
 * failures never move balances: 002 (QUOTE_EXECUTION_FAILED) and 003 (ACCOUNT_INVALID) answer
 * FAILED at once, 004/008 fail after PROCESSING, 005 stays PENDING for 30 s then fails; each sends
 * INCOMING_PAYMENT.FAILED. Throws: as resolveTransferParties (CUSTOMER_DELETED, NOT_FOUND: a racing
 * delete of the customer or the bank account waits or wins); TRANSACTION_SIZE_LIMIT_EXCEEDED
 * (SPEC.md § Limits, as for a quote pulling from a bank account).
 */
export async function createTransferIn(db: Db, input: { platformId: string; request: TransferInRequest; agentId?: string }): Promise<Transaction> {
  const { platformId, request } = input;
  return sqlTransaction(db, async (tx) => {
    // A deleted customer's accounts take no new pulls (410); a racing delete of the customer or the bank account waits or wins.
    const parties = await resolveTransferParties(tx, { platformId, internalAccountId: request.destination.accountId, externalAccountId: request.source.accountId, direction: "IN" });
    const { account, ledgerAccount, external } = parties;
    assertTransactionSize(BigInt(request.amount), account.currency);
    const outcome = transferOutcome(sandboxSuffix(external.accountType, external.accountInfo as Record<string, unknown>));
    const at = await now(tx, platformId);
    const columns = { ...transferInColumns(parties, request), agentId: input.agentId ?? null };
    const railDetails = (status: "PENDING" | "PROCESSING" | "FAILED") => railDetailsFor(columns.paymentRail ?? null, status) ?? undefined;

    if (outcome.kind === "FAIL_AT_ONCE")
      return (await createTransaction(tx, { ...columns, status: "FAILED", failureReason: outcome.failureReason, sourceRailDetails: railDetails("FAILED") })).transaction;
    if (outcome.kind === "PENDING_THEN_FAIL") {
      const created = await createTransaction(tx, { ...columns, status: "PENDING", sourceRailDetails: railDetails("PENDING") });
      const runAt = new Date(at.getTime() + PENDING_TRANSFER_SECONDS * 1000);
      await scheduleJob(tx, { platformId, kind: FAIL_PENDING_TRANSFER_JOB, payload: { transactionId: created.row.id }, runAt });
      return created.transaction;
    }

    if (outcome.kind === "FAIL_AFTER_PROCESSING") {
      const { row } = await createTransaction(tx, { ...columns, status: "PROCESSING", sourceRailDetails: railDetails("PROCESSING") });
      return (await recordTransactionStatus(tx, row, { status: "FAILED", failureReason: outcome.failureReason, sourceRailDetails: withRailStatus(row.sourceRailDetails, "FAILED") })).transaction;
    }

    // As a transfer-out: the credit first, then the row, written once at its final status with its
    // PROCESSING step, its event and the balance event (from the posting's balances), with the COMMIT.
    const id = uuidv7(at.getTime());
    const amount = BigInt(request.amount);
    const { clearing } = await ensureSystemAccounts(tx, platformId, account.currency);
    const posted = await postLedgerTransaction(tx, {
      platformId,
      kind: TRANSFER_IN,
      description: `Transfer of ${amount} ${account.currency} from ${formatId("ExternalAccount", external.id)}`,
      transactionId: id,
      entries: [
        { ledgerAccountId: clearing.id, amount: -amount },
        { ledgerAccountId: ledgerAccount.id, amount },
      ],
    });
    const after = accountLedgerFrom(posted.balances.find((b) => b.ledgerAccountId === ledgerAccount.id)!);
    const processing = railDetails("PROCESSING");
    const { transaction } = await createTransaction(tx, {
      ...columns,
      id,
      status: "COMPLETED",
      settledAt: at,
      sourceRailDetails: withRailStatus(processing ?? null, "COMPLETED") ?? undefined,
      passedThrough: [{ status: "PROCESSING", sourceRailDetails: processing }],
      alsoWrite: () => internalAccountEventRows(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, account, after),
    });
    return transaction;
  }, TRANSFER_TX_OPTIONS);
}

function transferInColumns(parties: TransferParties, request: TransferInRequest) {
  const { account, external } = parties;
  const amount = BigInt(request.amount);
  return {
    platformId: account.platformId,
    type: "INCOMING",
    origin: TRANSFER_IN,
    customerId: parties.customerId,
    platformCustomerId: parties.platformCustomerId,
    sourceAccountId: external.id,
    destinationAccountId: account.id,
    source: { sourceType: "ACCOUNT", accountId: formatId("ExternalAccount", external.id), currency: external.currency },
    destination: { destinationType: "ACCOUNT", accountId: formatId("InternalAccount", account.id), currency: account.currency },
    sourceSnapshot: externalSnapshot(external),
    destinationSnapshot: internalSnapshot(account),
    senderIdentifiers: externalIdentifiers(external),
    receiverIdentifiers: internalIdentifiers(account),
    sentAmount: amount,
    sentCurrency: external.currency,
    receivedAmount: amount,
    receivedCurrency: account.currency,
    fees: 0n,
    paymentRail: chooseRail(external, undefined, "source.accountId").paymentRail,
  } satisfies Omit<CreateTransactionInput, "status">;
}
