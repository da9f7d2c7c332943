import { z } from "@hono/zod-openapi";
import { DateInputSchema } from "../http/date-schemas";
import { AddressSchema } from "../customers/schemas";

/**
 * Who owns a bank account or wallet (BEHAVIORS.md §1.4 "Bank accounts carry beneficiary"). The
 * minimums of the docs are written into the variants: individuals of USD, GBP and EUR accounts
 * need an address with a city, businesses of bank accounts a legal name and an address, EUR
 * businesses a registration number, African mobile-money businesses a registration number and
 * a tax id. Wallet beneficiaries carry only what the travel rule transmits.
 */
const text = (max: number) => z.string().min(1).max(max);
const country = z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 country code (two capital letters)").openapi({ example: "US" });
const phone = z.string().regex(/^\+[1-9]\d{1,14}$/, "must be an E.164 phone number such as +14155550123").openapi({ example: "+14155550123" });

export const AddressWithCitySchema = AddressSchema.extend({ city: text(255) })
  .strict()
  .openapi("BeneficiaryAddress", { description: "Address with a city, required for individual USD, GBP and EUR beneficiaries." });

const individualFields = {
  fullName: text(255).openapi({ example: "Jane Doe" }),
  birthDate: DateInputSchema.openapi({ example: "1990-01-31" }),
  nationality: country,
  email: z.email().max(254),
  phoneNumber: phone,
  countryOfResidence: country,
  address: AddressSchema,
};
type IndividualField = keyof typeof individualFields;

const businessFields = {
  legalName: text(255).openapi({ example: "Acme Corporation" }),
  registrationNumber: text(100),
  taxId: text(100),
  email: z.email().max(254),
  phoneNumber: phone,
  countryOfResidence: country,
  address: AddressSchema,
};
type BusinessField = keyof typeof businessFields;

function individual(name: string, options: { required?: IndividualField[]; isAddressWithCity?: boolean; extra?: Record<string, z.ZodType> } = {}) {
  const required = new Set<string>(["fullName", ...(options.required ?? [])]);
  const fields: Record<string, z.ZodType> = { ...individualFields, ...(options.isAddressWithCity && { address: AddressWithCitySchema }), ...options.extra };
  const shape = Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, required.has(key) ? schema : schema.optional()]));
  return z.object({ beneficiaryType: z.literal("INDIVIDUAL"), ...shape }).strict().openapi(name);
}

function business(name: string, required: BusinessField[]) {
  const set = new Set<string>(["legalName", ...required]);
  const shape = Object.fromEntries(Object.entries(businessFields).map(([key, schema]) => [key, set.has(key) ? schema : schema.optional()]));
  return z.object({ beneficiaryType: z.literal("BUSINESS"), ...shape }).strict().openapi(name);
}

const BusinessBeneficiarySchema = business("BusinessBeneficiary", ["address"]);
const MobileMoneyBusinessBeneficiarySchema = business("MobileMoneyBusinessBeneficiary", ["address", "registrationNumber", "taxId"]);

function oneOfBeneficiary(individualSchema: ReturnType<typeof individual>, businessSchema = BusinessBeneficiarySchema) {
  return z.discriminatedUnion("beneficiaryType", [individualSchema, businessSchema]);
}

export type BeneficiarySchema = ReturnType<typeof oneOfBeneficiary>;

const IndividualBeneficiarySchema = individual("IndividualBeneficiary");
const DEFAULT = oneOfBeneficiary(IndividualBeneficiarySchema);

/** The beneficiary variants by account type; types not listed take DEFAULT_BANK_BENEFICIARY. */
export const BANK_BENEFICIARIES: Readonly<Record<string, BeneficiarySchema>> = {
  USD_ACCOUNT: oneOfBeneficiary(individual("UsdBeneficiary", { required: ["address"], isAddressWithCity: true })),
  GBP_ACCOUNT: oneOfBeneficiary(individual("GbpBeneficiary", { required: ["address"], isAddressWithCity: true })),
  EUR_ACCOUNT: oneOfBeneficiary(
    individual("EurBeneficiary", { required: ["address", "countryOfResidence"], isAddressWithCity: true }),
    business("EurBusinessBeneficiary", ["address", "registrationNumber"]),
  ),
  AED_ACCOUNT: oneOfBeneficiary(individual("AedBeneficiary", { required: ["address"] })),
  GTQ_ACCOUNT: oneOfBeneficiary(individual("GtqBeneficiary", { required: ["countryOfResidence", "phoneNumber"] })),
  JMD_ACCOUNT: oneOfBeneficiary(individual("JmdBeneficiary", { required: ["address", "phoneNumber"] })),
  CAD_ACCOUNT: oneOfBeneficiary(individual("CadBeneficiary", { extra: { registrationNumber: text(100) } })),
  COP_ACCOUNT: oneOfBeneficiary(
    individual("CopBeneficiary", { extra: { documentType: z.enum(["CC", "CE", "TI", "NIT", "PP"]), documentNumber: text(50) } }),
  ),
};
export const DEFAULT_BANK_BENEFICIARY = DEFAULT;
export const MOBILE_MONEY_BENEFICIARY = oneOfBeneficiary(IndividualBeneficiarySchema, MobileMoneyBusinessBeneficiarySchema);

export const WalletBeneficiarySchema = z.discriminatedUnion("beneficiaryType", [
  z
    .object({ beneficiaryType: z.literal("INDIVIDUAL"), fullName: individualFields.fullName, countryOfResidence: country })
    .strict()
    .openapi("WalletIndividualBeneficiary"),
  business("WalletBusinessBeneficiary", []),
]);

/** The name a bank would compare with the account holder's (beneficiary verification). */
export function beneficiaryName(beneficiary: unknown): string | undefined {
  if (typeof beneficiary !== "object" || beneficiary === null) return undefined;
  const { fullName, legalName } = beneficiary as { fullName?: unknown; legalName?: unknown };
  if (typeof fullName === "string") return fullName;
  return typeof legalName === "string" ? legalName : undefined;
}
