import Form from "next/form";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";
import { Input, Select } from "@/components/ui/input";

export interface CustomerFilterValues {
  q?: string;
  customerType?: string;
  currency?: string;
  createdFrom?: string;
  createdTo?: string;
  isIncludingDeleted?: boolean;
}

export function isFiltered(filters: CustomerFilterValues): boolean {
  return Boolean(filters.q || filters.customerType || filters.currency || filters.createdFrom || filters.createdTo || filters.isIncludingDeleted);
}

function Label({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label htmlFor={htmlFor} className="block text-xs font-medium text-zinc-600">
      {children}
    </label>
  );
}

/** A GET form: the filters live in the URL, so a filtered list can be shared and reloaded. */
export function CustomerFilters({ filters, currencies }: { filters: CustomerFilterValues; currencies: string[] }) {
  return (
    <Form action="/customers" className="flex flex-wrap items-end gap-3 border-b border-zinc-200 px-5 py-3" aria-label="Filter customers">
      <div className="w-72 space-y-1">
        <Label htmlFor="filter-q">Search</Label>
        <Input id="filter-q" name="q" defaultValue={filters.q ?? ""} placeholder="Name, your ID, $uma@… or Customer:…" maxLength={320} className="h-9" />
      </div>
      <div className="w-32 space-y-1">
        <Label htmlFor="filter-type">Type</Label>
        <Select id="filter-type" name="customerType" defaultValue={filters.customerType ?? ""} className="h-9 py-1">
          <option value="">Any type</option>
          <option value="INDIVIDUAL">Individual</option>
          <option value="BUSINESS">Business</option>
        </Select>
      </div>
      <div className="w-24 space-y-1">
        <Label htmlFor="filter-currency">Currency</Label>
        <Select id="filter-currency" name="currency" defaultValue={filters.currency ?? ""} className="h-9 py-1">
          <option value="">Any</option>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-36 space-y-1">
        <Label htmlFor="filter-created-from">Created from (UTC)</Label>
        <Input id="filter-created-from" name="createdFrom" type="date" defaultValue={filters.createdFrom ?? ""} className="h-9" />
      </div>
      <div className="w-36 space-y-1">
        <Label htmlFor="filter-created-to">Created to (UTC)</Label>
        <Input id="filter-created-to" name="createdTo" type="date" defaultValue={filters.createdTo ?? ""} className="h-9" />
      </div>
      <label className="flex h-9 items-center gap-2 text-sm text-zinc-700">
        <input type="checkbox" name="deleted" value="1" defaultChecked={filters.isIncludingDeleted} className="size-4 rounded border-zinc-300 accent-brand-600" />
        Show deleted
      </label>
      <button type="submit" className={buttonClasses("secondary")}>
        Apply
      </button>
      {isFiltered(filters) && (
        <Link href="/customers" className={buttonClasses("ghost")}>
          Clear
        </Link>
      )}
    </Form>
  );
}
