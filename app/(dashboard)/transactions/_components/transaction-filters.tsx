import Form from "next/form";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import type { TransactionListParams } from "../_lib/list-params";
import { TRANSACTION_STATUSES } from "./transaction-status-badge";

function FilterLabel({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label htmlFor={htmlFor} className="block text-xs font-medium text-zinc-600">
      {children}
    </label>
  );
}

/** A GET form: filters live in the URL, so a filtered list can be shared and reloaded. */
export function TransactionFilters({ status, type, from, to, q }: TransactionListParams) {
  const isFiltered = Boolean(status || type || from || to || q);
  return (
    <Form action="/transactions" className="flex flex-wrap items-end gap-3 border-b border-zinc-200 px-5 py-3" aria-label="Filter transactions">
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-q">Transaction id or reference</FilterLabel>
        <Input id="filter-q" name="q" type="search" defaultValue={q ?? ""} placeholder="Transaction:… or reference" maxLength={200} className="h-9 w-72" />
      </div>
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-status">Status</FilterLabel>
        <Select id="filter-status" name="status" defaultValue={status ?? ""} className="h-9 w-48 py-1">
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
        <Select id="filter-type" name="type" defaultValue={type ?? ""} className="h-9 w-36 py-1">
          <option value="">Any type</option>
          <option value="INCOMING">INCOMING</option>
          <option value="OUTGOING">OUTGOING</option>
        </Select>
      </div>
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-from">From (UTC)</FilterLabel>
        <Input id="filter-from" name="from" type="date" defaultValue={from ?? ""} className="h-9 w-40" />
      </div>
      <div className="space-y-1">
        <FilterLabel htmlFor="filter-to">To (UTC)</FilterLabel>
        <Input id="filter-to" name="to" type="date" defaultValue={to ?? ""} className="h-9 w-40" />
      </div>
      <button type="submit" className={buttonClasses("secondary")}>
        Search
      </button>
      {isFiltered && (
        <Link href="/transactions" className={buttonClasses("ghost")}>
          Clear
        </Link>
      )}
    </Form>
  );
}
