import "server-only";
import { actionOk, type ActionResult } from "@/lib/client/action-result";
import { actionClient, callWith } from "@/lib/client/call-service";
import { collectPages } from "@/lib/client/collect-pages";
import type { components } from "@/lib/client/generated/schema";
import { customerMatches } from "./customer-search";

type Customer = components["schemas"]["CustomerOneOf"];

/** GET /customers filters a text search keeps (type, currency, dates, deleted). */
export interface CustomerListFilters {
  customerType?: "INDIVIDUAL" | "BUSINESS";
  currency?: string;
  createdAfter?: string;
  createdBefore?: string;
  isIncludingDeleted?: true;
}

/** How many of the newest customers a partial-text search reads, 100 a page. */
export const SEARCHED_AT_MOST = 1000;

export interface FoundCustomers {
  customers: Customer[];
  /** More customers match than `shown`. */
  hasMore: boolean;
  /** Set when only the newest this many customers were read for a partial match. */
  searchedNewest?: number;
}

/**
 * Customers whose name, own id, email, UMA address or id contains `text`, for the customers list
 * and every picker alike. The API matches `platformCustomerId` exactly (at any age) and has no
 * partial match, so part of a name or id is looked for in the newest SEARCHED_AT_MOST customers
 * that pass `filters`, and the answer says so. One client serves every page: in a picker's server
 * action each callService would read the session again, page after page.
 */
export async function findCustomersByText(text: string, filters: CustomerListFilters, shown: number): Promise<ActionResult<FoundCustomers>> {
  const signedIn = await actionClient();
  if (!signedIn.ok) return signedIn;
  const client = signedIn.data;
  const [exact, scan] = await Promise.all([
    callWith(client, (c) => c.GET("/customers", { params: { query: { ...filters, platformCustomerId: text, limit: shown } } })),
    collectPages((cursor) => callWith(client, (c) => c.GET("/customers", { params: { query: { ...filters, limit: 100, cursor } } })), {
      maxItems: shown,
      maxScanned: SEARCHED_AT_MOST,
      keep: (c) => customerMatches(c, text),
    }),
  ]);
  if (!exact.ok) return exact;
  if (scan.error) return { ok: false, error: scan.error };
  const customers = [...exact.data.data, ...scan.items.filter((c) => !exact.data.data.some((e) => e.id === c.id))];
  const isCutByMatches = scan.items.length >= shown && scan.hasMore;
  return actionOk({
    customers: customers.slice(0, shown),
    hasMore: customers.length > shown || isCutByMatches,
    ...(scan.hasMore && !isCutByMatches && { searchedNewest: scan.scanned }),
  });
}
