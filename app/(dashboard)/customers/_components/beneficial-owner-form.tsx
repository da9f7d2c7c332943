"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field";
import { FormErrorNotice } from "@/components/form-error-notice";
import { SelectField, TextField } from "@/components/text-field";
import { createBeneficialOwnerAction, updateBeneficialOwnerAction } from "../beneficial-owner-actions";
import { OWNER_ID_TYPES, OWNER_ROLES, OWNER_ROLE_LABELS, type OwnerFormValues } from "../_lib/owner-form-values";

type PersonalKey = Exclude<keyof OwnerFormValues["personalInfo"], "address" | "idType">;
type AddressKey = keyof OwnerFormValues["personalInfo"]["address"];

const PERSON_FIELDS: { key: PersonalKey; label: string; hint?: string; type?: "date" | "email" | "tel"; maxLength?: number }[] = [
  { key: "firstName", label: "First name" },
  { key: "middleName", label: "Middle name (optional)" },
  { key: "lastName", label: "Last name" },
  { key: "birthDate", label: "Date of birth", type: "date" },
  { key: "nationality", label: "Nationality", hint: "Two-letter country code, e.g. US.", maxLength: 2 },
  { key: "email", label: "Email (optional)", type: "email" },
  { key: "phoneNumber", label: "Phone (optional)", hint: "E.164, e.g. +14155550123.", type: "tel" },
];
const ADDRESS_FIELDS: { key: AddressKey; label: string; maxLength?: number }[] = [
  { key: "line1", label: "Address line 1" },
  { key: "line2", label: "Address line 2 (optional)" },
  { key: "city", label: "City" },
  { key: "state", label: "State or region" },
  { key: "postalCode", label: "Postal code", maxLength: 20 },
  { key: "country", label: "Country", maxLength: 2 },
];

/** Field paths shown beside an input; the action's own check prefixes them with `values.`. */
function fieldErrors(error: ActionError | null): Record<string, string> {
  return Object.fromEntries(Object.entries(error?.fieldErrors ?? {}).map(([field, message]) => [field.replace(/^values\./, ""), message]));
}
const isShownBesideField = (field: string) => /^(roles(\.\d+)?|ownershipPercentage|personalInfo(\.\w+|\.address(\.\w+)?)?)$/.test(field);

export interface BeneficialOwnerFormProps {
  customerId: string;
  /** Absent: add an owner. */
  beneficialOwnerId?: string;
  initialValues: OwnerFormValues;
  onDone: () => void;
}

/** Add or edit a beneficial owner; the API checks every field and its errors appear beside the fields. */
export function BeneficialOwnerForm({ customerId, beneficialOwnerId, initialValues, onDone }: BeneficialOwnerFormProps) {
  const [values, setValues] = useState(initialValues);
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const isEditing = beneficialOwnerId !== undefined;
  const errors = fieldErrors(error);
  const otherErrors = Object.entries(errors).filter(([field]) => !isShownBesideField(field));
  const prefix = isEditing ? `owner-${beneficialOwnerId}` : "owner-new";
  const id = (path: string) => `${prefix}.${path}`;

  function update(change: (draft: OwnerFormValues) => void) {
    setValues((current) => {
      const draft = structuredClone(current);
      change(draft);
      return draft;
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const result = isEditing ? await callAction(updateBeneficialOwnerAction, { beneficialOwnerId, values }) : await callAction(createBeneficialOwnerAction, { customerId, values });
      if (!result.ok) return setError(result.error);
      setError(null);
      onDone();
      router.refresh();
    });
  }

  const roleError = errors.roles ?? Object.entries(errors).find(([f]) => f.startsWith("roles."))?.[1];
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={isEditing ? "Edit beneficial owner" : "Add beneficial owner"}>
      {error && <FormErrorNotice title={error.code === "FORBIDDEN" ? "Your role cannot change beneficial owners. Ask an admin." : describeActionError(error)} otherErrors={otherErrors} testId="owner-form-error" />}
      <fieldset disabled={pending} className="space-y-5">
        <div>
          <p className="mb-2 text-sm font-medium text-zinc-800">Roles</p>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {OWNER_ROLES.map((role) => (
              <Checkbox
                key={role}
                label={OWNER_ROLE_LABELS[role]}
                checked={values.roles.includes(role)}
                onChange={(e) => update((d) => void (d.roles = e.target.checked ? [...d.roles, role] : d.roles.filter((r) => r !== role)))}
              />
            ))}
          </div>
          {roleError && <FieldError id={id("roles")} message={roleError} />}
        </div>
        <div className="grid gap-5 md:grid-cols-3">
          <TextField
            id={id("ownershipPercentage")}
            label="Ownership (%)"
            hint="0 to 100."
            maxLength={3}
            value={values.ownershipPercentage}
            error={errors.ownershipPercentage}
            onChange={(v) => update((d) => void (d.ownershipPercentage = v))}
          />
          {PERSON_FIELDS.map(({ key, label, hint, type, maxLength }) => (
            <TextField
              key={key}
              id={id(`personalInfo.${key}`)}
              label={label}
              hint={hint}
              type={type}
              maxLength={maxLength}
              value={values.personalInfo[key]}
              error={errors[`personalInfo.${key}`]}
              onChange={(v) => update((d) => void (d.personalInfo[key] = v))}
            />
          ))}
          <SelectField
            id={id("personalInfo.idType")}
            label="ID type"
            emptyLabel="Choose…"
            options={OWNER_ID_TYPES.map((t) => ({ value: t, label: t === "NON_US_TAX_ID" ? "Non-US tax ID" : t }))}
            value={values.personalInfo.idType}
            error={errors["personalInfo.idType"]}
            onChange={(v) => update((d) => void (d.personalInfo.idType = v as typeof d.personalInfo.idType))}
          />
          <TextField
            id={id("personalInfo.identifier")}
            label="ID number"
            hint={isEditing ? "Never shown again; leave empty to keep the current one." : "SSN/ITIN ###-##-####."}
            autoComplete="off"
            value={values.personalInfo.identifier}
            error={errors["personalInfo.identifier"]}
            onChange={(v) => update((d) => void (d.personalInfo.identifier = v))}
          />
          <TextField
            id={id("personalInfo.countryOfIssuance")}
            label="ID issuing country (optional)"
            maxLength={2}
            value={values.personalInfo.countryOfIssuance}
            error={errors["personalInfo.countryOfIssuance"]}
            onChange={(v) => update((d) => void (d.personalInfo.countryOfIssuance = v))}
          />
        </div>
        <div className="grid gap-5 md:grid-cols-3">
          {ADDRESS_FIELDS.map(({ key, label, maxLength }) => (
            <TextField
              key={key}
              id={id(`personalInfo.address.${key}`)}
              label={label}
              maxLength={maxLength}
              value={values.personalInfo.address[key]}
              error={errors[`personalInfo.address.${key}`] ?? (key === "line1" ? errors["personalInfo.address"] : undefined)}
              onChange={(v) => update((d) => void (d.personalInfo.address[key] = v))}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : isEditing ? "Save owner" : "Add owner"}
        </Button>
      </div>
    </form>
  );
}
