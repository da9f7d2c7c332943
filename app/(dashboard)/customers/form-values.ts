import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";

type Customer = components["schemas"]["CustomerOneOf"];
type CreateRequest = components["schemas"]["CustomerCreateRequestOneOf"];
type UpdateRequest = components["schemas"]["CustomerUpdateRequestOneOf"];
type CurrencyCode = NonNullable<components["schemas"]["IndividualCustomerCreateRequest"]["currencies"]>[number];

export const ID_TYPES = ["SSN", "ITIN", "EIN", "NON_US_TAX_ID"] as const;
export const ENTITY_TYPES = [
  "SOLE_PROPRIETORSHIP",
  "PARTNERSHIP",
  "LLC",
  "CORPORATION",
  "S_CORPORATION",
  "NON_PROFIT",
  "PUBLICLY_LISTED_COMPANY",
  "TRUST",
  "PRIVATE_FOUNDATION",
  "CHARITY",
  "OTHER",
] as const;

const text = (max = 255) => z.string().max(max);

/**
 * The customer form's values: strings as typed, named and nested like the request body so that
 * the API's field paths (`address.postalCode`, `businessInfo.taxId`) are the form's keys.
 */
export const CustomerFormSchema = z.object({
  customerType: z.enum(["INDIVIDUAL", "BUSINESS"]),
  platformCustomerId: text(),
  email: text(),
  phoneNumber: text(50),
  currencies: z.array(text(10)).max(50),
  fullName: text(),
  birthDate: text(20),
  nationality: text(10),
  idType: z.enum(["", ...ID_TYPES]),
  identifier: text(50),
  countryOfIssuance: text(10),
  address: z.object({ line1: text(), line2: text(), city: text(), state: text(), postalCode: text(50), country: text(10) }),
  businessInfo: z.object({
    legalName: text(),
    doingBusinessAs: text(),
    country: text(10),
    registrationNumber: text(),
    taxId: text(),
    incorporatedOn: text(20),
    entityType: z.enum(["", ...ENTITY_TYPES]),
  }),
  /** The customer accepted SERVICE_END_USER_TERMS in this version (from GET /customers/agreements). */
  termsConsent: z.object({ isAccepted: z.boolean(), version: text(50) }),
});

export type CustomerFormValues = z.infer<typeof CustomerFormSchema>;

/** When and from where the acceptance was recorded (the action fills it in). */
export interface ConsentSource {
  acceptedAt: string;
  ipAddress: string;
}

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  customerType: "INDIVIDUAL",
  platformCustomerId: "",
  email: "",
  phoneNumber: "",
  currencies: [],
  fullName: "",
  birthDate: "",
  nationality: "",
  idType: "",
  identifier: "",
  countryOfIssuance: "",
  address: { line1: "", line2: "", city: "", state: "", postalCode: "", country: "" },
  businessInfo: { legalName: "", doingBusinessAs: "", country: "", registrationNumber: "", taxId: "", incorporatedOn: "", entityType: "" },
  termsConsent: { isAccepted: false, version: "" },
};

/** Trimmed text, or nothing: empty fields are left out so the API can say which ones it needs. */
function given(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

function compact<T extends Record<string, unknown>>(fields: T): Partial<T> | undefined {
  const kept = Object.entries(fields).filter(([, v]) => v !== undefined);
  return kept.length === 0 ? undefined : (Object.fromEntries(kept) as Partial<T>);
}

function address(values: CustomerFormValues) {
  const a = values.address;
  return compact({ line1: given(a.line1), line2: given(a.line2), city: given(a.city), state: given(a.state), postalCode: given(a.postalCode), country: given(a.country)?.toUpperCase() });
}

function businessInfo(values: CustomerFormValues) {
  const b = values.businessInfo;
  return compact({
    legalName: given(b.legalName),
    doingBusinessAs: given(b.doingBusinessAs),
    country: given(b.country)?.toUpperCase(),
    registrationNumber: given(b.registrationNumber),
    taxId: given(b.taxId),
    incorporatedOn: given(b.incorporatedOn),
    entityType: given(b.entityType) as (typeof ENTITY_TYPES)[number] | undefined,
  });
}

function consents(values: CustomerFormValues, source: ConsentSource) {
  if (!values.termsConsent.isAccepted) return undefined;
  return [{ type: "SERVICE_END_USER_TERMS" as const, termsVersion: values.termsConsent.version, acceptanceMethod: "CHECKBOX" as const, ...source }];
}

/** The fields both create and update carry; the API checks formats and enums. */
function sharedFields(values: CustomerFormValues, source: ConsentSource) {
  return {
    email: given(values.email),
    phoneNumber: given(values.phoneNumber),
    currencies: values.currencies.length > 0 ? (values.currencies as CurrencyCode[]) : undefined,
    address: address(values) as components["schemas"]["Address"] | undefined,
    agreementConsents: consents(values, source),
  };
}

function individualFields(values: CustomerFormValues) {
  return {
    fullName: given(values.fullName),
    birthDate: given(values.birthDate),
    nationality: given(values.nationality)?.toUpperCase(),
    idType: given(values.idType) as (typeof ID_TYPES)[number] | undefined,
    identifier: given(values.identifier),
    countryOfIssuance: given(values.countryOfIssuance)?.toUpperCase(),
  };
}

/**
 * The dashboard never creates a nameless customer (the API would, and lists would show a blank
 * row): an individual needs a full name, a business its legal name. Field errors, or none.
 */
export function missingNameErrors(values: CustomerFormValues): Record<string, string> {
  if (values.customerType === "INDIVIDUAL") return given(values.fullName) ? {} : { fullName: "is required" };
  return given(values.businessInfo.legalName) ? {} : { "businessInfo.legalName": "is required" };
}

/** POST /customers body. A business always sends businessInfo so a missing legalName is named. */
export function toCreateRequest(values: CustomerFormValues, source: ConsentSource): CreateRequest {
  const base = { platformCustomerId: given(values.platformCustomerId), ...sharedFields(values, source) };
  if (values.customerType === "INDIVIDUAL") return { customerType: "INDIVIDUAL", ...base, ...individualFields(values) };
  return { customerType: "BUSINESS", ...base, businessInfo: (businessInfo(values) ?? {}) as components["schemas"]["BusinessInfo"] };
}

/**
 * What PATCH /customers/{id} writes as one value, by the form's (and the body's) field paths: the
 * address is replaced whole, businessInfo merges field by field. The identifier is write-only.
 */
export const CUSTOMER_UNITS = [
  "email",
  "phoneNumber",
  "currencies",
  "address",
  "fullName",
  "birthDate",
  "nationality",
  "idType",
  "countryOfIssuance",
  ...(["legalName", "doingBusinessAs", "country", "registrationNumber", "taxId", "incorporatedOn", "entityType"] as const).map((key) => `businessInfo.${key}`),
] as const;

/** PATCH /customers/{id} body: the fields the form holds; empty ones are left unchanged. */
export function toUpdateRequest(values: CustomerFormValues, source: ConsentSource): UpdateRequest {
  const base = sharedFields(values, source);
  if (values.customerType === "INDIVIDUAL") return { customerType: "INDIVIDUAL", ...base, ...individualFields(values) };
  return { customerType: "BUSINESS", ...base, businessInfo: businessInfo(values) };
}

/** The edit form's starting values: the customer as GET answered it (the identifier is write-only). */
export function customerToFormValues(customer: Customer): CustomerFormValues {
  const a = customer.address;
  const values: CustomerFormValues = {
    ...EMPTY_CUSTOMER_FORM,
    customerType: customer.customerType,
    platformCustomerId: customer.platformCustomerId,
    email: customer.email ?? "",
    phoneNumber: customer.phoneNumber ?? "",
    currencies: [...customer.currencies],
    address: { line1: a?.line1 ?? "", line2: a?.line2 ?? "", city: a?.city ?? "", state: a?.state ?? "", postalCode: a?.postalCode ?? "", country: a?.country ?? "" },
  };
  if (customer.customerType === "BUSINESS") {
    const b = customer.businessInfo;
    values.businessInfo = {
      legalName: b.legalName,
      doingBusinessAs: b.doingBusinessAs ?? "",
      country: b.country ?? "",
      registrationNumber: b.registrationNumber ?? "",
      taxId: b.taxId ?? "",
      incorporatedOn: b.incorporatedOn ?? "",
      entityType: b.entityType ?? "",
    };
    return values;
  }
  return {
    ...values,
    fullName: customer.fullName ?? "",
    birthDate: customer.birthDate ?? "",
    nationality: customer.nationality ?? "",
    idType: customer.idType ?? "",
    countryOfIssuance: customer.countryOfIssuance ?? "",
  };
}
