import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DateTime } from "@/components/date-time";
import { StatusBadge } from "@/components/status-badge";
import { KycStatusBadge, customerHref, customerName } from "./kyc-status-badge";

type Customer = components["schemas"]["CustomerOneOf"];

const COLUMNS: Column<Customer>[] = [
  {
    header: "Customer",
    cell: (c) => (
      // Your id may be 255 characters: cut to the column's width (whole in its tooltip), so one long id
      // cannot push the other columns off the screen for every row.
      <Link href={customerHref(c.id)} className="group block max-w-xs">
        <span className="font-medium break-words text-zinc-900 group-hover:text-brand-700 group-hover:underline">{customerName(c)}</span>
        <code className="block truncate font-mono text-xs text-zinc-500" title={c.platformCustomerId} data-testid="platform-customer-id">
          {c.platformCustomerId}
        </code>
      </Link>
    ),
  },
  { header: "Type", className: "whitespace-nowrap", cell: (c) => (c.customerType === "INDIVIDUAL" ? "Individual" : "Business") },
  {
    header: "Verification",
    className: "whitespace-nowrap",
    cell: (c) => (
      <div className="flex gap-1">
        <KycStatusBadge customer={c} />
        {c.isDeleted && <StatusBadge tone="danger">Deleted</StatusBadge>}
      </div>
    ),
  },
  { header: "Currencies", cell: (c) => <span className="text-xs text-zinc-600">{c.currencies.join(", ")}</span> },
  { header: "Created", className: "whitespace-nowrap", cell: (c) => <DateTime value={c.createdAt} /> },
];

export function CustomersTable({ customers, isFiltered }: { customers: Customer[]; isFiltered: boolean }) {
  return (
    <DataTable
      caption="Customers"
      columns={COLUMNS}
      rows={customers}
      rowKey={(c) => c.id}
      empty={isFiltered ? "No customers match these filters." : "No customers yet. Create one, or import a CSV file."}
    />
  );
}
