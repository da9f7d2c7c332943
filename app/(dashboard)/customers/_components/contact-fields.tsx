import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field";
import { TextField } from "@/components/text-field";
import type { SectionProps } from "./section-props";

export interface ContactFieldsProps extends SectionProps {
  /** The platform's supported currencies, offered as choices. */
  currencies: string[];
  isEditing: boolean;
}

/** Your id for the customer, contact details, and the currencies it holds (one account each). */
export function ContactFields({ values, update, errors, currencies, isEditing }: ContactFieldsProps) {
  const currencyError = errors.currencies ?? Object.entries(errors).find(([field]) => field.startsWith("currencies."))?.[1];
  return (
    <div className="space-y-5">
      <div className="grid gap-5 md:grid-cols-3">
        <TextField
          id="platformCustomerId"
          label="Your customer ID"
          hint={isEditing ? "Set when the customer was created." : "Optional; defaults to the service's id."}
          value={values.platformCustomerId}
          error={errors.platformCustomerId}
          disabled={isEditing}
          onChange={(v) => update((d) => void (d.platformCustomerId = v))}
        />
        <TextField id="email" label="Email" type="email" value={values.email} error={errors.email} onChange={(v) => update((d) => void (d.email = v))} />
        <TextField id="phoneNumber" label="Phone" type="tel" hint="E.164, e.g. +14155550123." value={values.phoneNumber} error={errors.phoneNumber} onChange={(v) => update((d) => void (d.phoneNumber = v))} />
      </div>
      <fieldset aria-describedby={currencyError ? "currencies-error" : "currencies-hint"}>
        <legend className="mb-2 text-sm font-medium text-zinc-800">Currencies</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {currencies.map((code) => (
            <Checkbox
              key={code}
              label={code}
              checked={values.currencies.includes(code)}
              onChange={(e) => update((d) => void (d.currencies = e.target.checked ? [...d.currencies, code] : d.currencies.filter((c) => c !== code)))}
            />
          ))}
        </div>
        {currencyError ? (
          <FieldError id="currencies" message={currencyError} />
        ) : (
          <p id="currencies-hint" className="mt-1.5 text-xs text-zinc-500">
            One internal account per currency. {isEditing ? "Adding one opens its account." : "None ticked: all of the platform's currencies."}
          </p>
        )}
      </fieldset>
    </div>
  );
}
