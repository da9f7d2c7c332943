import type { Db } from "../db";
import type { JobContext } from "../jobs/handlers";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { findLedgerAccount } from "../ledger/find-ledger-account";
import { LedgerInvariantError } from "../ledger/ledger-invariant-error";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { now } from "../sandbox/clock";
import { lockTransaction } from "../transactions/lock-transaction";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { Refund } from "../transactions/schemas";
import { enqueueBalanceUpdated } from "./enqueue-balance-updated";
import { TRANSFER_TX_OPTIONS } from "./transfer-tx-options";

export const COMPLETE_TRANSFER_REFUND_JOB = "transfers.complete-refund";
/** BEHAVIORS.md 10.32: a refund goes from PENDING to COMPLETED 2 s later. */
export const REFUND_DELAY_SECONDS = 2;
/** Ledger kind of money given back to the source of a failed payout. */
export const TRANSFER_OUT_REFUND = "TRANSFER_OUT_REFUND";

/**
 * Timed step of a failed payout whose debit had left the account (suffixes 004, 008): credits the
 * amount back from clearing to the source internal account, marks the refund COMPLETED with
 * `settledAt` and sends <…>_PAYMENT.REFUND_COMPLETED and INTERNAL_ACCOUNT.BALANCE_UPDATED, in one
 * transaction (BEHAVIORS.md §3.4, 10.32). A refund no longer PENDING is left alone, so a rerun
 * posts nothing. Throws: TRANSACTION_NOT_FOUND; LedgerInvariantError.
 */
export async function completeTransferRefund(db: Db, input: { platformId: string; transactionId: string }): Promise<void> {
  const { platformId } = input;
  await db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, input);
    const refund = row.refund as Refund | null;
    if (refund?.status !== "PENDING") return;
    if (row.sourceAccountId === null || row.sentAmount === null || row.sentCurrency === null) throw new LedgerInvariantError(`Transaction ${row.id} has no source account to refund`);
    const ledgerAccount = await findLedgerAccount(tx, { platformId, internalAccountId: row.sourceAccountId });
    if (!ledgerAccount) throw new LedgerInvariantError(`Internal account ${row.sourceAccountId} has no ledger account`);
    const { clearing } = await ensureSystemAccounts(tx, platformId, row.sentCurrency);
    await postLedgerTransaction(tx, {
      platformId,
      kind: TRANSFER_OUT_REFUND,
      description: `Refund of ${row.sentAmount} ${row.sentCurrency} (${refund.reference})`,
      transactionId: row.id,
      entries: [
        { ledgerAccountId: clearing.id, amount: -row.sentAmount },
        { ledgerAccountId: ledgerAccount.id, amount: row.sentAmount },
      ],
    });
    const at = await now(tx, platformId);
    await recordTransactionStatus(tx, row, { refund: { ...refund, status: "COMPLETED", settledAt: at.toISOString() }, note: "Refund credited to the source account" });
    await enqueueBalanceUpdated(tx, platformId, row.sourceAccountId);
  }, TRANSFER_TX_OPTIONS);
}

export const runCompleteTransferRefund = ({ db, platformId, payload }: JobContext) =>
  completeTransferRefund(db, { platformId, transactionId: (payload as { transactionId: string }).transactionId });
