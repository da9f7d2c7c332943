import Form from "next/form";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";
import { Input, Select } from "@/components/ui/input";
import { filterChips, type FilterChip } from "../_lib/filter-chips";
import { isFiltered, transactionListHref, type FilterProblem, type TransactionFilterValues } from "../_lib/list-params";
import { FILTER_PROBLEMS_ID } from "./filter-problems";
import { CustomerFilterPicker } from "./customer-filter-picker";
import { TRANSACTION_STATUSES } from "./transaction-status-badge";

function FilterLabel({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label htmlFor={htmlFor} className="block text-xs font-medium text-zinc-600">
      {children}
    </label>
  );
}

export interface TransactionFiltersProps {
  filters: TransactionFilterValues;
  /** How the filtered customer is named ("Ada Lovelace (ada-1)"); its id when it could not be loaded. */
  customerLabel?: string;
  /** Filters that cannot be combined (From after To, a status with type CARD): their fields are marked. */
  problems?: FilterProblem[];
}

/**
 * A GET form: filters live in the URL, so a filtered list can be shared and reloaded. It never
 * sends a cursor, so changing a filter or the order starts again at the first page.
 */
export function TransactionFilters({ filters, customerLabel, problems = [] }: TransactionFiltersProps) {
  const invalid = (field: FilterProblem["fields"][number]) => {
    const isInvalid = problems.some((p) => p.fields.includes(field));
    return { invalid: isInvalid, "aria-describedby": isInvalid ? FILTER_PROBLEMS_ID : undefined };
  };
  const { customerId, platformCustomerId, account, accountRole, status, type, from, to, q, sortOrder } = filters;
  const chips = filterChips(filters, customerLabel);
  return (
    <Form action="/transactions" className="flex flex-wrap items-end gap-3 border-b border-zinc-200 px-5 py-3" aria-label="Filter transactions">
      {chips.length > 0 && <ActiveFilters chips={chips} />}
      {/* The chip stands for the customer picker; the other fields still edit their filter. */}
      {customerId ? <input type="hidden" name="customerId" value={customerId} /> : <CustomerFilterPicker />}
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-platform-customer">Your customer ID</FilterLabel>
        <Input id="filter-platform-customer" name="platformCustomerId" defaultValue={platformCustomerId ?? ""} placeholder="platformCustomerId" maxLength={255} className="h-9 w-48" />
      </div>
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-q">Transaction id or reference</FilterLabel>
        <Input id="filter-q" name="q" type="search" defaultValue={q ?? ""} placeholder="Transaction:… or reference" maxLength={200} className="h-9 w-72" />
      </div>
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-account">Account</FilterLabel>
        <Input id="filter-account" name="account" defaultValue={account ?? ""} placeholder="InternalAccount:…, IBAN or address" maxLength={200} className="h-9 w-72" />
      </div>
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-account-role">Account role</FilterLabel>
        <Select id="filter-account-role" name="accountRole" defaultValue={accountRole ?? ""} className="h-9 w-32 py-1">
          <option value="">Any</option>
          <option value="sender">Sender</option>
          <option value="receiver">Receiver</option>
        </Select>
      </div>
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-status">Status</FilterLabel>
        <Select id="filter-status" name="status" defaultValue={status ?? ""} className="h-9 w-48 py-1" {...invalid("status")}>
          <option value="">Any status</option>
          {TRANSACTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-type">Type</FilterLabel>
        <Select id="filter-type" name="type" defaultValue={type ?? ""} className="h-9 w-36 py-1" {...invalid("type")}>
          <option value="">Any type</option>
          <option value="INCOMING">INCOMING</option>
          <option value="OUTGOING">OUTGOING</option>
          {/* Card transactions have their own statuses: the API refuses status with type=CARD (400). */}
          <option value="CARD">CARD (any status)</option>
        </Select>
      </div>
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-from">From (UTC)</FilterLabel>
        <Input id="filter-from" name="from" type="date" defaultValue={from ?? ""} className="h-9 w-40" {...invalid("from")} />
      </div>
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-to">To (UTC)</FilterLabel>
        <Input id="filter-to" name="to" type="date" defaultValue={to ?? ""} className="h-9 w-40" {...invalid("to")} />
      </div>
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-order">Order</FilterLabel>
        <Select id="filter-order" name="sortOrder" defaultValue={sortOrder === "asc" ? "asc" : ""} className="h-9 w-36 py-1">
          <option value="">Newest first</option>
          <option value="asc">Oldest first</option>
        </Select>
      </div>
      <button type="submit" className={buttonClasses("secondary")}>
        Search
      </button>
      {isFiltered(filters) && (
        // The order is not a filter: Clear keeps it.
        <Link href={transactionListHref({ sortOrder })} className={buttonClasses("ghost")}>
          Clear
        </Link>
      )}
    </Form>
  );
}

/** The filters the list is narrowed to, each with a link that drops only it (the others kept). */
function ActiveFilters({ chips }: { chips: FilterChip[] }) {
  return (
    <ul aria-label="Active filters" className="flex w-full flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.key} data-testid={chip.testId} className="inline-flex items-center gap-2 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900 ring-1 ring-brand-100 ring-inset">
          <span>
            {chip.label}: <span className="font-medium break-all">{chip.value}</span>
          </span>
          <Link href={chip.clearHref} className="rounded-full px-2 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-100 hover:text-brand-900">
            <span aria-hidden>✕</span> clear<span className="sr-only"> the {chip.noun} filter</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
