import { SelectField, TextField } from "@/components/text-field";
import { ID_TYPES } from "../form-values";
import type { SectionProps } from "./section-props";

const ID_LABELS: Record<(typeof ID_TYPES)[number], string> = { SSN: "SSN", ITIN: "ITIN", EIN: "EIN", NON_US_TAX_ID: "Non-US tax ID" };

/** Name, birth date, nationality and identification of an individual. */
export function IndividualFields({ values, update, errors, isEditing }: SectionProps & { isEditing: boolean }) {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <TextField id="fullName" label="Full name" value={values.fullName} error={errors.fullName} autoComplete="off" onChange={(v) => update((d) => void (d.fullName = v))} />
      <TextField id="birthDate" label="Date of birth" type="date" value={values.birthDate} error={errors.birthDate} onChange={(v) => update((d) => void (d.birthDate = v))} />
      <TextField
        id="nationality"
        label="Nationality"
        hint="Two-letter country code, e.g. US."
        value={values.nationality}
        error={errors.nationality}
        maxLength={2}
        onChange={(v) => update((d) => void (d.nationality = v))}
      />
      <SelectField
        id="idType"
        label="ID type"
        emptyLabel="None"
        options={ID_TYPES.map((t) => ({ value: t, label: ID_LABELS[t] }))}
        value={values.idType}
        error={errors.idType}
        onChange={(v) => update((d) => void (d.idType = v as typeof d.idType))}
      />
      <TextField
        id="identifier"
        label="ID number"
        hint={isEditing ? "Stored but never shown again; leave empty to keep the current one." : "SSN/ITIN ###-##-####, EIN ##-#######."}
        value={values.identifier}
        error={errors.identifier}
        autoComplete="off"
        onChange={(v) => update((d) => void (d.identifier = v))}
      />
      <TextField
        id="countryOfIssuance"
        label="Issuing country"
        hint="Two-letter country code of the ID."
        value={values.countryOfIssuance}
        error={errors.countryOfIssuance}
        maxLength={2}
        onChange={(v) => update((d) => void (d.countryOfIssuance = v))}
      />
    </div>
  );
}
