import type { Db } from "../db";
import { formatId } from "../http/ids";
import { isServiceError } from "../http/errors";
import { enqueueInternalAccountEvent, INTERNAL_ACCOUNT_EVENTS } from "../internal-accounts/enqueue-internal-account-event";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { findLedgerAccount } from "../ledger/find-ledger-account";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { now } from "../sandbox/clock";
import { getTransactionOrThrow } from "../transactions/get-transaction-or-throw";
import { lockTransaction } from "../transactions/lock-transaction";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { Transaction } from "../transactions/schemas";
import { achDepositRailDetails, notApplicable } from "./ach-deposit";

/** Ledger kind of a returned ACH deposit's reversal. */
export const ACH_DEPOSIT_RETURN = "ACH_DEPOSIT_RETURN";

/**
 * POST /sandbox/transactions/{transactionId}/return: the bank returns a COMPLETED incoming ACH
 * deposit (SPEC.md "Transaction status", BEHAVIORS.md §3.3). If the credited amount is still
 * available, the credit is reversed through the ledger and the transaction goes FAILED with
 * INCOMING_PAYMENT.FAILED and INTERNAL_ACCOUNT.BALANCE_UPDATED; if it was already spent, the
 * transaction stays COMPLETED and only its source railDetails shows the return. Either way the
 * railDetails become RETURNED with `returnedAt`.
 * Throws: TRANSACTION_NOT_FOUND, INVALID_STATE_TRANSITION (not a COMPLETED ACH deposit, or returned before).
 */
export async function returnAchDeposit(db: Db, input: { platformId: string; transactionId: string }): Promise<Transaction> {
  const { platformId } = input;
  const found = await getTransactionOrThrow(db, platformId, input.transactionId);
  return db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, { platformId, transactionId: found.id });
    const rail = achDepositRailDetails(row);
    if (!rail) throw notApplicable(row, "is not an incoming ACH deposit; only deposits pulled from a US bank account over ACH (POST /transfer-in) can be returned");
    // An entry is returned once: after a return (dishonored or not) the bank cannot return it again.
    if (row.status !== "COMPLETED" || rail.status !== "COMPLETED")
      throw notApplicable(row, `cannot be returned: it is ${row.status} with ACH status ${rail.status}; only a COMPLETED deposit never returned before can be`);

    const at = await now(tx, platformId);
    const returned = { ...rail, status: "RETURNED" as const, returnedAt: at.toISOString() };
    const amount = row.receivedAmount!;
    const ledgerAccount = (await findLedgerAccount(tx, { platformId, internalAccountId: row.destinationAccountId! }))!;
    const { clearing } = await ensureSystemAccounts(tx, platformId, ledgerAccount.currency);
    try {
      await postLedgerTransaction(tx, {
        platformId,
        kind: ACH_DEPOSIT_RETURN,
        description: `ACH return of ${formatId("Transaction", row.id)}`,
        transactionId: row.id,
        entries: [
          { ledgerAccountId: ledgerAccount.id, amount: -amount },
          { ledgerAccountId: clearing.id, amount },
        ],
      });
    } catch (e) {
      // The ledger refuses before writing anything, so the transaction stays usable.
      if (!isServiceError(e) || e.code !== "INSUFFICIENT_BALANCE") throw e;
      const note = "ACH return received after the funds were used: the deposit stays COMPLETED";
      const kept = await recordTransactionStatus(tx, row, { sourceRailDetails: returned, note });
      return kept.transaction;
    }
    const failed = await recordTransactionStatus(tx, row, { status: "FAILED", failureReason: null, sourceRailDetails: returned, note: "ACH deposit returned by the bank: credit reversed" });
    const account = await tx.internalAccount.findFirstOrThrow({ where: { id: row.destinationAccountId!, platformId } });
    await enqueueInternalAccountEvent(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, account);
    return failed.transaction;
  });
}
