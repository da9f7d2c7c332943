import type { components } from "@/lib/client/generated/schema";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { EventFilters, type EventFilterValues } from "./event-filters";
import { EventsTable } from "./events-table";
import { countLabel, CursorPager, pagerLinks, type PagePosition } from "@/components/cursor-pager";

type EventPage = components["schemas"]["WebhookEventListResponse"];

export interface EventsCardProps {
  page?: EventPage;
  error?: string;
  filters: EventFilterValues;
  position: PagePosition;
}

/** The events list: filters in the URL, cursor paging (CursorPager). */
export function EventsCard({ page, error, filters, position }: EventsCardProps) {
  const isFiltered = Boolean(filters.deliveryStatus || filters.type);
  const total = page ? countLabel(page) : "0";
  return (
    <Card title="Events" description={page ? `${total} event(s)${isFiltered ? " matching the filters" : ""}, newest first. Times are on your platform's sandbox clock.` : undefined} flush>
      {/* Keyed by the filters so the uncontrolled fields show the URL's values after Clear or Back. */}
      <EventFilters key={`${filters.deliveryStatus}|${filters.type}`} {...filters} />
      {page ? (
        <EventsTable events={page.data} isFiltered={isFiltered} />
      ) : (
        <div className="p-5">
          <Notice tone="error" title="Could not load events">
            {error ?? "The service did not answer."}
          </Notice>
        </div>
      )}
      {page && <CursorPager label="Event pages" {...pagerLinks("/webhooks", { ...filters }, position, page)} />}
    </Card>
  );
}
