import { TextField } from "@/components/text-field";
import { ChoiceGroup } from "@/components/ui/choice-group";
import type { ExternalAccountFormValues } from "../external-account-values";
import type { ExternalSectionProps } from "./external-section-props";

type AddressKey = keyof ExternalAccountFormValues["beneficiary"]["address"];
const PREFIX = "accountInfo.beneficiary";
const BENEFICIARY_TYPES = [
  { value: "INDIVIDUAL", label: "Person" },
  { value: "BUSINESS", label: "Business" },
] as const;

const ADDRESS: { key: AddressKey; label: string; wide?: boolean; maxLength?: number }[] = [
  { key: "line1", label: "Address line 1", wide: true },
  { key: "line2", label: "Address line 2 (optional)", wide: true },
  { key: "city", label: "City" },
  { key: "state", label: "State or region" },
  { key: "postalCode", label: "Postal code", maxLength: 20 },
  { key: "country", label: "Country (two letters)", maxLength: 2 },
];

/** Who holds the bank account: a person or a business, and their address. */
export function BeneficiaryFields({ values, update, errors }: ExternalSectionProps) {
  const b = values.beneficiary;
  const isIndividual = b.beneficiaryType === "INDIVIDUAL";
  return (
    <div className="space-y-5">
      <ChoiceGroup label="Beneficiary type" value={b.beneficiaryType} options={BENEFICIARY_TYPES} onChange={(type) => update((d) => void (d.beneficiary.beneficiaryType = type))} />
      <div className="grid gap-5 md:grid-cols-2">
        {isIndividual ? (
          <TextField id={`${PREFIX}.fullName`} label="Beneficiary name" hint="As the bank knows the account holder." value={b.fullName} error={errors[`${PREFIX}.fullName`]} onChange={(v) => update((d) => void (d.beneficiary.fullName = v))} />
        ) : (
          <TextField id={`${PREFIX}.legalName`} label="Beneficiary legal name" value={b.legalName} error={errors[`${PREFIX}.legalName`]} onChange={(v) => update((d) => void (d.beneficiary.legalName = v))} />
        )}
        {!isIndividual && values.kind === "EUR_ACCOUNT" ? (
          <TextField
            id={`${PREFIX}.registrationNumber`}
            label="Registration number"
            value={b.registrationNumber}
            error={errors[`${PREFIX}.registrationNumber`]}
            onChange={(v) => update((d) => void (d.beneficiary.registrationNumber = v))}
          />
        ) : (
          <TextField
            id={`${PREFIX}.countryOfResidence`}
            label={values.kind === "EUR_ACCOUNT" ? "Country of residence" : "Country of residence (optional)"}
            hint="Two-letter country code."
            maxLength={2}
            value={b.countryOfResidence}
            error={errors[`${PREFIX}.countryOfResidence`]}
            onChange={(v) => update((d) => void (d.beneficiary.countryOfResidence = v))}
          />
        )}
        {ADDRESS.map(({ key, label, wide, maxLength }) => (
          <TextField
            key={key}
            id={`${PREFIX}.address.${key}`}
            label={label}
            maxLength={maxLength}
            className={wide ? "md:col-span-2" : undefined}
            value={b.address[key]}
            error={errors[`${PREFIX}.address.${key}`] ?? (key === "line1" ? errors[`${PREFIX}.address`] : undefined)}
            onChange={(v) => update((d) => void (d.beneficiary.address[key] = v))}
          />
        ))}
      </div>
    </div>
  );
}
