import type { Db } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { checkDocumentUpload, documentFileColumns } from "./check-document-upload";
import { documentStore } from "./document-store";
import { resolveDocumentHolder } from "./resolve-document-holder";
import type { DocumentUploadRequest } from "./schemas";
import type { DocumentRow } from "./serialize-document";

/**
 * POST /documents: stores the file (document store) and its metadata for a customer or a
 * beneficial owner. BEHAVIORS.md §9.6. Throws: INVALID_INPUT (file type, size, empty, identity
 * fields), USER_NOT_FOUND / NOT_FOUND (holder), CUSTOMER_DELETED, sandbox rejection codes.
 */
export async function uploadDocument(db: Db, input: { platformId: string; request: DocumentUploadRequest }): Promise<DocumentRow> {
  const { platformId, request } = input;
  const holder = await resolveDocumentHolder(db, platformId, request.documentHolder);
  const file = await checkDocumentUpload(request);
  const at = await now(db, platformId);
  const id = uuidv7(at.getTime());
  const storageKey = `${platformId}/${id}`;
  await documentStore().put(storageKey, file.bytes, file.contentType);
  try {
    return await db.document.create({
      data: {
        id,
        platformId,
        ...holder,
        ...documentFileColumns(request, file, storageKey),
        createdAt: at,
        updatedAt: at,
      },
    });
  } catch (e) {
    await documentStore().delete(storageKey);
    throw e;
  }
}
