import type { Db } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { checkDocumentUpload, documentFileColumns } from "./check-document-upload";
import { documentStore } from "./document-store";
import { getDocumentOrThrow, lockDocument, lockDocumentPacket } from "./get-document-or-throw";
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
  let replaced: { row: DocumentRow; previousKey: string };
  try {
    // Locked and read again: the bytes to remove are those the row names now (a concurrent PUT may have
    // replaced `existing`'s), and a document deleted meanwhile is 404 rather than a failed update.
    // The customer first (lockDocumentPacket): a submission running meanwhile judges either the old copy or the new one, whole.
    replaced = await db.$transaction(async (tx) => {
      await lockDocumentPacket(tx, platformId, existing);
      await lockDocument(tx, platformId, existing.id);
      const current = await getDocumentOrThrow(tx, platformId, input.documentId);
      const row = await tx.document.update({
        where: { id: current.id },
        data: {
          ...documentFileColumns(request, file, storageKey),
          rejectionReason: null,
          updatedAt: at,
        },
      });
      return { row, previousKey: current.storageKey };
    });
  } catch (e) {
    await documentStore().delete(storageKey);
    throw e;
  }
  await documentStore().delete(replaced.previousKey);
  return replaced.row;
}
