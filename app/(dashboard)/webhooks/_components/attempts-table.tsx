import type { components } from "@/lib/client/generated/schema";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DateTimeSeconds } from "@/components/date-time-seconds";
import { StatusBadge, statusTone } from "@/components/status-badge";

type WebhookAttempt = components["schemas"]["WebhookAttempt"];

/** Started and not answered yet (in flight), or cut short by a crash: no status and no error recorded. */
const isUnfinished = (a: WebhookAttempt) => a.responseStatus === undefined && !a.error;

const COLUMNS: Column<WebhookAttempt>[] = [
  { header: "#", className: "tabular-nums", cell: (a) => a.attemptNumber },
  {
    header: "Time",
    cell: (a) => (
      <div>
        <DateTimeSeconds value={a.startedAt} />
        <code className="block max-w-xs truncate font-mono text-xs text-zinc-500" title={a.url}>
          {a.url}
        </code>
      </div>
    ),
  },
  {
    header: "Status",
    className: "whitespace-nowrap",
    cell: (a) =>
      isUnfinished(a) ? (
        <StatusBadge tone="neutral">In flight</StatusBadge>
      ) : a.responseStatus === undefined ? (
        <StatusBadge tone="danger">No answer</StatusBadge>
      ) : (
        <StatusBadge tone={statusTone(a.responseStatus)}>HTTP {a.responseStatus}</StatusBadge>
      ),
  },
  { header: "Latency", className: "text-right tabular-nums whitespace-nowrap", cell: (a) => (isUnfinished(a) ? "—" : `${a.latencyMs} ms`) },
  {
    header: "Response",
    className: "w-full",
    cell: (a) => (
      <div className="space-y-1">
        {a.responseSnippet ? <pre tabIndex={0} className="max-h-32 overflow-auto font-mono text-xs whitespace-pre-wrap break-all text-zinc-700">{a.responseSnippet}</pre> : null}
        {a.error && <p className="text-xs font-medium text-red-600">{a.error}</p>}
        {!a.responseSnippet && !a.error && <span className="text-xs text-zinc-500">{isUnfinished(a) ? "Waiting for the receiver's answer (or cut short: the worker stopped)" : "Empty"}</span>}
      </div>
    ),
  },
];

/** Every delivery attempt of one event, oldest first. */
export function AttemptsTable({ attempts }: { attempts: WebhookAttempt[] }) {
  return <DataTable caption="Delivery attempts" columns={COLUMNS} rows={attempts} rowKey={(a) => String(a.attemptNumber)} empty="Not attempted yet." />;
}
