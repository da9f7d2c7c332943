import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { EventFilters, type EventFilterValues } from "./event-filters";
import { EventsTable } from "./events-table";
import { countLabel } from "@/components/cursor-pager";

type EventPage = components["schemas"]["WebhookEventListResponse"];

export interface EventsCardProps {
  page?: EventPage;
  error?: string;
  filters: EventFilterValues;
  pageNumber: number;
}

/** The list URL with the same filters; without `next`, the first page. */
function listHref(filters: EventFilterValues, next?: { cursor: string; pageNumber: number }): string {
  const query = new URLSearchParams();
  if (filters.deliveryStatus) query.set("deliveryStatus", filters.deliveryStatus);
  if (filters.type) query.set("type", filters.type);
  if (next) {
    query.set("cursor", next.cursor);
    query.set("page", String(next.pageNumber));
  }
  const search = query.toString();
  return search ? `/webhooks?${search}` : "/webhooks";
}

/** The events list: filters in the URL, cursor paging forward, back to the first page. */
export function EventsCard({ page, error, filters, pageNumber }: EventsCardProps) {
  const isFiltered = Boolean(filters.deliveryStatus || filters.type);
  const total = page ? countLabel(page) : "0";
  return (
    <Card title="Events" description={page ? `${total} event(s)${isFiltered ? " matching the filters" : ""}, newest first.` : undefined} flush>
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
      {page && (pageNumber > 1 || page.hasMore) && (
        <nav aria-label="Event pages" className="flex items-center justify-between border-t border-zinc-200 px-5 py-3 text-xs text-zinc-500">
          <span>Page {pageNumber}</span>
          <div className="flex gap-2">
            {pageNumber > 1 && (
              <Link href={listHref(filters)} className={buttonClasses("secondary", "sm")}>
                First page
              </Link>
            )}
            {page.hasMore && page.nextCursor && (
              <Link href={listHref(filters, { cursor: page.nextCursor, pageNumber: pageNumber + 1 })} className={buttonClasses("secondary", "sm")}>
                Next page
              </Link>
            )}
          </div>
        </nav>
      )}
    </Card>
  );
}
