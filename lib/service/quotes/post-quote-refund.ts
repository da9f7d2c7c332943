import { formatId } from "../http/ids";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { findLedgerAccount } from "../ledger/find-ledger-account";
import type { LedgerEntryInput } from "../ledger/apply-posting";
import type { LedgerTx } from "../ledger/ledger-tx";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import type { TransactionRow } from "../transactions/serialize-transaction";
import { mergeLedgerEntries } from "./merge-ledger-entries";
import { QUOTE_DEBIT, QUOTE_REFUND, QUOTE_SETTLEMENT } from "./settle-quote";

const CRYPTO = new Set(["USDC", "USDB", "BTC"]);

/**
 * The refund's ledger movement: everything the settlement moved is reversed (fees back from the
 * platform and the service, the conversion undone, a destination credit taken back) and what the
 * execution debited from the source internal account goes back to it. Realtime-funded quotes give
 * fiat back to the paying instrument (out through clearing: nothing to post but the reversal);
 * crypto paid in by a customer goes to that customer's internal account in the asset, never back
 * to the sending wallet (BEHAVIORS.md §3.4) — `fundedAmount` is what arrived (default: the quote's
 * sending amount). A quote that pulled from a bank account posted no debit (the pull arrived in
 * clearing and the settlement took it from there), so reversing the settlement credits the source
 * currency's clearing: the money goes back to the payer's bank account, as realtime fiat goes back
 * to its instrument — there is no internal account of the payer to credit.
 * Returns the internal accounts whose balance moved. Throws: INSUFFICIENT_BALANCE (a platform or
 * destination account that already spent the money); LedgerInvariantError.
 */
export async function postQuoteRefund(tx: LedgerTx, row: TransactionRow, options: { fundedAmount?: bigint } = {}): Promise<string[]> {
  const { platformId } = row;
  const entries: LedgerEntryInput[] = [];
  const settlement = await tx.ledgerTransaction.findFirst({ where: { platformId, transactionId: row.id, kind: QUOTE_SETTLEMENT }, include: { entries: true } });
  if (settlement) for (const e of settlement.entries) entries.push({ ledgerAccountId: e.ledgerAccountId, amount: -e.amount });
  const debit = await tx.ledgerTransaction.findFirst({ where: { platformId, transactionId: row.id, kind: QUOTE_DEBIT }, include: { entries: true } });
  if (debit) for (const e of debit.entries) entries.push({ ledgerAccountId: e.ledgerAccountId, amount: -e.amount });
  const source = row.source as { sourceType?: string } | null;
  if (source?.sourceType === "REALTIME_FUNDING" && row.customerId !== null && row.sentCurrency !== null && CRYPTO.has(row.sentCurrency)) {
    const account = await tx.internalAccount.findFirst({ where: { platformId, customerId: row.customerId, currency: row.sentCurrency, status: "ACTIVE" }, orderBy: { createdAt: "asc" } });
    const ledger = account ? await findLedgerAccount(tx, { platformId, internalAccountId: account.id }) : null;
    const amount = options.fundedAmount ?? row.sentAmount ?? 0n;
    if (ledger && amount > 0n) {
      const { clearing } = await ensureSystemAccounts(tx, platformId, row.sentCurrency);
      entries.push({ ledgerAccountId: clearing.id, amount: -amount }, { ledgerAccountId: ledger.id, amount });
    }
  }
  const entriesToPost = mergeLedgerEntries(entries);
  if (entriesToPost.length === 0) return [];
  const posted = await postLedgerTransaction(tx, {
    platformId,
    kind: QUOTE_REFUND,
    description: `Refund of ${formatId("Transaction", row.id)}`,
    transactionId: row.id,
    entries: entriesToPost,
  });
  return posted.balances.map((b) => b.internalAccountId).filter((id): id is string => id !== null);
}
