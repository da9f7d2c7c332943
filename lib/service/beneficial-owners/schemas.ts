import { z } from "@hono/zod-openapi";
import { DateInputSchema } from "../http/date-schemas";
import { AddressSchema, IdentificationTypeSchema, KycStatusSchema } from "../customers/party-schemas";
import { PageQuerySchema, pageResponseSchema } from "../http/pagination";

export const BENEFICIAL_OWNER_ROLES = ["UBO", "DIRECTOR", "COMPANY_OFFICER", "CONTROL_PERSON", "TRUSTEE", "GENERAL_PARTNER"] as const;
export const BeneficialOwnerRoleSchema = z.enum(BENEFICIAL_OWNER_ROLES).openapi("BeneficialOwnerRole");

const country = z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 country code (two capital letters)").openapi({ example: "US" });
const personalInfoFields = {
  firstName: z.string().min(1).max(255),
  middleName: z.string().min(1).max(255).optional(),
  lastName: z.string().min(1).max(255).openapi({ description: "Sandbox: its last 3 characters choose this owner's result (001 PENDING, 002 REJECTED, other APPROVED)." }),
  birthDate: DateInputSchema.openapi({ example: "1980-04-02" }),
  nationality: country,
  email: z.email().max(254).optional(),
  phoneNumber: z.string().regex(/^\+[1-9]\d{1,14}$/, "must be an E.164 phone number such as +14155550123").optional(),
  address: AddressSchema,
  idType: IdentificationTypeSchema,
  identifier: z.string().min(1).max(64).openapi({ description: "Returned masked (last 4 characters only)." }),
  countryOfIssuance: country.optional().openapi({ description: "Country that issued `identifier`; default US." }),
};

export const BeneficialOwnerPersonalInfoSchema = z.object(personalInfoFields).strict().openapi("BeneficialOwnerPersonalInfo");
export type BeneficialOwnerPersonalInfo = z.infer<typeof BeneficialOwnerPersonalInfoSchema>;
export const BeneficialOwnerPersonalInfoUpdateSchema = BeneficialOwnerPersonalInfoSchema.partial().strict().openapi("BeneficialOwnerPersonalInfoUpdate");

const roles = z.array(BeneficialOwnerRoleSchema).min(1).max(6);
const ownershipPercentage = z.number().int().min(0).max(100).openapi({ description: "Share of ownership, 0 to 100." });

export const BeneficialOwnerCreateRequestSchema = z
  .object({
    customerId: z.string().min(1).openapi({ description: "The business customer (`Customer:<uuid>`)." }),
    roles,
    ownershipPercentage,
    personalInfo: BeneficialOwnerPersonalInfoSchema,
  })
  .strict()
  .openapi("BeneficialOwnerCreateRequest");
export type BeneficialOwnerCreateRequest = z.infer<typeof BeneficialOwnerCreateRequestSchema>;

export const BeneficialOwnerUpdateRequestSchema = z
  .object({ roles: roles.optional(), ownershipPercentage: ownershipPercentage.optional(), personalInfo: BeneficialOwnerPersonalInfoUpdateSchema.optional() })
  .strict()
  .openapi("BeneficialOwnerUpdateRequest");
export type BeneficialOwnerUpdateRequest = z.infer<typeof BeneficialOwnerUpdateRequestSchema>;

export const BeneficialOwnerSchema = z
  .object({
    id: z.string().openapi({ example: "BeneficialOwner:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    customerId: z.string(),
    roles: z.array(BeneficialOwnerRoleSchema),
    ownershipPercentage: z.number().int(),
    personalInfo: BeneficialOwnerPersonalInfoSchema,
    kycStatus: KycStatusSchema,
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("BeneficialOwner");
export type BeneficialOwner = z.infer<typeof BeneficialOwnerSchema>;

export const BeneficialOwnerListQuerySchema = PageQuerySchema.extend({
  customerId: z.string().min(1).openapi({ description: "The business customer whose owners to list (required)." }),
});
export const BeneficialOwnerListResponseSchema = pageResponseSchema(BeneficialOwnerSchema, "BeneficialOwnerListResponse");
export const BeneficialOwnerIdParamSchema = z.object({
  beneficialOwnerId: z.string().openapi({ param: { name: "beneficialOwnerId", in: "path" }, example: "BeneficialOwner:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});
