import type { LedgerEntryInput } from "../ledger/apply-posting";

/** Adds entries on the same account together and drops the ones that cancel out. */
export function mergeLedgerEntries(entries: LedgerEntryInput[]): LedgerEntryInput[] {
  const byAccount = new Map<string, bigint>();
  for (const e of entries) byAccount.set(e.ledgerAccountId, (byAccount.get(e.ledgerAccountId) ?? 0n) + e.amount);
  return [...byAccount].filter(([, amount]) => amount !== 0n).map(([ledgerAccountId, amount]) => ({ ledgerAccountId, amount }));
}
