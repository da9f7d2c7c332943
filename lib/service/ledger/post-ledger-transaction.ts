import type { SqlLedgerTx } from "./ledger-tx";
import { applyPosting, applyPostings, type LedgerPostingInput, type PostedLedgerTransaction } from "./apply-posting";

export type { AccountBalance, LedgerEntryInput, LedgerPostingInput, PostedLedgerTransaction } from "./apply-posting";

/**
 * Moves money: writes one ledger transaction whose entries sum to zero per currency and updates
 * the touched accounts' cached balances, inside the caller's transaction (which also writes the
 * caller's events). Accounts are locked in id order; a debit may not take a non-negative account's
 * available balance (posted − held) below zero. DESIGN.md "Ledger", BEHAVIORS.md §1.3.
 * Throws: INSUFFICIENT_BALANCE; LedgerInvariantError for an empty, zero-amount or unbalanced
 * posting or an account of another platform.
 */
export async function postLedgerTransaction(tx: SqlLedgerTx, input: LedgerPostingInput): Promise<PostedLedgerTransaction> {
  return applyPosting(tx, input);
}

/**
 * Several postings of one payment, in order (a quote's debit, then its settlement): as many ledger
 * transactions as postings, their accounts locked together in one ordered statement, each checked
 * against the balances the ones before it leave, all refused together when one is. One round trip
 * fewer than posting them one by one. Throws: as postLedgerTransaction.
 */
export async function postLedgerTransactions(tx: SqlLedgerTx, inputs: LedgerPostingInput[]): Promise<PostedLedgerTransaction[]> {
  return applyPostings(tx, inputs);
}
