import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { documentStore } from "./document-store";
import { getDocumentOrThrow } from "./get-document-or-throw";

/**
 * DELETE /documents/{documentId}: removes an unsubmitted document and its bytes. Once a
 * verification submission has included it, it stays (409). BEHAVIORS.md §9.6.
 * Throws: NOT_FOUND, CONFLICT.
 */
export async function deleteDocument(db: Db, input: { platformId: string; documentId: string }): Promise<void> {
  const row = await getDocumentOrThrow(db, input.platformId, input.documentId);
  if (row.submittedAt)
    throw new ServiceError("CONFLICT", `Document ${input.documentId} was submitted for verification on ${row.submittedAt.toISOString()} and cannot be deleted; replace it with PUT instead`);
  const { count } = await db.document.deleteMany({ where: { id: row.id, platformId: input.platformId, submittedAt: null } });
  if (count === 0) throw new ServiceError("CONFLICT", `Document ${input.documentId} was just submitted for verification and cannot be deleted`);
  await documentStore().delete(row.storageKey);
}
