import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { documentStore } from "./document-store";
import { getDocumentOrThrow } from "./get-document-or-throw";

/**
 * GET /documents/{documentId}/content (extension): the stored bytes, for reviewing a document.
 * Throws: NOT_FOUND (unknown document, or its bytes are gone from the store).
 */
export async function getDocumentContent(db: Db, input: { platformId: string; documentId: string }): Promise<{ bytes: Uint8Array; contentType: string; fileName: string }> {
  const row = await getDocumentOrThrow(db, input.platformId, input.documentId);
  const bytes = await documentStore().get(row.storageKey);
  if (!bytes) throw new ServiceError("NOT_FOUND", `The file of document ${input.documentId} is no longer stored; upload it again with PUT /documents/{documentId}`);
  return { bytes, contentType: row.contentType, fileName: row.fileName };
}
