import type { components } from "@/lib/client/generated/schema";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DateTime } from "@/components/date-time";
import { StatusBadge } from "@/components/status-badge";
import { enumLabel } from "@/components/text-field";

type AgreementConsent = components["schemas"]["AgreementConsent"];
type Agreement = components["schemas"]["Agreement"];

/** The latest acceptance per agreement type, and whether it is of the current version. */
export function ConsentsTable({ consents, agreements }: { consents: AgreementConsent[]; agreements: Agreement[] }) {
  const columns: Column<AgreementConsent>[] = [
    { header: "Agreement", cell: (c) => <span className="font-medium text-zinc-900">{agreements.find((a) => a.type === c.type)?.name ?? enumLabel(c.type)}</span> },
    {
      header: "Version",
      cell: (c) => {
        const current = agreements.find((a) => a.type === c.type)?.version;
        return (
          <span className="flex items-center gap-2">
            <code className="font-mono text-xs">{c.termsVersion}</code>
            {current && current !== c.termsVersion && <StatusBadge tone="warning">Current: {current}</StatusBadge>}
          </span>
        );
      },
    },
    { header: "Accepted", cell: (c) => <DateTime value={c.acceptedAt} /> },
    { header: "From", cell: (c) => <code className="font-mono text-xs">{c.ipAddress}</code> },
    { header: "Method", cell: (c) => enumLabel(c.acceptanceMethod) },
  ];
  return <DataTable caption="Agreement consents" columns={columns} rows={consents} rowKey={(c) => c.type} empty="No agreements accepted yet." />;
}
