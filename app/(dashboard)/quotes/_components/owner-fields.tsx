import { CustomerPicker } from "../../_components/customer-picker";
import type { CustomerOption } from "../../customers/_lib/customer-search";
import { PLATFORM_OWNER } from "../_lib/quote-form";
import { ChoiceGroup } from "@/components/ui/choice-group";

const KINDS = [
  { value: "PLATFORM", label: "The platform" },
  { value: "CUSTOMER", label: "A customer" },
] as const;

/** One side's owner as the builder tracks it, with the customer picked for it. */
export interface OwnerChoice {
  /** PLATFORM_OWNER, a customer id, or "" while the customer is still to be picked. */
  owner: string;
  customer: CustomerOption | null;
  onChange: (owner: string, customer: CustomerOption | null) => void;
}

/** Whose money or account: the platform's, or a customer found with the search-as-you-type picker. */
export function OwnerFields({ id, label, pickerLabel, choice, error }: { id: string; label: string; pickerLabel: string; choice: OwnerChoice; error?: string }) {
  const { owner, customer, onChange } = choice;
  const kind = owner === PLATFORM_OWNER ? "PLATFORM" : "CUSTOMER";
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-zinc-800">{label}</p>
        <ChoiceGroup label={label} value={kind} options={KINDS} onChange={(next) => (next === "PLATFORM" ? onChange(PLATFORM_OWNER, null) : onChange(customer?.id ?? "", customer))} />
      </div>
      {kind === "CUSTOMER" && <CustomerPicker id={id} label={pickerLabel} value={customer} onChange={(picked) => onChange(picked?.id ?? "", picked)} error={error} className="max-w-md" />}
    </div>
  );
}
