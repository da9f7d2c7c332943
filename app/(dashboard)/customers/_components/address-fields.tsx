import { TextField } from "@/components/text-field";
import type { CustomerFormValues } from "../form-values";
import type { SectionProps } from "./section-props";

type AddressKey = keyof CustomerFormValues["address"];

const FIELDS: { key: AddressKey; label: string; hint?: string; wide?: boolean; maxLength?: number }[] = [
  { key: "line1", label: "Address line 1", wide: true },
  { key: "line2", label: "Address line 2 (optional)", wide: true },
  { key: "city", label: "City" },
  { key: "state", label: "State or region" },
  { key: "postalCode", label: "Postal code", maxLength: 20 },
  { key: "country", label: "Country", hint: "Two-letter country code, e.g. US.", maxLength: 2 },
];

/** The customer's address; left empty, none is sent. */
export function AddressFields({ values, update, errors }: SectionProps) {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      {FIELDS.map(({ key, label, hint, wide, maxLength }) => (
        <TextField
          key={key}
          id={`address.${key}`}
          label={label}
          hint={hint}
          maxLength={maxLength}
          className={wide ? "md:col-span-2" : undefined}
          value={values.address[key]}
          error={errors[`address.${key}`] ?? (key === "line1" ? errors.address : undefined)}
          onChange={(v) => update((d) => void (d.address[key] = v))}
        />
      ))}
    </div>
  );
}
