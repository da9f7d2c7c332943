import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";

type BeneficialOwner = components["schemas"]["BeneficialOwner"];
type CreateRequest = components["schemas"]["BeneficialOwnerCreateRequest"];
type UpdateRequest = components["schemas"]["BeneficialOwnerUpdateRequest"];
type Role = components["schemas"]["BeneficialOwnerRole"];
type IdType = components["schemas"]["IdentificationType"];

export const OWNER_ROLES = ["UBO", "DIRECTOR", "COMPANY_OFFICER", "CONTROL_PERSON", "TRUSTEE", "GENERAL_PARTNER"] as const satisfies readonly Role[];
export const OWNER_ROLE_LABELS: Record<Role, string> = {
  UBO: "Owner (UBO)",
  DIRECTOR: "Director",
  COMPANY_OFFICER: "Company officer",
  CONTROL_PERSON: "Control person",
  TRUSTEE: "Trustee",
  GENERAL_PARTNER: "General partner",
};
export const OWNER_ID_TYPES = ["SSN", "ITIN", "EIN", "NON_US_TAX_ID"] as const satisfies readonly IdType[];

const text = (max = 255) => z.string().max(max);

/** The owner form's values, as typed; keys follow the request body so API field paths match. */
export const OwnerFormSchema = z.object({
  roles: z.array(z.enum(OWNER_ROLES)).max(6),
  ownershipPercentage: z.string().trim().regex(/^\d{0,3}$/, "must be a whole number from 0 to 100"),
  personalInfo: z.object({
    firstName: text(),
    middleName: text(),
    lastName: text(),
    birthDate: text(20),
    nationality: text(10),
    email: text(),
    phoneNumber: text(50),
    idType: z.enum(["", ...OWNER_ID_TYPES]),
    identifier: text(64),
    countryOfIssuance: text(10),
    address: z.object({ line1: text(), line2: text(), city: text(), state: text(), postalCode: text(50), country: text(10) }),
  }),
});
export type OwnerFormValues = z.infer<typeof OwnerFormSchema>;

export const EMPTY_OWNER: OwnerFormValues = {
  roles: [],
  ownershipPercentage: "",
  personalInfo: {
    firstName: "",
    middleName: "",
    lastName: "",
    birthDate: "",
    nationality: "",
    email: "",
    phoneNumber: "",
    idType: "",
    identifier: "",
    countryOfIssuance: "",
    address: { line1: "", line2: "", city: "", state: "", postalCode: "", country: "" },
  },
};

/** An existing owner in the form; the identifier is never shown again, so it starts empty (kept). */
export function ownerFormValues(owner: BeneficialOwner): OwnerFormValues {
  const p = owner.personalInfo;
  const a = p.address;
  return {
    roles: owner.roles,
    ownershipPercentage: String(owner.ownershipPercentage),
    personalInfo: {
      firstName: p.firstName,
      middleName: p.middleName ?? "",
      lastName: p.lastName,
      birthDate: p.birthDate,
      nationality: p.nationality,
      email: p.email ?? "",
      phoneNumber: p.phoneNumber ?? "",
      idType: p.idType,
      identifier: "",
      countryOfIssuance: p.countryOfIssuance ?? "",
      address: { line1: a.line1, line2: a.line2 ?? "", city: a.city ?? "", state: a.state ?? "", postalCode: a.postalCode, country: a.country },
    },
  };
}

/** Trimmed text, or undefined when empty: the API then names what is required. */
function given(value: string): string | undefined {
  return value.trim() || undefined;
}

const upper = (value: string) => given(value)?.toUpperCase();

function personalInfo(values: OwnerFormValues) {
  const p = values.personalInfo;
  const a = p.address;
  const hasAddress = Object.values(a).some((v) => v.trim());
  return {
    firstName: given(p.firstName),
    middleName: given(p.middleName),
    lastName: given(p.lastName),
    birthDate: given(p.birthDate),
    nationality: upper(p.nationality),
    email: given(p.email),
    phoneNumber: given(p.phoneNumber),
    idType: p.idType || undefined,
    identifier: given(p.identifier),
    countryOfIssuance: upper(p.countryOfIssuance),
    address: hasAddress
      ? { line1: given(a.line1), line2: given(a.line2), city: given(a.city), state: given(a.state), postalCode: given(a.postalCode), country: upper(a.country) }
      : undefined,
  };
}

const percentage = (values: OwnerFormValues) => (values.ownershipPercentage ? Number(values.ownershipPercentage) : undefined);

/** POST /beneficial-owners body; missing required fields are left out for the API to name. */
export function toCreateOwnerRequest(customerId: string, values: OwnerFormValues): CreateRequest {
  return { customerId, roles: values.roles, ownershipPercentage: percentage(values), personalInfo: personalInfo(values) } as CreateRequest;
}

/** PATCH body: every field the form holds; an empty identifier keeps the stored one. */
export function toUpdateOwnerRequest(values: OwnerFormValues): UpdateRequest {
  return { roles: values.roles, ownershipPercentage: percentage(values), personalInfo: personalInfo(values) } as UpdateRequest;
}
