import Form from "next/form";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";
import { Select } from "@/components/ui/input";
import type { CustomerOption } from "../../customers/_lib/customer-search";
import { AccountCustomerPicker } from "./account-customer-picker";

export interface AccountFilterValues {
  customerId?: string;
  currency?: string;
}

/**
 * A GET form for lists of accounts: by owner (picked by name, as on Transactions) and currency,
 * kept in the URL. `customer` is the customer filtered on, as the picker shows it.
 */
export function AccountFilters({ action, filters, customer, currencies }: { action: string; filters: AccountFilterValues; customer: CustomerOption | null; currencies: string[] }) {
  const isFiltered = Boolean(filters.customerId || filters.currency);
  return (
    <Form action={action} className="flex flex-wrap items-end gap-3 border-b border-zinc-200 px-5 py-3" aria-label="Filter accounts">
      <AccountCustomerPicker initial={customer} />
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
