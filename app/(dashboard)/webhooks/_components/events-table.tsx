import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DateTime } from "@/components/date-time";
import { DateTimeSeconds } from "@/components/date-time-seconds";
import { DeliveryStatusBadge } from "@/components/delivery-status-badge";

type WebhookEvent = components["schemas"]["WebhookEvent"];

export function eventHref(eventId: string): string {
  return `/webhooks/events/${encodeURIComponent(eventId)}`;
}

/** The state in words beside the badge: when it will be tried again, or when it arrived. */
function DeliveryDetail({ event }: { event: WebhookEvent }) {
  if (event.deliveryStatus === "RETRYING" || event.deliveryStatus === "PENDING") {
    if (!event.nextAttemptAt) return null;
    return (
      <span className="text-xs text-zinc-500">
        next attempt <DateTimeSeconds value={event.nextAttemptAt} />
      </span>
    );
  }
  if (event.deliveryStatus === "DELIVERED" && event.deliveredAt) {
    return (
      <span className="text-xs text-zinc-500">
        at <DateTimeSeconds value={event.deliveredAt} testId="event-delivered-at" />
      </span>
    );
  }
  return null;
}

const COLUMNS: Column<WebhookEvent>[] = [
  {
    header: "Event",
    cell: (e) => (
      <Link href={eventHref(e.id)} className="group block">
        <span className="font-medium text-zinc-900 group-hover:text-brand-700 group-hover:underline">{e.type}</span>
        <code className="block font-mono text-xs whitespace-nowrap text-zinc-500">{e.id}</code>
      </Link>
    ),
  },
  { header: "Created", cell: (e) => <DateTime value={e.createdAt} /> },
  {
    header: "Delivery",
    cell: (e) => (
      <div className="flex flex-wrap items-center gap-2" data-testid="event-delivery">
        <DeliveryStatusBadge status={e.deliveryStatus} />
        <DeliveryDetail event={e} />
      </div>
    ),
  },
  { header: "Attempts", className: "text-right tabular-nums", cell: (e) => e.attemptCount },
];

export function EventsTable({ events, isFiltered }: { events: WebhookEvent[]; isFiltered: boolean }) {
  return (
    <DataTable
      caption="Webhook events"
      columns={COLUMNS}
      rows={events}
      rowKey={(e) => e.id}
      empty={isFiltered ? "No events match these filters." : "No events yet. They appear here as soon as something changes, or when you send a test event."}
    />
  );
}
