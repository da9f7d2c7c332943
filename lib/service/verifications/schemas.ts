import { z } from "@hono/zod-openapi";
import { DocumentTypeSchema } from "../documents/schemas";
import { PageQuerySchema, pageResponseSchema } from "../http/pagination";

export const VERIFICATION_STATUSES = ["RESOLVE_ERRORS", "READY_FOR_VERIFICATION", "IN_PROGRESS", "PENDING_MANUAL_REVIEW", "APPROVED", "REJECTED"] as const;
export const VerificationStatusSchema = z.enum(VERIFICATION_STATUSES).openapi("VerificationStatus");
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

export const VERIFICATION_ERROR_TYPES = [
  "MISSING_FIELD", "INVALID_FIELD", "MISSING_LEGAL_PRESENCE_DOCUMENT", "MISSING_CONTROL_STRUCTURE_DOCUMENT",
  "MISSING_OWNERSHIP_STRUCTURE_DOCUMENT", "MISSING_PROOF_OF_ADDRESS_DOCUMENT", "MISSING_IDENTITY_DOCUMENT",
  "INVALID_DOCUMENT", "EXPIRED_DOCUMENT", "POOR_QUALITY_DOCUMENT", "SUSPECTED_FRAUD_DOCUMENT", "WRONG_DOCUMENT_TYPE",
  "INCOMPLETE_DOCUMENT", "UNREADABLE_DOCUMENT", "DOCUMENT_VERIFICATION_FAILED", "APPLICANT_SANCTIONED",
  "APPLICANT_FRAUD", "APPLICANT_CRIMINAL_RECORD", "APPLICANT_REJECTED", "MISSING_BENEFICIAL_OWNER",
  "MISSING_CONTROL_PERSON", "MISSING_GOOD_STANDING_DOCUMENT",
] as const;
export const VerificationErrorTypeSchema = z.enum(VERIFICATION_ERROR_TYPES).openapi("VerificationErrorType");

export const VerificationErrorSchema = z
  .object({
    resourceId: z.string().openapi({ description: "The Customer, BeneficialOwner or Document the entry is about." }),
    type: VerificationErrorTypeSchema,
    field: z.string().optional().openapi({ description: "Dot path of the field, for MISSING_FIELD and INVALID_FIELD.", example: "businessInfo.taxId" }),
    acceptedDocumentTypes: z.array(DocumentTypeSchema).optional(),
    reason: z.string(),
  })
  .openapi("VerificationError");
export type VerificationError = z.infer<typeof VerificationErrorSchema>;

export const VerificationSchema = z
  .object({
    id: z.string().openapi({ example: "Verification:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    customerId: z.string(),
    verificationStatus: VerificationStatusSchema,
    errors: z.array(VerificationErrorSchema),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("Verification");
export type Verification = z.infer<typeof VerificationSchema>;

export const VerificationRequestSchema = z.object({ customerId: z.string().min(1).openapi({ example: "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }) }).strict().openapi("VerificationRequest");
export const VerificationListQuerySchema = PageQuerySchema.extend({
  customerId: z.string().max(100).optional(),
  verificationStatus: VerificationStatusSchema.optional(),
});
export const VerificationListResponseSchema = pageResponseSchema(VerificationSchema, "VerificationListResponse");
export const VerificationIdParamSchema = z.object({
  verificationId: z.string().openapi({ param: { name: "verificationId", in: "path" }, example: "Verification:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});

export const KycLinkCreateRequestSchema = z
  // http(s) only: the hosted page renders it as a link on our origin, so javascript: would run script there.
  .object({ redirectUri: z.url({ protocol: /^https?$/, error: "must be an http or https URL such as https://example.com/done" }).max(2048).optional().openapi({ description: "Where the hosted page sends the customer when the flow ends (http or https)." }) })
  .strict()
  .openapi("KycLinkCreateRequest");
export const KycLinkResponseSchema = z
  .object({
    kycUrl: z.string().openapi({ description: "Single-use hosted verification page." }),
    expiresAt: z.string().datetime(),
    provider: z.enum(["SUMSUB"]).openapi("KycProvider"),
    token: z.string().optional(),
  })
  .openapi("KycLinkResponse");
export type KycLinkResponse = z.infer<typeof KycLinkResponseSchema>;
export const CustomerIdPathSchema = z.object({
  customerId: z.string().openapi({ param: { name: "customerId", in: "path" }, example: "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});
