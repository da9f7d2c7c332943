import { z } from "zod";
import { pageHref } from "@/components/page-params";

const optionalText = (max: number) =>
  z.string().trim().max(max).optional().catch(undefined).transform((t) => t || undefined);

/** A yyyy-mm-dd from the date inputs; anything else is dropped rather than sent to the API. */
const optionalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

/** The API answers 400 to a malformed customerId; the page drops it instead. */
const CUSTOMER_ID = /^Customer:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which side of a payment the account filter matches; absent: either side. */
export const ACCOUNT_ROLES = ["sender", "receiver"] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

// Anything unexpected in the URL is dropped rather than sent to the API. The list's position (cursor,
// page number, the trail back) is pagePosition's (components/page-params.ts).
export const TransactionListParamsSchema = z
  .object({
    customerId: z.string().trim().regex(CUSTOMER_ID).optional().catch(undefined),
    /** The platform's own id for the customer (at most 255 characters, as the API stores it). */
    platformCustomerId: optionalText(255),
    account: optionalText(200),
    accountRole: z.enum(ACCOUNT_ROLES).optional().catch(undefined),
    status: z.enum(["CREATED", "PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "REJECTED", "FAILED", "REFUNDED", "EXPIRED"]).optional().catch(undefined),
    /** CARD lists card transactions (BEHAVIORS.md §3.6). */
    type: z.enum(["INCOMING", "OUTGOING", "CARD"]).optional().catch(undefined),
    from: optionalDate,
    to: optionalDate,
    q: optionalText(200),
    /** The API's sortOrder; absent: its default, newest first (desc). */
    sortOrder: z.enum(["asc", "desc"]).optional().catch(undefined),
  })
  // A role without an account filters nothing: drop it so the list does not count as filtered.
  .transform((params) => (params.account ? params : { ...params, accountRole: undefined }));

export type TransactionListParams = z.infer<typeof TransactionListParamsSchema>;

/** The filters and order of the list, without its position. */
export type TransactionFilterValues = TransactionListParams;

/** The URL's filters and order (without the position), as the list links carry them. */
export function filterQuery(params: TransactionListParams): TransactionFilterValues {
  const { customerId, platformCustomerId, account, accountRole, status, type, from, to, q, sortOrder } = params;
  return { customerId, platformCustomerId, account, accountRole, status, type, from, to, q, sortOrder };
}

/** Whether anything narrows the list (the order does not). */
export function isFiltered(filters: Partial<TransactionFilterValues>): boolean {
  return Object.entries(filters).some(([key, value]) => key !== "sortOrder" && Boolean(value));
}

/**
 * The first page of the Transactions list with these filters: `/transactions?customerId=…`.
 * It never carries a cursor, since a cursor belongs to the filters and order that produced it.
 */
export function transactionListHref(filters: Partial<TransactionFilterValues>): string {
  return pageHref("/transactions", filters);
}

/** A combination of filters no transaction can match, or the API refuses: which fields, and why. */
export interface FilterProblem {
  fields: ("from" | "to" | "status" | "type")[];
  message: string;
}

/**
 * What is wrong with the filters before anything is asked of the API: a From after To matches
 * nothing (the API refuses it, 400 INVALID_INPUT on endDate), and status with type=CARD is a 400 (SPEC.md
 * GET /transactions: status applies to payment transactions only).
 */
export function filterProblems(filters: Pick<TransactionFilterValues, "from" | "to" | "status" | "type">): FilterProblem[] {
  const problems: FilterProblem[] = [];
  // yyyy-mm-dd strings compare as dates.
  if (filters.from && filters.to && filters.from > filters.to) {
    problems.push({ fields: ["from", "to"], message: `From (${filters.from}) is after To (${filters.to}), so no transaction can match. Swap the dates or change one of them.` });
  }
  if (filters.status && filters.type === "CARD") {
    problems.push({ fields: ["status", "type"], message: "Status filters payments only: card transactions have their own statuses. Choose Any status to list card transactions, or another type." });
  }
  return problems;
}

/**
 * The filters a URL gives that TransactionListParamsSchema dropped as malformed (a status that does
 * not exist, a date not yyyy-mm-dd, a repeated parameter): the list quietly shows more, but an
 * export must not widen without a word. A role without an account is dropped on purpose, not here.
 */
export function ignoredFilters(search: Record<string, string | string[] | undefined>, params: TransactionListParams): (keyof TransactionFilterValues)[] {
  const filters = filterQuery(params);
  return (Object.keys(filters) as (keyof TransactionFilterValues)[]).filter((key) => {
    const given = search[key];
    const isGiven = Array.isArray(given) ? given.length > 0 : Boolean(given?.trim());
    return isGiven && filters[key] === undefined && !(key === "accountRole" && !filters.account);
  });
}

/** The account filter as the API names it: either side, the sending side only, or the receiving side only. */
function accountQuery(account: string | undefined, role: AccountRole | undefined) {
  if (!account) return {};
  if (role === "sender") return { senderAccountIdentifier: account };
  if (role === "receiver") return { receiverAccountIdentifier: account };
  return { accountIdentifier: account };
}

/** The API's query for one page: dates are whole UTC days, inclusive on both ends; the search box is a reference. */
export function apiQuery(params: TransactionListParams, limit: number, cursor?: string) {
  return {
    limit,
    cursor,
    customerId: params.customerId,
    platformCustomerId: params.platformCustomerId,
    ...accountQuery(params.account, params.accountRole),
    status: params.status,
    type: params.type,
    reference: params.q,
    startDate: params.from ? `${params.from}T00:00:00.000Z` : undefined,
    endDate: params.to ? `${params.to}T23:59:59.999Z` : undefined,
    sortOrder: params.sortOrder,
  };
}
