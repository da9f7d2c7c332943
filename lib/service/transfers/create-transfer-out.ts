import type { Db } from "../db";
import { formatId, uuidv7 } from "../http/ids";
import { sandboxSuffix } from "../external-accounts/primary-identifier";
import { enqueueInternalAccountEvent, internalAccountEventRows, INTERNAL_ACCOUNT_EVENTS } from "../internal-accounts/enqueue-internal-account-event";
import { accountLedgerFrom } from "../internal-accounts/load-account-ledgers";
import { scheduleJob } from "../jobs/schedule-job";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { placeHold } from "../ledger/place-hold";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { now } from "../sandbox/clock";
import { assertAchSameDayCap, assertDailyVolume, assertTransactionSize, usdCents } from "../quotes/limits";
import { assertPlatformSends } from "../quotes/currency-limits";
import { createTransaction, type CreateTransactionInput } from "../transactions/create-transaction";
import { expectedSettlementAt, railDetailsFor, withRailStatus } from "../transactions/rail-details";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { Transaction } from "../transactions/schemas";
import { refundReference } from "../transactions/transaction-reference";
import { assertNotEmbeddedWallet } from "./assert-not-embedded-wallet";
import { COMPLETE_TRANSFER_REFUND_JOB, REFUND_DELAY_SECONDS } from "./complete-transfer-refund";
import { FAIL_PENDING_TRANSFER_JOB } from "./fail-pending-transfer";
import { resolveTransferParties, type TransferParties } from "./resolve-transfer-parties";
import { PENDING_TRANSFER_SECONDS, transferOutcome } from "./sandbox-outcome";
import type { TransferOutRequest } from "./schemas";
import { chooseRail, externalIdentifiers, externalSnapshot, internalIdentifiers, internalSnapshot } from "./transfer-columns";
import { sqlTransaction } from "../sql-transaction";
import { TRANSFER_TX_OPTIONS } from "./transfer-tx-options";

/** Ledger kind and transaction origin of a same-currency payout. */
export const TRANSFER_OUT = "TRANSFER_OUT";

/**
 * POST /transfer-out: pays an internal account's money to an external account of the same currency
 * (BEHAVIORS.md §2.8, §4.2, 10.5, 10.7, 10.13). In one transaction: the amount is debited into
 * clearing (refused with INSUFFICIENT_BALANCE when the available balance cannot cover it), the
 * OUTGOING transaction goes PENDING → PROCESSING → COMPLETED, each step with its
 * OUTGOING_PAYMENT.* event, then INTERNAL_ACCOUNT.BALANCE_UPDATED. Sandbox suffixes: 002/003
 * answer FAILED with nothing held; 004/008 fail after the debit, refunded 2 s later; 005 stays
 * PENDING (amount held) for 30 s, then fails and the hold is released.
 * Throws: NOT_FOUND, CONFLICT, INVALID_INPUT, INVALID_CURRENCY, EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED,
 * END_USER_TERMS_NOT_ACCEPTED, CUSTOMER_DELETED (resolveTransferParties; a racing delete of the
 * customer or the destination waits or wins); WALLET_SIGNATURE_MISSING (an embedded-wallet
 * source, assertNotEmbeddedWallet); INVALID_CURRENCY (the platform has not enabled OUTGOING for the
 * currency) and AMOUNT_OUT_OF_RANGE (outside its minAmount…maxAmount: currency-limits.ts);
 * TRANSACTION_SIZE_LIMIT_EXCEEDED (per-payment size, ACH_SAME_DAY
 * per-entry cap); INSUFFICIENT_BALANCE; DAILY_VOLUME_LIMIT_EXCEEDED (429 with Retry-After,
 * lib/service/quotes/limits.ts).
 */
export async function createTransferOut(db: Db, input: { platformId: string; request: TransferOutRequest; agentId?: string }): Promise<Transaction> {
  const { platformId, request } = input;
  return sqlTransaction(db, async (tx) => {
    // A deleted customer's money stays put (410), a deleted destination gets nothing (404); a racing delete waits or wins.
    // lockPayer: the daily-volume check below then finds the payer's lock taken.
    const parties = await resolveTransferParties(tx, { platformId, internalAccountId: request.source.accountId, externalAccountId: request.destination.accountId, direction: "OUT", lockPayer: true });
    const { account, ledgerAccount, external } = parties;
    assertNotEmbeddedWallet(account);
    const amount = BigInt(request.amount);
    // SPEC.md § Limits, as for quotes: refused before anything is written, whatever the sandbox outcome.
    assertTransactionSize(amount, account.currency);
    const outcome = transferOutcome(sandboxSuffix(external.accountType, external.accountInfo as Record<string, unknown>));
    const at = await now(tx, platformId);
    const id = uuidv7(at.getTime());
    const columns = { ...transferOutColumns(parties, request, at), agentId: input.agentId ?? null };
    if (columns.paymentRail === "ACH_SAME_DAY") assertAchSameDayCap(usdCents(amount, account.currency), at);
    // The platform's own limits for the currency, within the Service's (the default USD maxAmount is the per-payment limit).
    assertPlatformSends(parties.supportedCurrencies, amount, account.currency);
    const railDetails = (status: "PENDING" | "PROCESSING" | "FAILED") => railDetailsFor(columns.paymentRail ?? null, status);

    if (outcome.kind === "FAIL_AT_ONCE")
      return (await createTransaction(tx, { ...columns, id, status: "FAILED", failureReason: outcome.failureReason, destinationRailDetails: railDetails("FAILED") ?? undefined })).transaction;

    const volume = { platformId, customerId: account.customerId, amount, currency: account.currency, paying: true, payerLocked: true } as const;

    if (outcome.kind === "PENDING_THEN_FAIL") {
      await assertDailyVolume(tx, volume);
      // The payout waits on the rail: the amount is held (no longer available) until it fails.
      const hold = await placeHold(tx, { platformId, ledgerAccountId: ledgerAccount.id, amount, reference: formatId("Transaction", id), transactionId: id });
      const { transaction } = await createTransaction(tx, { ...columns, id, status: "PENDING", destinationRailDetails: railDetails("PENDING") ?? undefined });
      const runAt = new Date(at.getTime() + PENDING_TRANSFER_SECONDS * 1000);
      await scheduleJob(tx, { platformId, kind: FAIL_PENDING_TRANSFER_JOB, payload: { transactionId: id, holdId: hold.id }, runAt });
      await enqueueInternalAccountEvent(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, account);
      return transaction;
    }

    // The payout leaves at once. The debit goes straight to clearing (a hold captured in the same
    // database transaction would be invisible to everyone and cost three more round trips), before
    // the transaction row is written: a refused debit (DAILY_VOLUME_LIMIT_EXCEEDED, then
    // INSUFFICIENT_BALANCE) has written nothing. The volume check goes out with the ledger lock;
    // the debit and the row, written once at its final status with every step's event and the
    // balance event, go out with the COMMIT.
    const { clearing } = await ensureSystemAccounts(tx, platformId, account.currency);
    const posted = await postLedgerTransaction(tx, {
      alongside: assertDailyVolume(tx, volume),
      platformId,
      kind: TRANSFER_OUT,
      description: `Transfer of ${amount} ${account.currency} to ${formatId("ExternalAccount", external.id)}`,
      transactionId: id,
      entries: [
        { ledgerAccountId: ledgerAccount.id, amount: -amount },
        { ledgerAccountId: clearing.id, amount },
      ],
    });
    const sourceAfter = accountLedgerFrom(posted.balances.find((b) => b.ledgerAccountId === ledgerAccount.id)!);
    const balanceEvent = () => internalAccountEventRows(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, account, sourceAfter);
    const pending = { status: "PENDING", destinationRailDetails: railDetails("PENDING") ?? undefined } as const;
    const processing = { ...columns, id, status: "PROCESSING", destinationRailDetails: railDetails("PROCESSING") ?? undefined } as const;
    if (outcome.kind === "FAIL_AFTER_PROCESSING") {
      const { row } = await createTransaction(tx, { ...processing, passedThrough: [pending] });
      const { transaction } = await recordTransactionStatus(tx, row, {
        status: "FAILED",
        failureReason: outcome.failureReason,
        refund: { reference: refundReference(row.reference), initiatedAt: at.toISOString(), status: "PENDING", reason: "TRANSACTION_FAILED" },
        destinationRailDetails: withRailStatus(row.destinationRailDetails, "FAILED"),
        alsoWrite: balanceEvent,
      });
      const runAt = new Date(at.getTime() + REFUND_DELAY_SECONDS * 1000);
      await scheduleJob(tx, { platformId, kind: COMPLETE_TRANSFER_REFUND_JOB, payload: { transactionId: id }, runAt });
      return transaction;
    }
    const { transaction } = await createTransaction(tx, {
      ...processing,
      status: "COMPLETED",
      settledAt: at,
      destinationRailDetails: withRailStatus(processing.destinationRailDetails, "COMPLETED") ?? undefined,
      passedThrough: [pending, { status: "PROCESSING", destinationRailDetails: processing.destinationRailDetails }],
      alsoWrite: balanceEvent,
    });
    return transaction;
  }, TRANSFER_TX_OPTIONS);
}

function transferOutColumns(parties: TransferParties, request: TransferOutRequest, at: Date) {
  const { account, external } = parties;
  const amount = BigInt(request.amount);
  const rail = chooseRail(external, request.destination.paymentRail, "destination.paymentRail");
  return {
    platformId: account.platformId,
    type: "OUTGOING",
    origin: TRANSFER_OUT,
    customerId: parties.customerId,
    platformCustomerId: parties.platformCustomerId,
    sourceAccountId: account.id,
    destinationAccountId: external.id,
    source: { sourceType: "ACCOUNT", accountId: formatId("InternalAccount", account.id), currency: account.currency },
    destination: { destinationType: "ACCOUNT", accountId: formatId("ExternalAccount", external.id), currency: external.currency },
    sourceSnapshot: internalSnapshot(account),
    destinationSnapshot: externalSnapshot(external),
    senderIdentifiers: internalIdentifiers(account),
    receiverIdentifiers: externalIdentifiers(external),
    sentAmount: amount,
    sentCurrency: account.currency,
    receivedAmount: amount,
    receivedCurrency: external.currency,
    fees: 0n,
    exchangeRate: "1",
    paymentRail: rail.paymentRail,
    railSelectionMode: rail.railSelectionMode,
    expectedSettlementAt: expectedSettlementAt(rail.paymentRail, at),
    description: request.remittanceInformation ?? null,
    remittanceInformation: request.remittanceInformation ?? null,
    purposeOfPayment: request.purposeOfPayment ?? null,
  } satisfies Omit<CreateTransactionInput, "status">;
}
