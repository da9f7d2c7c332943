import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DateTimeSeconds } from "@/components/date-time-seconds";
import { Money, type MoneyCurrency } from "@/components/money";
import { transactionHref } from "../../transactions/_lib/transaction-href";

type BalanceChange = components["schemas"]["BalanceChange"];

export interface BalanceChangesTableProps {
  changes: BalanceChange[];
  currency: MoneyCurrency;
  /** Posted balance after each change, by change id, when known. */
  balanceAfter: Map<string, string>;
  isWindowed: boolean;
}

/** Every posted movement, oldest first, with the balance it left behind. */
export function BalanceChangesTable({ changes, currency, balanceAfter, isWindowed }: BalanceChangesTableProps) {
  const columns: Column<BalanceChange>[] = [
    { header: "Effective", cell: (c) => <DateTimeSeconds value={c.effectiveAt} /> },
    { header: "Change", className: "text-right whitespace-nowrap", cell: (c) => <Money amount={c.amount} currency={currency} testId="balance-change-amount" /> },
    {
      header: "Balance after",
      className: "text-right whitespace-nowrap",
      cell: (c) => {
        const after = balanceAfter.get(c.id);
        return after === undefined ? <span className="text-zinc-400">—</span> : <Money amount={after} currency={currency} />;
      },
    },
    {
      header: "Reference",
      className: "w-full",
      cell: (c) => (
        <div className="font-mono text-xs text-zinc-500">
          {/* The payment that moved the money: its page has the customer, both sides and the timeline. */}
          {c.transactionId && (
            <Link href={transactionHref(c.transactionId)} className="block break-all text-brand-700 hover:underline" data-testid="balance-change-transaction">
              {c.transactionId}
            </Link>
          )}
          <span className="block">{c.id}</span>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Balance changes"
      columns={columns}
      rows={changes}
      rowKey={(c) => c.id}
      empty={isWindowed ? "No balance changes in this window." : "No balance changes yet. Fund the account to see one here."}
    />
  );
}
