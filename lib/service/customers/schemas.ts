import { isIP } from "node:net";
import { z } from "@hono/zod-openapi";
import { booleanQuerySchema } from "../http/boolean-query";
import { DateInputSchema, DateTimeInputSchema, dateTimeFilterSchema } from "../http/date-schemas";
import { PageQuerySchema, pageResponseSchema } from "../http/pagination";
import { CURRENCY_CODES } from "../sandbox/currencies";
import { ContactVerificationSchema } from "../contact-verification/schemas";
import { AGREEMENT_TYPES } from "./agreements";
import { UMA_ADDRESS_PATTERN } from "./uma-address";
import { BeneficialOwnerSchema } from "../beneficial-owners/schemas";
import { AddressSchema, country, IdentificationTypeSchema, KybStatusSchema, KycStatusSchema, text } from "./party-schemas";

export { AddressSchema, IdentificationTypeSchema, KybStatusSchema, KycStatusSchema, type Address, type IdentificationType } from "./party-schemas";

// ── Shared field shapes ─────────────────────────────────────────────────────────────────────────

const date = (description: string) => DateInputSchema.openapi({ description, example: "1990-01-31" });
const description500 = text(500);

export const CustomerTypeSchema = z.enum(["INDIVIDUAL", "BUSINESS"]).openapi("CustomerType");
export type CustomerType = z.infer<typeof CustomerTypeSchema>;

const CurrencyCodeSchema = z.enum(CURRENCY_CODES as [string, ...string[]]);
const PhoneNumberSchema = z.string().regex(/^\+[1-9]\d{1,14}$/, "must be an E.164 phone number such as +14155550123");
const EmailSchema = z.email().max(254);
const UmaAddressSchema = z
  .string()
  .max(320)
  .regex(UMA_ADDRESS_PATTERN, "must be a UMA address such as $alice@example.com")
  .openapi({ example: "$alice@uma.example.com" });

const PepStatusSchema = z.enum(["NONE", "DOMESTIC", "FOREIGN", "HIO", "FAMILY_OR_ASSOCIATE"]).openapi("PepStatus");
const AnnualIncomeRangeSchema = z.enum(["UNDER_50K", "RANGE_50K_100K", "RANGE_100K_250K", "RANGE_250K_1M", "OVER_1M"]).openapi("AnnualIncomeRange");
const NetWorthRangeSchema = z
  .enum(["UNDER_100K", "RANGE_100K_500K", "RANGE_500K_1M", "RANGE_1M_5M", "RANGE_5M_25M", "OVER_25M"])
  .openapi("NetWorthRange");
const ExpectedMonthlyTransactionCountSchema = z
  .enum(["COUNT_UNDER_10", "COUNT_10_TO_100", "COUNT_100_TO_500", "COUNT_500_TO_1000", "COUNT_OVER_1000"])
  .openapi("ExpectedMonthlyTransactionCount");
const ExpectedMonthlyTransactionVolumeSchema = z
  .enum(["VOLUME_UNDER_10K", "VOLUME_10K_TO_100K", "VOLUME_100K_TO_1M", "VOLUME_1M_TO_10M", "VOLUME_OVER_10M"])
  .openapi("ExpectedMonthlyTransactionVolume");
export const PurposeOfAccountSchema = z
  .enum([
    "CONTRACTOR_PAYOUTS", "CREATOR_PAYOUTS", "EMPLOYEE_PAYOUTS", "MARKETPLACE_SELLER_PAYOUTS", "SUPPLIER_PAYMENTS",
    "CROSS_BORDER_B2B", "AR_AUTOMATION", "AP_AUTOMATION", "EMBEDDED_PAYMENTS", "PLATFORM_FEE_COLLECTION",
    "P2P_TRANSFERS", "CHARITABLE_DONATIONS", "OTHER",
  ])
  .openapi("PurposeOfAccount");
const IndividualSourceOfFundsCategorySchema = z
  .enum([
    "SALARY", "SELF_EMPLOYMENT_INCOME", "INVESTMENT_INCOME", "PENSION", "RENTAL_INCOME", "GIFT", "INHERITANCE",
    "LOAN", "SAVINGS", "SALE_OF_ASSETS", "OTHER",
  ])
  .openapi("IndividualSourceOfFundsCategory");
const SourceOfWealthCategorySchema = z
  .enum(["SALARY", "BUSINESS_INCOME", "INVESTMENTS", "INHERITANCE", "PROPERTY_SALE", "GIFT", "RETIREMENT", "SAVINGS", "OTHER"])
  .openapi("SourceOfWealthCategory");
const SourceOfFundsCategorySchema = z
  .enum(["OPERATING_REVENUE", "INVESTMENT_INCOME", "LOANS", "VENTURE_CAPITAL", "PERSONAL_SAVINGS", "DONATIONS", "OTHER"])
  .openapi("SourceOfFundsCategory");
const EntityTypeSchema = z
  .enum([
    "SOLE_PROPRIETORSHIP", "PARTNERSHIP", "LLC", "CORPORATION", "S_CORPORATION", "NON_PROFIT",
    "PUBLICLY_LISTED_COMPANY", "TRUST", "PRIVATE_FOUNDATION", "CHARITY", "OTHER",
  ])
  .openapi("EntityType");
const BusinessTypeSchema = z
  .enum([
    "AGRICULTURE_FORESTRY_FISHING_AND_HUNTING", "MINING_QUARRYING_AND_OIL_AND_GAS_EXTRACTION", "UTILITIES",
    "CONSTRUCTION", "MANUFACTURING", "WHOLESALE_TRADE", "RETAIL_TRADE", "TRANSPORTATION_AND_WAREHOUSING",
    "INFORMATION", "FINANCE_AND_INSURANCE", "REAL_ESTATE_AND_RENTAL_AND_LEASING",
    "PROFESSIONAL_SCIENTIFIC_AND_TECHNICAL_SERVICES", "MANAGEMENT_OF_COMPANIES_AND_ENTERPRISES",
    "ADMINISTRATIVE_AND_SUPPORT_AND_WASTE_MANAGEMENT_AND_REMEDIATION_SERVICES", "EDUCATIONAL_SERVICES",
    "HEALTH_CARE_AND_SOCIAL_ASSISTANCE", "ARTS_ENTERTAINMENT_AND_RECREATION", "ACCOMMODATION_AND_FOOD_SERVICES",
    "OTHER_SERVICES", "PUBLIC_ADMINISTRATION",
  ])
  .openapi("BusinessType");

/** Individual enhanced due diligence (CustomerEdd); stored together in `Customer.dueDiligence`. */
export const EDD_FIELDS = {
  sourceOfFundsCategories: z.array(IndividualSourceOfFundsCategorySchema).max(20).optional(),
  sourceOfFundsOtherDescription: description500.optional().openapi({ description: "Required when sourceOfFundsCategories includes OTHER." }),
  sourceOfWealthCategories: z.array(SourceOfWealthCategorySchema).max(20).optional(),
  sourceOfWealthOtherDescription: description500.optional().openapi({ description: "Required when sourceOfWealthCategories includes OTHER." }),
  purposeOfAccount: PurposeOfAccountSchema.optional(),
  purposeOfAccountOtherDescription: description500.optional().openapi({ description: "Required when purposeOfAccount is OTHER." }),
  expectedMonthlyTransactionCount: ExpectedMonthlyTransactionCountSchema.optional(),
  expectedMonthlyTransactionVolume: ExpectedMonthlyTransactionVolumeSchema.optional(),
  annualIncomeRange: AnnualIncomeRangeSchema.optional(),
  netWorthRange: NetWorthRangeSchema.optional(),
  pepStatus: PepStatusSchema.optional(),
};
export const EDD_FIELD_NAMES = Object.keys(EDD_FIELDS) as (keyof typeof EDD_FIELDS)[];

const INDIVIDUAL_FIELDS = {
  fullName: text(255).optional().openapi({ description: "Given and family name." }),
  birthDate: date("Date of birth, YYYY-MM-DD; not in the future.").optional(),
  nationality: country().optional(),
  address: AddressSchema.optional(),
  idType: IdentificationTypeSchema.optional().openapi({ description: "Sent together with `identifier`." }),
  identifier: text(64)
    .optional()
    .openapi({ description: "Write-only; never returned. SSN/ITIN `###-##-####` (or 9 digits), EIN `##-#######` (or 9 digits)." }),
  countryOfIssuance: country("Country that issued `identifier`.").optional(),
  ...EDD_FIELDS,
};

const businessInfoFields = {
  legalName: text(255),
  doingBusinessAs: text(255).optional(),
  country: country("Country of incorporation."),
  registrationNumber: text(64).optional(),
  incorporatedOn: date("Date of incorporation, YYYY-MM-DD. Required when the customer holds a currency with direct customer-owned accounts (BRL, MXN, INR).").optional(),
  entityType: EntityTypeSchema.optional(),
  taxId: text(64).optional().openapi({ description: "Required when the customer holds a currency with direct customer-owned accounts (BRL, MXN, INR)." }),
  countriesOfOperation: z.array(country()).max(250).optional(),
  businessType: BusinessTypeSchema.optional(),
  purposeOfAccount: PurposeOfAccountSchema.optional(),
  sourceOfFunds: description500.optional(),
  expectedMonthlyTransactionCount: ExpectedMonthlyTransactionCountSchema.optional(),
  expectedMonthlyTransactionVolume: ExpectedMonthlyTransactionVolumeSchema.optional(),
  expectedRecipientJurisdictions: z.array(country()).max(250).optional(),
  naicsCode: z.string().regex(/^\d{2,6}$/, "must be 2 to 6 digits").optional(),
  sourceOfFundsCategories: z.array(SourceOfFundsCategorySchema).max(20).optional(),
  sourceOfFundsOtherDescription: description500.optional().openapi({ description: "Required when sourceOfFundsCategories includes OTHER." }),
  purposeOfAccountOtherDescription: description500.optional().openapi({ description: "Required when purposeOfAccount is OTHER." }),
  expectedCounterpartyCountries: z.array(country()).max(250).optional(),
  primaryContactFirstName: z.string().max(250).optional(),
  primaryContactLastName: z.string().max(250).optional(),
};

/** Create: `legalName` and `country` required; `taxId`/`incorporatedOn` optional here (seed), enforced per currency. */
export const BusinessInfoSchema = z.object(businessInfoFields).strict().openapi("BusinessInfo");
export const BusinessInfoUpdateSchema = BusinessInfoSchema.partial().strict().openapi("BusinessInfoUpdate");
export const BusinessInfoResponseSchema = z
  .object({ ...businessInfoFields, country: businessInfoFields.country.optional() })
  .openapi("BusinessInfoResponse");
export type BusinessInfo = z.infer<typeof BusinessInfoResponseSchema>;

// ── Agreement consents ──────────────────────────────────────────────────────────────────────────

export const AgreementTypeSchema = z.enum(AGREEMENT_TYPES).openapi("AgreementType");
const AcceptanceMethodSchema = z.enum(["CHECKBOX", "CLICK_TO_ACCEPT"]).openapi("EndUserTermsAcceptanceMethod");
const IpAddressSchema = z
  .string()
  .max(45)
  .check((ctx) => {
    if (!isIP(ctx.value)) ctx.issues.push({ code: "invalid_format", format: "ip", input: ctx.value, message: "must be an IPv4 or IPv6 address" });
  })
  .openapi({ description: "IPv4 or IPv6 address the customer accepted from.", example: "203.0.113.7" });

const consentFields = {
  acceptedAt: DateTimeInputSchema.openapi({ description: "When the customer accepted; not in the future." }),
  ipAddress: IpAddressSchema,
  termsVersion: text(64).openapi({ description: "The agreement's current `version` from GET /customers/agreements." }),
  acceptanceMethod: AcceptanceMethodSchema,
};

export const AgreementConsentRequestSchema = z.object({ type: AgreementTypeSchema, ...consentFields }).strict().openapi("AgreementConsentRequest");
export type AgreementConsentRequest = z.infer<typeof AgreementConsentRequestSchema>;
export const EndUserTermsConsentRequestSchema = z.object(consentFields).strict().openapi("EndUserTermsConsentRequest");

const consentRequestFields = {
  agreementConsents: z
    .array(AgreementConsentRequestSchema)
    .max(AGREEMENT_TYPES.length)
    .optional()
    .openapi({ description: "At most one entry per `type`. On update, consents are added; other types stay." }),
  endUserTermsConsent: EndUserTermsConsentRequestSchema.optional().openapi({
    deprecated: true,
    description: "Deprecated: one `agreementConsents` entry of type SERVICE_END_USER_TERMS. Not together with `agreementConsents`.",
  }),
};

export const AgreementConsentSchema = z
  .object({ type: AgreementTypeSchema, acceptedAt: z.string().datetime(), ipAddress: z.string(), termsVersion: z.string(), acceptanceMethod: AcceptanceMethodSchema })
  .openapi("AgreementConsent");
export type AgreementConsent = z.infer<typeof AgreementConsentSchema>;
export const EndUserTermsConsentSchema = AgreementConsentSchema.omit({ type: true }).openapi("EndUserTermsConsent");

export const AgreementSchema = z
  .object({
    type: AgreementTypeSchema,
    name: z.string(),
    version: z.string().openapi({ description: "Send this as `termsVersion` when recording a consent." }),
    url: z.url().openapi({ description: "Hosted text of this version." }),
  })
  .openapi("Agreement");
export const AgreementListResponseSchema = z.object({ data: z.array(AgreementSchema) }).openapi("AgreementListResponse");
export const EndUserTermsSchema = z.object({ version: z.string(), url: z.url() }).openapi("EndUserTerms");

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

const ignoredStatus = { description: "Ignored: the service sets the verification status." };

const createCommon = {
  platformCustomerId: text(255).optional().openapi({ description: "Your id for the customer; unique among active customers. Defaults to the customer's `id`." }),
  region: country("Only to pick one of several regions offering the same currency.").optional(),
  currencies: z
    .array(CurrencyCodeSchema)
    .min(1)
    .max(20)
    .optional()
    .openapi({ description: "Currencies the customer holds; each must be supported by the platform. Default: all of the platform's." }),
  email: EmailSchema.optional(),
  phoneNumber: PhoneNumberSchema.optional(),
  umaAddress: UmaAddressSchema.optional().openapi({ description: "Unique among active customers; generated when omitted." }),
  ...consentRequestFields,
};

export const IndividualCustomerCreateRequestSchema = z
  .object({ customerType: z.literal("INDIVIDUAL"), ...createCommon, kycStatus: KycStatusSchema.optional().openapi(ignoredStatus), ...INDIVIDUAL_FIELDS })
  .strict()
  .openapi("IndividualCustomerCreateRequest");
export const BusinessCustomerCreateRequestSchema = z
  .object({
    customerType: z.literal("BUSINESS"),
    ...createCommon,
    kybStatus: KybStatusSchema.optional().openapi(ignoredStatus),
    address: AddressSchema.optional(),
    businessInfo: BusinessInfoSchema,
  })
  .strict()
  .openapi("BusinessCustomerCreateRequest");
export const CustomerCreateRequestSchema = z
  .discriminatedUnion("customerType", [IndividualCustomerCreateRequestSchema, BusinessCustomerCreateRequestSchema])
  .openapi("CustomerCreateRequestOneOf");
export type CustomerCreateRequest = z.infer<typeof CustomerCreateRequestSchema>;

const updateCommon = {
  region: createCommon.region,
  currencies: createCommon.currencies,
  email: EmailSchema.optional(),
  phoneNumber: PhoneNumberSchema.optional(),
  umaAddress: UmaAddressSchema.optional(),
  ...consentRequestFields,
};

export const IndividualCustomerUpdateRequestSchema = z
  .object({ customerType: z.literal("INDIVIDUAL"), ...updateCommon, kycStatus: KycStatusSchema.optional().openapi(ignoredStatus), ...INDIVIDUAL_FIELDS })
  .strict()
  .openapi("IndividualCustomerUpdateRequest");
export const BusinessCustomerUpdateRequestSchema = z
  .object({
    customerType: z.literal("BUSINESS"),
    ...updateCommon,
    kybStatus: KybStatusSchema.optional().openapi(ignoredStatus),
    address: AddressSchema.optional(),
    businessInfo: BusinessInfoUpdateSchema.optional().openapi({ description: "Merged into the stored businessInfo field by field." }),
  })
  .strict()
  .openapi("BusinessCustomerUpdateRequest");
export const CustomerUpdateRequestSchema = z
  .discriminatedUnion("customerType", [IndividualCustomerUpdateRequestSchema, BusinessCustomerUpdateRequestSchema])
  .openapi("CustomerUpdateRequestOneOf");
export type CustomerUpdateRequest = z.infer<typeof CustomerUpdateRequestSchema>;

// ── Responses ───────────────────────────────────────────────────────────────────────────────────

const customerCommon = {
  id: z.string().openapi({ example: "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
  platformCustomerId: z.string(),
  umaAddress: z.string(),
  region: z.string().optional(),
  currencies: z.array(z.string()),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  agreementConsents: z.array(AgreementConsentSchema).openapi({ description: "Latest acceptance per accepted type; empty until the first." }),
  endUserTermsConsent: EndUserTermsConsentSchema.optional().openapi({ deprecated: true, description: "Latest SERVICE_END_USER_TERMS acceptance." }),
  contactVerification: ContactVerificationSchema.optional().openapi({
    description: "Only where the provider mandates contact verification (EU/EEA customers): each channel to verify, PENDING or VERIFIED.",
  }),
  isDeleted: z.boolean(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
};

const { identifier: _identifier, ...INDIVIDUAL_RESPONSE_FIELDS } = INDIVIDUAL_FIELDS;

export const IndividualCustomerSchema = z
  .object({ customerType: z.literal("INDIVIDUAL"), ...customerCommon, kycStatus: KycStatusSchema, ...INDIVIDUAL_RESPONSE_FIELDS })
  .openapi("IndividualCustomer");
export const BusinessCustomerSchema = z
  .object({
    customerType: z.literal("BUSINESS"),
    ...customerCommon,
    kybStatus: KybStatusSchema,
    address: AddressSchema.optional(),
    businessInfo: BusinessInfoResponseSchema,
    beneficialOwners: z.array(BeneficialOwnerSchema).optional().openapi({
      description:
        "The business's beneficial owners, as GET /beneficial-owners returns them (newest first, identifiers masked). Sent on every business customer this API answers and in its CUSTOMER.KYB_* webhooks, empty until the first owner is added; individuals never carry it.",
    }),
  })
  .openapi("BusinessCustomer");
export const CustomerSchema = z.discriminatedUnion("customerType", [IndividualCustomerSchema, BusinessCustomerSchema]).openapi("CustomerOneOf");
export type Customer = z.infer<typeof CustomerSchema>;
export type IndividualCustomer = z.infer<typeof IndividualCustomerSchema>;
export type BusinessCustomer = z.infer<typeof BusinessCustomerSchema>;

export const CustomerListResponseSchema = pageResponseSchema(CustomerSchema, "CustomerListResponse");

const dateFilter = dateTimeFilterSchema;

export const CustomerListQuerySchema = PageQuerySchema.extend({
  platformCustomerId: z.string().max(255).optional(),
  customerType: CustomerTypeSchema.optional(),
  region: z.string().max(2).optional(),
  currency: z.string().max(5).optional().openapi({ description: "Customers holding this currency." }),
  umaAddress: z.string().max(320).optional().openapi({ description: "Exact address, case-insensitive." }),
  createdAfter: dateFilter("Created at or after this time."),
  createdBefore: dateFilter("Created before this time."),
  updatedAfter: dateFilter("Updated at or after this time."),
  updatedBefore: dateFilter("Updated before this time."),
  isIncludingDeleted: booleanQuerySchema("Include deleted customers (default false).").optional(),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;

export const CustomerIdParamSchema = z.object({
  customerId: z.string().openapi({ param: { name: "customerId", in: "path" }, example: "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});

// ── Bulk CSV import ─────────────────────────────────────────────────────────────────────────────

const isFile = (value: unknown): value is File =>
  typeof value === "object" && value !== null && typeof (value as File).arrayBuffer === "function" && typeof (value as File).size === "number";

export const BulkCustomerCsvUploadSchema = z.object({
  file: z.custom<File>(isFile, "must be a file").openapi({ type: "string", format: "binary", description: "UTF-8 CSV, header row first; at most 10,000 rows and 5 MB." }),
});

const BulkStatusSchema = z.enum(["PENDING", "PROCESSING", "COMPLETED", "FAILED"]);

export const BulkCustomerImportJobAcceptedSchema = z
  .object({ jobId: z.string().openapi({ example: "Job:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }), status: z.enum(["PENDING", "PROCESSING"]) })
  .openapi("BulkCustomerImportJobAccepted");
export type BulkCustomerImportJobAccepted = z.infer<typeof BulkCustomerImportJobAcceptedSchema>;

const RowErrorSchema = z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() });

export const BulkCustomerImportErrorEntrySchema = z
  .object({
    correlationId: z.string().openapi({ description: "The row's platformCustomerId, or `row-<n>` when it has none." }),
    row: z.number().int().openapi({ description: "1-based data row (the header is not counted)." }),
    ...RowErrorSchema.shape,
    error: RowErrorSchema.openapi({ description: "The same error, nested (the docs' form)." }),
  })
  .openapi("BulkCustomerImportErrorEntry");

export const BulkCustomerImportJobSchema = z
  .object({
    id: z.string(),
    status: BulkStatusSchema.openapi({ description: "FAILED only when every row failed." }),
    progress: z.object({ total: z.number().int(), processed: z.number().int(), successful: z.number().int(), failed: z.number().int() }),
    errors: z.array(BulkCustomerImportErrorEntrySchema),
    createdCustomers: z
      .array(z.object({ correlationId: z.string(), row: z.number().int(), customerId: z.string() }))
      .openapi({ description: "Customers created so far, in row order." }),
    completedAt: z.string().datetime().optional(),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("BulkCustomerImportJob");
export type BulkCustomerImportJob = z.infer<typeof BulkCustomerImportJobSchema>;

export const BulkJobIdParamSchema = z.object({
  jobId: z.string().openapi({ param: { name: "jobId", in: "path" }, example: "Job:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});
