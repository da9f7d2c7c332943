import { z } from "zod";
import type { CustomerFilterValues } from "./_components/customer-filters";
import { parseCustomerQuery, type CustomerQuery } from "./_lib/customer-search";
import type { CustomerListFilters } from "./_lib/find-customers-by-text";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const optionalText = (max: number) => z.string().trim().max(max).optional().catch(undefined).transform((v) => v || undefined);
const optionalDay = z.string().regex(DAY).optional().catch(undefined);

// Anything unexpected in the URL is dropped rather than sent to the API.
export const CustomerListParamsSchema = z.object({
  q: optionalText(320),
  customerType: z.enum(["INDIVIDUAL", "BUSINESS"]).optional().catch(undefined),
  currency: z.string().regex(/^[A-Z]{3,5}$/).optional().catch(undefined),
  createdFrom: optionalDay,
  createdTo: optionalDay,
  deleted: z.literal("1").optional().catch(undefined),
  cursor: optionalText(512),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type CustomerListParams = z.infer<typeof CustomerListParamsSchema>;

export function filtersOf(params: CustomerListParams): CustomerFilterValues {
  const { q, customerType, currency, createdFrom, createdTo } = params;
  return { q, customerType, currency, createdFrom, createdTo, isIncludingDeleted: params.deleted === "1" };
}

/** The next UTC midnight after a day, so "created to" includes the whole day. */
function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/** The list's filters as GET /customers takes them, whatever the search box holds. */
export function listFilters(params: CustomerListParams): CustomerListFilters {
  return {
    customerType: params.customerType,
    currency: params.currency,
    createdAfter: params.createdFrom && `${params.createdFrom}T00:00:00.000Z`,
    createdBefore: params.createdTo && dayAfter(params.createdTo),
    isIncludingDeleted: params.deleted === "1" ? true : undefined,
  };
}

/**
 * What the search box asks for, read as the customer pickers read it (parseCustomerQuery): a
 * whole `Customer:` id opens that customer, `$…` is an UMA address the API matches, and any other
 * text is part of a name, your customer ID, an email or an id (findCustomersByText).
 */
export function searchOf(params: CustomerListParams): CustomerQuery {
  return parseCustomerQuery(params.q ?? "");
}

/** GET /customers query for one page of the list when the search box holds no text to match. */
export function listQuery(params: CustomerListParams) {
  const query = searchOf(params);
  return { ...listFilters(params), umaAddress: query.kind === "uma" ? query.umaAddress : undefined, cursor: params.cursor };
}

/** The filters as URL parameters, for paging links. */
export function filterQuery(params: CustomerListParams): Record<string, string | undefined> {
  const { q, customerType, currency, createdFrom, createdTo, deleted } = params;
  return { q, customerType, currency, createdFrom, createdTo, deleted };
}
