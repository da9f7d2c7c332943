import "server-only";
import type { ServiceClient } from "@/lib/client/create-client";
import type { components } from "@/lib/client/generated/schema";
import { countLabel } from "@/components/cursor-pager";
import { listFilters, listQuery, searchOf, type CustomerListParams } from "../list-params";
import { searchSummary, toCustomerOption } from "./customer-search";
import { findCustomersByText } from "./find-customers-by-text";

type Customer = components["schemas"]["CustomerOneOf"];
type CustomerPage = components["schemas"]["CustomerListResponse"];

export type CustomerList =
  /** A page of the list as the API orders it, with cursor paging. */
  | { kind: "page"; customers: Customer[]; page: CustomerPage; description: string }
  /** Customers matching part of a name or id: the first `shown`, no paging (the API cannot page a partial match). */
  | { kind: "search"; customers: Customer[]; description: string }
  | { kind: "failed"; message: string };

/** The customers the list shows for its URL: one page, or the matches of a text search. */
export async function loadCustomerList(client: ServiceClient, params: CustomerListParams, { pageSize, isFiltered }: { pageSize: number; isFiltered: boolean }): Promise<CustomerList> {
  const search = searchOf(params);
  if (search.kind === "text") {
    const found = await findCustomersByText(search.text, listFilters(params), pageSize);
    if (!found.ok) return { kind: "failed", message: found.error.message };
    const summary = searchSummary(search, { ...found.data, customers: found.data.customers.map(toCustomerOption) });
    return { kind: "search", customers: found.data.customers, description: found.data.customers.length > 0 ? `${summary} Newest first.` : summary };
  }
  const { data: page, error } = await client.GET("/customers", { params: { query: { limit: pageSize, ...listQuery(params) } } });
  if (!page) return { kind: "failed", message: error?.message ?? "The service did not answer." };
  return { kind: "page", customers: page.data, page, description: `${countLabel(page)} customer(s)${isFiltered ? " matching the filters" : ""}, newest first.` };
}
