import { SelectField, TextField, enumOptions } from "@/components/text-field";
import { ENTITY_TYPES } from "../form-values";
import type { SectionProps } from "./section-props";

const DIRECT_ACCOUNT_HINT = "Required when the business holds BRL, MXN or INR.";

/** businessInfo: legal identity, tax id and incorporation of a business. */
export function BusinessFields({ values, update, errors }: SectionProps) {
  const b = values.businessInfo;
  const set = (change: (info: typeof b) => void) => update((d) => change(d.businessInfo));
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <TextField id="businessInfo.legalName" label="Legal name" value={b.legalName} error={errors["businessInfo.legalName"]} onChange={(v) => set((i) => void (i.legalName = v))} />
      <TextField
        id="businessInfo.doingBusinessAs"
        label="Doing business as (optional)"
        value={b.doingBusinessAs}
        error={errors["businessInfo.doingBusinessAs"]}
        onChange={(v) => set((i) => void (i.doingBusinessAs = v))}
      />
      <TextField
        id="businessInfo.country"
        label="Country of incorporation"
        hint="Two-letter country code, e.g. US."
        value={b.country}
        error={errors["businessInfo.country"]}
        maxLength={2}
        onChange={(v) => set((i) => void (i.country = v))}
      />
      <SelectField
        id="businessInfo.entityType"
        label="Entity type"
        emptyLabel="Not given"
        options={enumOptions(ENTITY_TYPES)}
        value={b.entityType}
        error={errors["businessInfo.entityType"]}
        onChange={(v) => set((i) => void (i.entityType = v as typeof i.entityType))}
      />
      <TextField
        id="businessInfo.registrationNumber"
        label="Registration number"
        value={b.registrationNumber}
        error={errors["businessInfo.registrationNumber"]}
        onChange={(v) => set((i) => void (i.registrationNumber = v))}
      />
      <TextField id="businessInfo.taxId" label="Tax ID" hint={DIRECT_ACCOUNT_HINT} value={b.taxId} error={errors["businessInfo.taxId"]} onChange={(v) => set((i) => void (i.taxId = v))} />
      <TextField
        id="businessInfo.incorporatedOn"
        label="Incorporated on"
        type="date"
        hint={DIRECT_ACCOUNT_HINT}
        value={b.incorporatedOn}
        error={errors["businessInfo.incorporatedOn"]}
        onChange={(v) => set((i) => void (i.incorporatedOn = v))}
      />
    </div>
  );
}
