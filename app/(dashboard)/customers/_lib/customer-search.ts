import type { components } from "@/lib/client/generated/schema";

type Customer = components["schemas"]["CustomerOneOf"];

/**
 * How a customer search box is read, on the customers list and in every picker: a whole
 * `Customer:` id names one customer, `$…` is a UMA address, anything else (a partial
 * `Customer:01a2…` too) is your own customer id (exact, at any age) or part of a name, id, email
 * or UMA address.
 */
export type CustomerQuery = { kind: "newest" } | { kind: "id"; customerId: string } | { kind: "uma"; umaAddress: string } | { kind: "text"; text: string };

const WHOLE_CUSTOMER_ID = /^Customer:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseCustomerQuery(raw: string): CustomerQuery {
  const text = raw.trim();
  if (text === "") return { kind: "newest" };
  if (WHOLE_CUSTOMER_ID.test(text)) return { kind: "id", customerId: text };
  if (text.startsWith("$")) return { kind: "uma", umaAddress: text };
  return { kind: "text", text };
}

/** What a picker shows and keeps of a customer. */
export interface CustomerOption {
  id: string;
  platformCustomerId: string;
  /** Full name or legal name; the platform's id when the customer has none yet. */
  name: string;
  customerType: Customer["customerType"];
  /** KYC (individuals) or KYB (businesses) status. */
  verificationStatus: "UNVERIFIED" | "PENDING" | "APPROVED" | "REJECTED";
  umaAddress: string;
}

export function toCustomerOption(c: Customer): CustomerOption {
  const name = (c.customerType === "BUSINESS" ? c.businessInfo.legalName : c.fullName) || c.platformCustomerId;
  const verificationStatus = c.customerType === "BUSINESS" ? c.kybStatus : c.kycStatus;
  return { id: c.id, platformCustomerId: c.platformCustomerId, name, customerType: c.customerType, verificationStatus, umaAddress: c.umaAddress };
}

/** "Ada Lovelace (ada-1)": the name and the platform's own id, as the old selects showed them. */
export function customerLabel(o: CustomerOption): string {
  return o.name === o.platformCustomerId ? o.name : `${o.name} (${o.platformCustomerId})`;
}

/** Case-insensitive: the text appears in the name, the platform's id, the email, the UMA address or the id. */
export function customerMatches(c: Customer, text: string): boolean {
  const needle = text.toLowerCase();
  const name = c.customerType === "BUSINESS" ? c.businessInfo.legalName : c.fullName;
  return [name, c.platformCustomerId, c.email, c.umaAddress, c.id].some((field) => field?.toLowerCase().includes(needle));
}

/** A search's answer: the customers to offer, and how complete the list is. */
export interface CustomerSearchResult {
  customers: CustomerOption[];
  /** More customers match than are offered. */
  hasMore: boolean;
  /**
   * Set when a partial-text search read only the newest this many customers (the API matches ids
   * exactly, so parts of names are matched here, page by page); exact ids are found at any age.
   */
  searchedNewest?: number;
}

/** The line under the options, in plain words; screen readers hear it through a status region. */
export function searchSummary(query: CustomerQuery, result: CustomerSearchResult): string {
  const { customers, hasMore, searchedNewest } = result;
  const older = searchedNewest
    ? ` Only the newest ${searchedNewest.toLocaleString("en-US")} customers are searched by part of a name or id; type the exact customer ID, $UMA address or Customer: ID to find an older one.`
    : "";
  if (query.kind === "newest") {
    if (customers.length === 0) return "No customers yet.";
    return hasMore ? "The newest customers. Type a name, your customer ID, a $UMA address or a Customer: ID to find any other." : `${countText(customers.length)}.`;
  }
  if (customers.length === 0) return `No customers match “${queryText(query)}”.${older}`;
  if (hasMore) return `The first ${customers.length} matches; type more to narrow them.`;
  return `${countText(customers.length)} ${customers.length === 1 ? "matches" : "match"}.${older}`;
}

function countText(n: number): string {
  return n === 1 ? "1 customer" : `${n} customers`;
}

function queryText(query: Exclude<CustomerQuery, { kind: "newest" }>): string {
  return query.kind === "id" ? query.customerId : query.kind === "uma" ? query.umaAddress : query.text;
}
