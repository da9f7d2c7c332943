import { invalidInput, ServiceError, type FieldError } from "../http/errors";
import { CONTENT_TYPES, IDENTITY_DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, REJECTION_REASONS, type ContentType } from "./document-types";
import type { DocumentReplaceRequest } from "./schemas";

export interface CheckedFile {
  bytes: Uint8Array;
  contentType: ContentType;
  fileName: string;
}

/**
 * The rules of an upload beyond its schema: the file is PDF, JPEG or PNG (by its first bytes, and
 * any declared type agrees), not empty, at most 10 MB; identity documents carry `documentNumber`
 * and `issuingAuthority`. Every problem is reported at once. Sandbox: a file whose name (before
 * the extension) ends in a rejection reason, e.g. `passport-LOW_QUALITY.png`, is refused with that
 * code. BEHAVIORS.md §9.6. Throws: INVALID_INPUT, LOW_QUALITY, DATA_MISMATCH, EXPIRED,
 * SUSPECTED_FRAUD, UNSUITABLE_DOCUMENT, INCOMPLETE.
 */
export async function checkDocumentUpload(request: DocumentReplaceRequest): Promise<CheckedFile> {
  const errors: FieldError[] = [];
  const { file } = request;
  let bytes = new Uint8Array();
  let contentType: ContentType | undefined;
  if (file.size === 0) errors.push({ field: "file", message: "is empty; upload the document's PDF, JPEG or PNG file", constraint: { minBytes: 1 } });
  else if (file.size > MAX_DOCUMENT_BYTES)
    errors.push({ field: "file", message: `is larger than ${MAX_DOCUMENT_BYTES} bytes (10 MB)`, constraint: { maxBytes: MAX_DOCUMENT_BYTES } });
  else {
    bytes = new Uint8Array(await file.arrayBuffer());
    contentType = sniff(bytes);
    const declared = file.type.split(";")[0]!.trim().toLowerCase();
    const declaredOk = declared === "" || declared === "application/octet-stream" || declared === contentType;
    if (!contentType || !declaredOk)
      errors.push({ field: "file", message: "must be a PDF, JPEG or PNG file", constraint: { enum: Object.keys(CONTENT_TYPES) } });
  }
  if ((IDENTITY_DOCUMENT_TYPES as readonly string[]).includes(request.documentType)) {
    if (!request.documentNumber) errors.push({ field: "documentNumber", message: `is required for ${request.documentType}`, constraint: { required: true } });
    if (!request.issuingAuthority) errors.push({ field: "issuingAuthority", message: `is required for ${request.documentType}`, constraint: { required: true } });
  }
  if (errors.length > 0 || !contentType) throw invalidInput(errors);

  const fileName = (file.name || "document").slice(0, 255);
  const stem = fileName.replace(/\.[^.]*$/, "").toUpperCase();
  const rejection = REJECTION_REASONS.find((reason) => stem.endsWith(reason));
  if (rejection) throw new ServiceError(rejection, `The document was rejected (${rejection}): upload a clear, complete, current copy of the right document`);
  return { bytes, contentType, fileName };
}

function sniff(bytes: Uint8Array): ContentType | undefined {
  return (Object.keys(CONTENT_TYPES) as ContentType[]).find((type) => CONTENT_TYPES[type].every((b, i) => bytes[i] === b));
}

/** The columns a stored upload sets on its Document row (upload and replace alike). */
export function documentFileColumns(request: DocumentReplaceRequest, file: CheckedFile, storageKey: string) {
  return {
    documentType: request.documentType,
    side: request.side ?? null,
    country: request.country,
    documentNumber: request.documentNumber ?? null,
    issuingAuthority: request.issuingAuthority ?? null,
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.bytes.length,
    storageKey,
  };
}
