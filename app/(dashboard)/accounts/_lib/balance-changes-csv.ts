import { formatMinorUnits, currencyDecimals, type MoneyCurrency } from "@/components/money";
import type { AllBalanceChanges } from "./load-balance-changes";
import { csvField } from "@/lib/csv";
import { balanceHistory } from "./balance-history";

/**
 * One row per change, oldest first: exact minor units and the same amount in major units (no
 * grouping), and the posted balance after the change. Lines end in CRLF as RFC 4180 asks.
 */
export function balanceChangesCsv(accountId: string, all: AllBalanceChanges, startDate?: string): string {
  const currency: MoneyCurrency = all.openingBalance.currency;
  const decimals = currencyDecimals(currency);
  const major = (minor: string) => formatMinorUnits(minor, decimals, { grouping: false });
  const points = balanceHistory(all.openingBalance.amount, all.changes, startDate).filter((p) => p.changeId);
  const header = ["accountId", "changeId", "effectiveAt", "currency", "amountMinor", "amount", "balanceAfterMinor", "balanceAfter", "transactionId"];
  const rows = all.changes.map((change, i) => {
    const amount = String(change.amount);
    const after = points[i]!.value;
    return [accountId, change.id, change.effectiveAt, currency.code, amount, major(amount), after, major(after), change.transactionId ?? ""];
  });
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
