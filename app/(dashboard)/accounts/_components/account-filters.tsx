import Form from "next/form";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";

export interface AccountFilterValues {
  customerId?: string;
  currency?: string;
}

/** A GET form for lists of accounts: by owner and currency, kept in the URL. */
export function AccountFilters({ action, filters, currencies }: { action: string; filters: AccountFilterValues; currencies: string[] }) {
  const isFiltered = Boolean(filters.customerId || filters.currency);
  return (
    <Form action={action} className="flex flex-wrap items-end gap-3 border-b border-zinc-200 px-5 py-3" aria-label="Filter accounts">
      <div className="w-96 space-y-1">
        <label htmlFor="filter-customer" className="block text-xs font-medium text-zinc-600">
          Customer
        </label>
        <Input id="filter-customer" name="customerId" defaultValue={filters.customerId ?? ""} placeholder="Customer:…" maxLength={200} className="h-9 font-mono text-xs" />
      </div>
      <div className="w-28 space-y-1">
        <label htmlFor="filter-currency" className="block text-xs font-medium text-zinc-600">
          Currency
        </label>
        <Select id="filter-currency" name="currency" defaultValue={filters.currency ?? ""} className="h-9 py-1">
          <option value="">Any</option>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </div>
      <button type="submit" className={buttonClasses("secondary")}>
        Apply
      </button>
      {isFiltered && (
        <Link href={action} className={buttonClasses("ghost")}>
          Clear
        </Link>
      )}
    </Form>
  );
}
