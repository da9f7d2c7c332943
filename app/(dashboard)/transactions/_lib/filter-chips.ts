import { transactionListHref, type TransactionFilterValues } from "./list-params";

export interface FilterChip {
  /** The URL parameter it shows. */
  key: keyof TransactionFilterValues;
  /** From the noun: `account-filter`, `customer-id-filter`. */
  testId: string;
  /** "Sent from", as shown before the value. */
  label: string;
  value: string;
  /** For the clear link's accessible name: "clear the account filter". */
  noun: string;
  /** The list without this filter, the others kept, from the first page. */
  clearHref: string;
}

const ACCOUNT_LABELS = { sender: "Sent from", receiver: "Received by" } as const;

/**
 * One chip per active filter, in the form's order; the order of the list is not a filter and has
 * none. `customerLabel` names the filtered customer ("Ada Lovelace (ada-1)").
 */
export function filterChips(filters: TransactionFilterValues, customerLabel?: string): FilterChip[] {
  const chip = (key: keyof TransactionFilterValues, label: string, value: string | undefined, noun: string, also: Partial<TransactionFilterValues> = {}): FilterChip[] =>
    value ? [{ key, testId: `${noun.toLowerCase().replaceAll(" ", "-")}-filter`, label, value, noun, clearHref: transactionListHref({ ...filters, [key]: undefined, ...also }) }] : [];
  return [
    ...chip("customerId", "Customer", filters.customerId && (customerLabel ?? filters.customerId), "customer"),
    ...chip("platformCustomerId", "Your customer ID", filters.platformCustomerId, "customer ID"),
    ...chip("q", "Reference", filters.q, "reference"),
    ...chip("account", filters.accountRole ? ACCOUNT_LABELS[filters.accountRole] : "Account", filters.account, "account", { accountRole: undefined }),
    ...chip("status", "Status", filters.status, "status"),
    ...chip("type", "Type", filters.type, "type"),
    ...chip("from", "From", filters.from, "start date"),
    ...chip("to", "To", filters.to, "end date"),
  ];
}
