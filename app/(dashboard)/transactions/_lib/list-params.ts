import { z } from "zod";

const optionalText = (max: number) =>
  z.string().trim().max(max).optional().catch(undefined).transform((t) => t || undefined);

/** A yyyy-mm-dd from the date inputs; anything else is dropped rather than sent to the API. */
const optionalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

// Anything unexpected in the URL is dropped rather than sent to the API.
export const TransactionListParamsSchema = z.object({
  status: z.enum(["CREATED", "PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "REJECTED", "FAILED", "REFUNDED", "EXPIRED"]).optional().catch(undefined),
  type: z.enum(["INCOMING", "OUTGOING"]).optional().catch(undefined),
  from: optionalDate,
  to: optionalDate,
  q: optionalText(200),
  cursor: optionalText(512),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

export type TransactionListParams = z.infer<typeof TransactionListParamsSchema>;

/** The URL's filters (without paging), as the list links carry them. */
export function filterQuery(params: TransactionListParams): Record<string, string | undefined> {
  return { status: params.status, type: params.type, from: params.from, to: params.to, q: params.q };
}

/** The API's query: dates are whole UTC days, inclusive on both ends; the search box is a reference. */
export function apiQuery(params: TransactionListParams, limit: number) {
  return {
    limit,
    cursor: params.cursor,
    status: params.status,
    type: params.type,
    reference: params.q,
    startDate: params.from ? `${params.from}T00:00:00.000Z` : undefined,
    endDate: params.to ? `${params.to}T23:59:59.999Z` : undefined,
  };
}
