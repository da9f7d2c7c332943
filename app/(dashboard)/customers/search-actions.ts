"use server";

import { z } from "zod";
import { actionOk, invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";
import { collectPages } from "@/lib/client/collect-pages";
import { customerMatches, parseCustomerQuery, toCustomerOption, type CustomerSearchResult } from "./_lib/customer-search";

const SearchInputSchema = z.object({ query: z.string().max(320), customerType: z.enum(["INDIVIDUAL", "BUSINESS"]).optional() });
type CustomerType = z.infer<typeof SearchInputSchema>["customerType"];

/** Options a picker offers at once. */
const SHOWN = 10;
/** How many of the newest customers a partial-text search reads, 100 a page. */
const SEARCHED_AT_MOST = 1000;

/**
 * Finds customers for a picker through GET /customers. Ids (`Customer:…`, `$uma`, your own
 * customer id) are matched by the API at any age; the API has no partial match, so part of a
 * name or id is looked for in the newest SEARCHED_AT_MOST customers, and the answer says so.
 */
export async function searchCustomersAction(input: unknown): Promise<ActionResult<CustomerSearchResult>> {
  const parsed = SearchInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { customerType } = parsed.data;
  const query = parseCustomerQuery(parsed.data.query);
  switch (query.kind) {
    case "newest":
      return firstPage({ customerType });
    case "uma":
      return firstPage({ customerType, umaAddress: query.umaAddress });
    case "id":
      return byId(query.customerId, customerType);
    case "text":
      return byText(query.text, customerType);
  }
}

async function firstPage(query: { customerType: CustomerType; umaAddress?: string }): Promise<ActionResult<CustomerSearchResult>> {
  const result = await callService((client) => client.GET("/customers", { params: { query: { ...query, limit: SHOWN } } }));
  if (!result.ok) return result;
  return actionOk({ customers: result.data.data.map(toCustomerOption), hasMore: result.data.hasMore });
}

async function byId(customerId: string, customerType: CustomerType): Promise<ActionResult<CustomerSearchResult>> {
  const result = await callService((client) => client.GET("/customers/{customerId}", { params: { path: { customerId } } }));
  if (!result.ok) return result.error.status === 404 ? actionOk({ customers: [], hasMore: false }) : result;
  const customer = result.data;
  const isOffered = !customer.isDeleted && (!customerType || customer.customerType === customerType);
  return actionOk({ customers: isOffered ? [toCustomerOption(customer)] : [], hasMore: false });
}

async function byText(text: string, customerType: CustomerType): Promise<ActionResult<CustomerSearchResult>> {
  const [exact, scan] = await Promise.all([
    callService((client) => client.GET("/customers", { params: { query: { platformCustomerId: text, customerType, limit: SHOWN } } })),
    collectPages((cursor) => callService((client) => client.GET("/customers", { params: { query: { customerType, limit: 100, cursor } } })), {
      maxItems: SHOWN,
      maxScanned: SEARCHED_AT_MOST,
      keep: (c) => customerMatches(c, text),
    }),
  ]);
  if (!exact.ok) return exact;
  if (scan.error) return { ok: false, error: scan.error };
  const customers = [...exact.data.data, ...scan.items.filter((c) => !exact.data.data.some((e) => e.id === c.id))].map(toCustomerOption);
  const isCutByMatches = scan.items.length >= SHOWN && scan.hasMore;
  return actionOk({
    customers: customers.slice(0, SHOWN),
    hasMore: customers.length > SHOWN || isCutByMatches,
    ...(scan.hasMore && !isCutByMatches && { searchedNewest: scan.scanned }),
  });
}
