import { z } from "zod";
import { pageHref } from "@/components/page-params";

const optionalText = (max: number) =>
  z.string().trim().max(max).optional().catch(undefined).transform((t) => t || undefined);

/** A yyyy-mm-dd from the date inputs; anything else is dropped rather than sent to the API. */
const optionalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

/** The API answers 400 to a malformed customerId; the page drops it instead. */
const CUSTOMER_ID = /^Customer:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Anything unexpected in the URL is dropped rather than sent to the API. The list's position (cursor,
// page number, the trail back) is pagePosition's (components/page-params.ts).
export const TransactionListParamsSchema = z.object({
  customerId: z.string().trim().regex(CUSTOMER_ID).optional().catch(undefined),
  account: optionalText(200),
  status: z.enum(["CREATED", "PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "REJECTED", "FAILED", "REFUNDED", "EXPIRED"]).optional().catch(undefined),
  type: z.enum(["INCOMING", "OUTGOING"]).optional().catch(undefined),
  from: optionalDate,
  to: optionalDate,
  q: optionalText(200),
});

export type TransactionListParams = z.infer<typeof TransactionListParamsSchema>;

/** The filters of the list, without its position. */
export type TransactionFilterValues = TransactionListParams;

/** The URL's filters (without the position), as the list links carry them. */
export function filterQuery(params: TransactionListParams): TransactionFilterValues {
  return { customerId: params.customerId, account: params.account, status: params.status, type: params.type, from: params.from, to: params.to, q: params.q };
}

/**
 * The first page of the Transactions list with these filters: `/transactions?customerId=…`.
 * It never carries a cursor, since a cursor belongs to the filters that produced it.
 */
export function transactionListHref(filters: Partial<TransactionFilterValues>): string {
  return pageHref("/transactions", filters);
}

/** The API's query for one page: dates are whole UTC days, inclusive on both ends; the search box is a reference. */
export function apiQuery(params: TransactionListParams, limit: number, cursor?: string) {
  return {
    limit,
    cursor,
    customerId: params.customerId,
    accountIdentifier: params.account,
    status: params.status,
    type: params.type,
    reference: params.q,
    startDate: params.from ? `${params.from}T00:00:00.000Z` : undefined,
    endDate: params.to ? `${params.to}T23:59:59.999Z` : undefined,
  };
}
