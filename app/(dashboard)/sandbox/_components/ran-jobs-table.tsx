import type { components } from "@/lib/client/generated/schema";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DateTimeSeconds } from "@/components/date-time-seconds";
import { StatusBadge } from "@/components/status-badge";

type RanJob = components["schemas"]["SandboxClockAdvanceResult"]["ran"][number];

/** Job kinds in words; a kind not listed shows as is. */
const KIND_LABELS: Record<string, string> = {
  "webhook.deliver": "Webhook delivery",
};

const COLUMNS: Column<RanJob>[] = [
  {
    header: "What",
    className: "whitespace-nowrap",
    cell: (j) => (
      <div>
        <span className="font-medium text-zinc-900">{KIND_LABELS[j.kind] ?? j.kind}</span>
        <code className="block font-mono text-xs text-zinc-500">{j.kind}</code>
      </div>
    ),
  },
  { header: "Due", cell: (j) => <DateTimeSeconds value={j.runAt} /> },
  { header: "Status", cell: (j) => (j.status === "DONE" ? <StatusBadge tone="success">Done</StatusBadge> : <StatusBadge tone="danger">Failed</StatusBadge>) },
  { header: "Error", className: "w-full", cell: (j) => (j.error ? <span className="text-xs font-medium text-red-600">{j.error}</span> : <span className="text-zinc-400">—</span>) },
];

/** The scheduled steps an advance ran, in the order they fell due. */
export function RanJobsTable({ jobs }: { jobs: RanJob[] }) {
  return <DataTable caption="Steps that fell due" columns={COLUMNS} rows={jobs} rowKey={(j) => j.id} empty="Nothing was scheduled in that window." />;
}
