import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonResponse } from "../http/openapi";
import { deleteDocument } from "./delete-document";
import { getDocumentContent } from "./get-document-content";
import { getDocumentOrThrow } from "./get-document-or-throw";
import { listDocuments } from "./list-documents";
import { replaceDocument } from "./replace-document";
import {
  DocumentIdParamSchema,
  DocumentListQuerySchema,
  DocumentListResponseSchema,
  DocumentReplaceRequestSchema,
  DocumentSchema,
  DocumentUploadRequestSchema,
} from "./schemas";
import { serializeDocument } from "./serialize-document";
import { uploadDocument } from "./upload-document";

const tags = ["Documents"];
const security = BASIC_AUTH;
const FILE_RULES =
  "`file` is a PDF, JPEG or PNG of at most 10 MB (400 INVALID_INPUT for another format, a larger or an empty file). PASSPORT, DRIVERS_LICENSE and NATIONAL_ID need `documentNumber` and `issuingAuthority`. Sandbox: a file name ending in a rejection reason before the extension (e.g. `passport-LOW_QUALITY.png`) is refused with that 400 code (LOW_QUALITY, DATA_MISMATCH, EXPIRED, SUSPECTED_FRAUD, UNSUITABLE_DOCUMENT, INCOMPLETE).";

export const documentsRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/documents",
      operationId: "uploadDocument",
      summary: "Upload a verification document",
      description: `Multipart upload for a customer or a beneficial owner (\`documentHolder\`). ${FILE_RULES} Unknown holder: 404. Requires MANAGE.`,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { body: { required: true, content: { "multipart/form-data": { schema: DocumentUploadRequestSchema } } } },
      responses: { 201: jsonResponse(DocumentSchema, "The stored document"), ...errorResponses(400, 403, 404, 410) },
    }),
    async (c) => {
      const row = await uploadDocument(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("form") });
      return c.json(serializeDocument(row), 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/documents",
      operationId: "listDocuments",
      summary: "List documents",
      description: "Newest first; `documentHolder` limits the list to one customer or beneficial owner.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: DocumentListQuerySchema },
      responses: { 200: jsonResponse(DocumentListResponseSchema, "A page of documents"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listDocuments(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/documents/{documentId}",
      operationId: "getDocument",
      summary: "Get a document",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: DocumentIdParamSchema },
      responses: { 200: jsonResponse(DocumentSchema, "The document"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(serializeDocument(await getDocumentOrThrow(c.get("db"), c.get("auth").platformId, c.req.valid("param").documentId)), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/documents/{documentId}/content",
      operationId: "getDocumentContent",
      summary: "Download a document's file",
      description: "Extension: the stored file (PDF, JPEG or PNG) with its content type, for review.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: DocumentIdParamSchema },
      responses: {
        200: { description: "The file", content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } },
        ...errorResponses(403, 404),
      },
    }),
    async (c) => {
      const file = await getDocumentContent(c.get("db"), { platformId: c.get("auth").platformId, documentId: c.req.valid("param").documentId });
      c.header("Content-Type", file.contentType);
      c.header("Content-Disposition", `inline; filename="${file.fileName.replace(/[^\w.-]/g, "_")}"`);
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/documents/{documentId}",
      operationId: "replaceDocument",
      summary: "Replace a document",
      description: `Replaces the file and its fields (the holder stays) and clears a rejection, e.g. after a POOR_QUALITY_DOCUMENT verification error; then submit the verification again. ${FILE_RULES} Requires MANAGE.`,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: DocumentIdParamSchema, body: { required: true, content: { "multipart/form-data": { schema: DocumentReplaceRequestSchema } } } },
      responses: { 200: jsonResponse(DocumentSchema, "The replaced document"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const row = await replaceDocument(c.get("db"), { platformId: c.get("auth").platformId, documentId: c.req.valid("param").documentId, request: c.req.valid("form") });
      return c.json(serializeDocument(row), 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/documents/{documentId}",
      operationId: "deleteDocument",
      summary: "Delete a document",
      description: "Only before a verification submission included it; afterwards 409 CONFLICT (replace it with PUT instead). Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: DocumentIdParamSchema },
      responses: { 204: { description: "Deleted" }, ...errorResponses(403, 404, 409) },
    }),
    async (c) => {
      await deleteDocument(c.get("db"), { platformId: c.get("auth").platformId, documentId: c.req.valid("param").documentId });
      return c.body(null, 204);
    },
  );
