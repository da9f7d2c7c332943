import type { Db } from "../db";
import { formatId } from "../http/ids";
import type { JobContext } from "../jobs/handlers";
import type { LedgerEntryInput } from "../ledger/apply-posting";
import type { LedgerTx } from "../ledger/ledger-tx";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { mergeLedgerEntries } from "../quotes/merge-ledger-entries";
import { now } from "../sandbox/clock";
import { lockTransaction } from "../transactions/lock-transaction";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { Refund } from "../transactions/schemas";
import type { TransactionRow } from "../transactions/serialize-transaction";
import { INCOMING_PAYMENT_CREDIT } from "./credit-incoming-payment";
import { DEPOSIT_PAYOUT } from "./pay-out-to-deposit-account";

/** Timed step that settles an incoming refund (handler in lib/service/jobs/handlers.ts). */
export const COMPLETE_INCOMING_REFUND_JOB = "incoming-payments.complete-refund";
/** Ledger kind of an incoming payment's refund to its sender. */
export const INCOMING_PAYMENT_REFUND = "INCOMING_PAYMENT_REFUND";

/**
 * Timed step 2 s after INCOMING_PAYMENT.REFUND_PENDING (BEHAVIORS.md §3.4, 10.32): the sender gets
 * back everything they paid (postIncomingRefund) and the refund reads COMPLETED with settledAt
 * (INCOMING_PAYMENT.REFUND_COMPLETED); with `isRefundFailing` (suffix 007) it reads FAILED
 * (INCOMING_PAYMENT.REFUND_FAILED) and the money waits in clearing for manual resolution.
 * A refund no longer PENDING is left alone. Throws: TRANSACTION_NOT_FOUND.
 */
export async function completeIncomingRefund(db: Db, input: { platformId: string; transactionId: string; isRefundFailing?: boolean }): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, input);
    const refund = row.refund as Refund | null;
    if (refund?.status !== "PENDING") return;
    if (input.isRefundFailing) {
      await recordTransactionStatus(tx, row, { refund: { ...refund, status: "FAILED" }, note: "Sandbox: the refund to the sender failed (suffix 007); resolve manually" });
      return;
    }
    await postIncomingRefund(tx, row);
    const at = await now(tx, input.platformId);
    await recordTransactionStatus(tx, row, { refund: { ...refund, status: "COMPLETED", settledAt: at.toISOString() }, note: "Refunded to the sender" });
  });
}

/**
 * Reverses what the payment posted: the failed or returned payout already put the received amount
 * back in clearing (the sender's side), so what remains is the Service's fee, returned with it.
 * The customer's internal account does not move: the payout took back what the credit gave.
 */
async function postIncomingRefund(tx: LedgerTx, row: TransactionRow): Promise<void> {
  const { platformId } = row;
  const posted = await tx.ledgerTransaction.findMany({ where: { platformId, transactionId: row.id, kind: { in: [INCOMING_PAYMENT_CREDIT, DEPOSIT_PAYOUT] } }, include: { entries: true } });
  const reversal: LedgerEntryInput[] = posted.flatMap((t) => t.entries.map((e) => ({ ledgerAccountId: e.ledgerAccountId, amount: -e.amount })));
  const entries = mergeLedgerEntries(reversal);
  if (entries.length === 0) return;
  await postLedgerTransaction(tx, { platformId, kind: INCOMING_PAYMENT_REFUND, description: `Refund of ${formatId("Transaction", row.id)} to its sender`, transactionId: row.id, entries });
}

export const runCompleteIncomingRefund = ({ db, platformId, payload }: JobContext) => {
  const { transactionId, isRefundFailing } = payload as { transactionId: string; isRefundFailing?: boolean };
  return completeIncomingRefund(db, { platformId, transactionId, isRefundFailing });
};
