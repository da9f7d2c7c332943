import Form from "next/form";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";
import { Input, Select } from "@/components/ui/input";
import { DELIVERY_STATUS_LABELS } from "@/components/delivery-status-badge";

/** Types staff look for most; the field takes any exact type. */
const COMMON_TYPES = ["TEST", "OUTGOING_PAYMENT.COMPLETED", "OUTGOING_PAYMENT.FAILED", "INCOMING_PAYMENT.COMPLETED", "INTERNAL_ACCOUNT.BALANCE_UPDATED", "CUSTOMER.KYC_APPROVED"];

export interface EventFilterValues {
  deliveryStatus?: string;
  type?: string;
}

/** A GET form: filters live in the URL, so a filtered list can be shared and reloaded. */
export function EventFilters({ deliveryStatus, type }: EventFilterValues) {
  const isFiltered = Boolean(deliveryStatus || type);
  return (
    <Form action="/webhooks" className="flex flex-wrap items-end gap-3 border-b border-zinc-200 px-5 py-3" aria-label="Filter events">
      <div className="space-y-1">
        <label htmlFor="filter-delivery-status" className="block text-xs font-medium text-zinc-600">
          Delivery state
        </label>
        <Select id="filter-delivery-status" name="deliveryStatus" defaultValue={deliveryStatus ?? ""} className="h-9 w-44 py-1">
          <option value="">Any state</option>
          {Object.entries(DELIVERY_STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <label htmlFor="filter-type" className="block text-xs font-medium text-zinc-600">
          Event type
        </label>
        <Input id="filter-type" name="type" defaultValue={type ?? ""} placeholder="Any type" list="event-types" maxLength={100} className="h-9 w-72" />
      </div>
      <datalist id="event-types">
        {COMMON_TYPES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <button type="submit" className={buttonClasses("secondary")}>
        Apply filters
      </button>
      {isFiltered && (
        <Link href="/webhooks" className={buttonClasses("ghost")}>
          Clear
        </Link>
      )}
    </Form>
  );
}
