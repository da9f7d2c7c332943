import type { Db } from "../db";
import { formatId } from "../http/ids";
import { enqueueInternalAccountEvent, INTERNAL_ACCOUNT_EVENTS } from "../internal-accounts/enqueue-internal-account-event";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { findLedgerAccount } from "../ledger/find-ledger-account";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { now } from "../sandbox/clock";
import { getTransactionOrThrow } from "../transactions/get-transaction-or-throw";
import { lockTransaction } from "../transactions/lock-transaction";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { RailDetails, Transaction } from "../transactions/schemas";
import { achDepositRailDetails, notApplicable } from "./ach-deposit";

/** Ledger kind of a dishonored return's re-credit. */
export const ACH_RETURN_DISHONORED = "ACH_RETURN_DISHONORED";

/**
 * POST /sandbox/transactions/{transactionId}/dishonor-return: the return of an incoming ACH deposit
 * is dishonored (SPEC.md "Transaction status", BEHAVIORS.md §3.3). A deposit the return had
 * reversed (FAILED) is credited again through the ledger and goes back to COMPLETED with
 * INCOMING_PAYMENT.COMPLETED and INTERNAL_ACCOUNT.BALANCE_UPDATED; one that had stayed COMPLETED
 * (funds already used) only changes its railDetails. railDetails become RETURN_DISHONORED with
 * `dishonoredAt`, or RETURN_CONTESTED with `contestedAt` as well when `contested`.
 * Throws: TRANSACTION_NOT_FOUND, INVALID_STATE_TRANSITION (not an ACH deposit whose return stands).
 */
export async function dishonorAchReturn(db: Db, input: { platformId: string; transactionId: string; contested?: boolean }): Promise<Transaction> {
  const { platformId } = input;
  const found = await getTransactionOrThrow(db, platformId, input.transactionId);
  return db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, { platformId, transactionId: found.id });
    const rail = achDepositRailDetails(row);
    if (!rail) throw notApplicable(row, "is not an incoming ACH deposit; only returns of deposits pulled over ACH (POST /transfer-in) can be dishonored");
    if (rail.status !== "RETURNED") throw notApplicable(row, `has no standing ACH return to dishonor (ACH status ${rail.status}); return it first with POST /sandbox/transactions/{transactionId}/return`);

    const at = (await now(tx, platformId)).toISOString();
    const dishonored: RailDetails = input.contested
      ? { ...rail, status: "RETURN_CONTESTED", dishonoredAt: at, contestedAt: at }
      : { ...rail, status: "RETURN_DISHONORED", dishonoredAt: at };
    if (row.status !== "FAILED") return (await recordTransactionStatus(tx, row, { sourceRailDetails: dishonored })).transaction;

    const amount = row.receivedAmount!;
    const ledgerAccount = (await findLedgerAccount(tx, { platformId, internalAccountId: row.destinationAccountId! }))!;
    const { clearing } = await ensureSystemAccounts(tx, platformId, ledgerAccount.currency);
    await postLedgerTransaction(tx, {
      platformId,
      kind: ACH_RETURN_DISHONORED,
      description: `Dishonored ACH return of ${formatId("Transaction", row.id)}`,
      transactionId: row.id,
      entries: [
        { ledgerAccountId: clearing.id, amount: -amount },
        { ledgerAccountId: ledgerAccount.id, amount },
      ],
    });
    const note = input.contested ? "ACH return dishonored and contested: credit restored" : "ACH return dishonored: credit restored";
    const completed = await recordTransactionStatus(tx, row, { status: "COMPLETED", sourceRailDetails: dishonored, note });
    const account = await tx.internalAccount.findFirstOrThrow({ where: { id: row.destinationAccountId!, platformId } });
    await enqueueInternalAccountEvent(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, account);
    return completed.transaction;
  });
}
