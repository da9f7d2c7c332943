import type { Db } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { checkDocumentUpload, documentFileColumns } from "./check-document-upload";
import { documentStore } from "./document-store";
import { getDocumentOrThrow } from "./get-document-or-throw";
import type { DocumentReplaceRequest } from "./schemas";
import type { DocumentRow } from "./serialize-document";

/**
 * PUT /documents/{documentId}: replaces the file and its metadata (same id and holder) and clears
 * a review rejection, so the next POST /verifications looks at the new copy. BEHAVIORS.md §9.6,
 * 10.8. Throws: NOT_FOUND, INVALID_INPUT, sandbox rejection codes.
 */
export async function replaceDocument(db: Db, input: { platformId: string; documentId: string; request: DocumentReplaceRequest }): Promise<DocumentRow> {
  const { platformId, request } = input;
  const existing = await getDocumentOrThrow(db, platformId, input.documentId);
  const file = await checkDocumentUpload(request);
  const at = await now(db, platformId);
  // A fresh key, so a concurrent reader never sees half of the new bytes under the old metadata.
  const storageKey = `${platformId}/${existing.id}-${uuidv7(at.getTime())}`;
  await documentStore().put(storageKey, file.bytes, file.contentType);
  const row = await db.document.update({
    where: { id: existing.id },
    data: {
      ...documentFileColumns(request, file, storageKey),
      rejectionReason: null,
      updatedAt: at,
    },
  });
  await documentStore().delete(existing.storageKey);
  return row;
}
