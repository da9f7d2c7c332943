import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";
import { DataTable, type Column } from "./ui/data-table";
import { InternalAccountStatusBadge } from "./internal-account-status-badge";
import { Money } from "./money";

type InternalAccount = components["schemas"]["InternalAccount"];

const TYPE_LABELS: Record<InternalAccount["type"], string> = {
  INTERNAL_FIAT: "Fiat",
  INTERNAL_CRYPTO: "Crypto",
  EMBEDDED_WALLET: "Embedded wallet",
};

export function internalAccountHref(accountId: string): string {
  return `/accounts/${encodeURIComponent(accountId)}`;
}

function columns(isShowingOwner: boolean): Column<InternalAccount>[] {
  const list: Column<InternalAccount>[] = [
    {
      header: "Account",
      cell: (a) => (
        <Link href={internalAccountHref(a.id)} className="group block">
          <span className="font-medium text-zinc-900 group-hover:text-brand-700 group-hover:underline">
            {a.balance.currency.code} · {TYPE_LABELS[a.type]}
          </span>
          <code className="block font-mono text-xs whitespace-nowrap text-zinc-500">{a.id}</code>
        </Link>
      ),
    },
  ];
  if (isShowingOwner) {
    list.push({
      header: "Owner",
      cell: (a) =>
        a.customerId ? (
          <Link href={`/customers/${encodeURIComponent(a.customerId)}`} className="font-mono text-xs text-brand-700 hover:underline">
            {a.customerId}
          </Link>
        ) : (
          <span className="text-zinc-500">Platform</span>
        ),
    });
  }
  list.push(
    { header: "Status", cell: (a) => <InternalAccountStatusBadge status={a.status} /> },
    { header: "Available", className: "text-right", cell: (a) => <Money amount={a.balance.amount} currency={a.balance.currency} testId="account-available" /> },
    { header: "Total", className: "text-right", cell: (a) => <Money amount={a.totalBalance.amount} currency={a.totalBalance.currency} testId="account-total" /> },
  );
  return list;
}

export interface InternalAccountsTableProps {
  accounts: InternalAccount[];
  /** Show whose account each row is (lists that mix customers). */
  isShowingOwner?: boolean;
  empty?: string;
}

/** Internal accounts with available (spendable now) and total (including held) balances. */
export function InternalAccountsTable({ accounts, isShowingOwner = false, empty = "No internal accounts." }: InternalAccountsTableProps) {
  return <DataTable caption="Internal accounts" columns={columns(isShowingOwner)} rows={accounts} rowKey={(a) => a.id} empty={empty} />;
}
