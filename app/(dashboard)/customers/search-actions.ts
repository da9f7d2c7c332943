"use server";

import { z } from "zod";
import { actionOk, invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";
import { parseCustomerQuery, toCustomerOption, type CustomerSearchResult } from "./_lib/customer-search";
import { findCustomersByText } from "./_lib/find-customers-by-text";

const SearchInputSchema = z.object({ query: z.string().max(320), customerType: z.enum(["INDIVIDUAL", "BUSINESS"]).optional() });
type CustomerType = z.infer<typeof SearchInputSchema>["customerType"];

/** Options a picker offers at once. */
const SHOWN = 10;

/**
 * Finds customers for a picker through GET /customers. Ids (`Customer:…`, `$uma`, your own
 * customer id) are matched by the API at any age; part of a name or id is looked for as the
 * customers list looks for it (findCustomersByText).
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
  const found = await findCustomersByText(text, { customerType }, SHOWN);
  if (!found.ok) return found;
  return actionOk({ ...found.data, customers: found.data.customers.map(toCustomerOption) });
}
