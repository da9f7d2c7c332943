import { z } from "@hono/zod-openapi";
import { PageQuerySchema, pageResponseSchema } from "../http/pagination";
import { DOCUMENT_TYPES, REJECTION_REASONS } from "./document-types";

export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES).openapi("DocumentType");
const SideSchema = z.enum(["FRONT", "BACK"]).openapi("DocumentSide");
const isFile = (value: unknown): value is File =>
  typeof value === "object" && value !== null && typeof (value as File).arrayBuffer === "function" && typeof (value as File).size === "number";

const baseFields = {
  file: z.custom<File>(isFile, "must be a file").openapi({ type: "string", format: "binary", description: "PDF, JPEG or PNG, at most 10 MB, not empty." }),
  documentType: DocumentTypeSchema,
  side: SideSchema.optional().openapi({ description: "For two-sided documents (DRIVERS_LICENSE, NATIONAL_ID): upload FRONT and BACK." }),
  country: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 country code (two capital letters)").openapi({ description: "Issuing country.", example: "US" }),
  documentNumber: z.string().min(1).max(64).optional().openapi({ description: "Required for identity documents (PASSPORT, DRIVERS_LICENSE, NATIONAL_ID)." }),
  issuingAuthority: z.string().min(1).max(255).optional().openapi({ description: "Required for identity documents (PASSPORT, DRIVERS_LICENSE, NATIONAL_ID)." }),
};

export const DocumentReplaceRequestSchema = z.object(baseFields).openapi("DocumentReplaceRequest");
export type DocumentReplaceRequest = z.infer<typeof DocumentReplaceRequestSchema>;
export const DocumentUploadRequestSchema = z
  .object({
    ...baseFields,
    documentHolder: z.string().min(1).max(100).openapi({ description: "`Customer:<uuid>` or `BeneficialOwner:<uuid>` the document belongs to." }),
  })
  .openapi("DocumentUploadRequest");
export type DocumentUploadRequest = z.infer<typeof DocumentUploadRequestSchema>;

export const RejectionReasonSchema = z.enum(REJECTION_REASONS).openapi("DocumentRejectionReason");

export const DocumentSchema = z
  .object({
    id: z.string().openapi({ example: "Document:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    documentHolder: z.string(),
    documentType: DocumentTypeSchema,
    side: SideSchema.optional(),
    country: z.string(),
    documentNumber: z.string().optional(),
    issuingAuthority: z.string().optional(),
    fileName: z.string(),
    contentType: z.string().openapi({ description: "Extension: detected file format." }),
    sizeBytes: z.number().int().openapi({ description: "Extension: file size in bytes." }),
    rejectionReason: RejectionReasonSchema.optional().openapi({ description: "Extension: set when the review rejected the document; replace it with PUT." }),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("Document");
export type Document = z.infer<typeof DocumentSchema>;

export const DocumentListQuerySchema = PageQuerySchema.extend({
  documentHolder: z.string().max(100).optional().openapi({ description: "Only this holder's documents (`Customer:…` or `BeneficialOwner:…`)." }),
});
export const DocumentListResponseSchema = pageResponseSchema(DocumentSchema, "DocumentListResponse");
export const DocumentIdParamSchema = z.object({
  documentId: z.string().openapi({ param: { name: "documentId", in: "path" }, example: "Document:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});
