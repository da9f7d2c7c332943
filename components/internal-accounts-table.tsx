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

const NO_NAMES: ReadonlyMap<string, string> = new Map();

export function internalAccountHref(accountId: string): string {
  return `/accounts/${encodeURIComponent(accountId)}`;
}

function columns(isShowingOwner: boolean, customerNames: ReadonlyMap<string, string>): Column<InternalAccount>[] {
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
          <OwnerLink customerId={a.customerId} name={customerNames.get(a.customerId)} className="block max-w-60 truncate" />
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

/**
 * A customer by name (your customer ID when unnamed), linking to their page, with the id in the
 * tooltip; the bare id when no name was loaded. In a table cell it is cut to `className`'s width.
 */
export function OwnerLink({ customerId, name, className = "block max-w-40 truncate" }: { customerId: string; name: string | undefined; className?: string }) {
  return (
    <Link
      href={`/customers/${encodeURIComponent(customerId)}`}
      title={name ? `${name} · ${customerId}` : customerId}
      className={`text-brand-700 hover:underline ${name ? "" : "font-mono text-xs"} ${className}`}
      data-testid="owner-link"
    >
      {name ?? customerId}
    </Link>
  );
}

export interface InternalAccountsTableProps {
  accounts: InternalAccount[];
  /** Show whose account each row is (lists that mix customers). */
  isShowingOwner?: boolean;
  /** Customer id → name, for the Owner column (loadCustomerNames); ids missing here are shown as they are. */
  customerNames?: ReadonlyMap<string, string>;
  empty?: string;
}

/** Internal accounts with available (spendable now) and total (including held) balances. */
export function InternalAccountsTable({ accounts, isShowingOwner = false, customerNames = NO_NAMES, empty = "No internal accounts." }: InternalAccountsTableProps) {
  return <DataTable caption="Internal accounts" columns={columns(isShowingOwner, customerNames)} rows={accounts} rowKey={(a) => a.id} empty={empty} />;
}
