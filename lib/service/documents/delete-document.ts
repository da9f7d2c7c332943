import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { documentStore } from "./document-store";
import { getDocumentOrThrow, lockDocument, lockDocumentPacket } from "./get-document-or-throw";

/**
 * DELETE /documents/{documentId}: removes an unsubmitted document and its bytes. Once a
 * verification submission has included it, it stays (409). Serialized with POST /verifications
 * (the customer's lock): a submission at the same time either includes it (then 409 here) or runs
 * without it. BEHAVIORS.md §9.6.
 * Throws: NOT_FOUND, CONFLICT.
 */
export async function deleteDocument(db: Db, input: { platformId: string; documentId: string }): Promise<void> {
  const found = await getDocumentOrThrow(db, input.platformId, input.documentId);
  // Locked and read again: a concurrent DELETE answers 404 (not 409), and the bytes removed are the ones
  // the row names now (a PUT that committed meanwhile stored new ones under another key).
  const storageKey = await db.$transaction(async (tx) => {
    await lockDocumentPacket(tx, input.platformId, found);
    await lockDocument(tx, input.platformId, found.id);
    const row = await getDocumentOrThrow(tx, input.platformId, input.documentId);
    if (row.submittedAt)
      throw new ServiceError("CONFLICT", `Document ${input.documentId} was submitted for verification on ${row.submittedAt.toISOString()} and cannot be deleted; replace it with PUT instead`);
    await tx.document.delete({ where: { id: row.id } });
    return row.storageKey;
  });
  await documentStore().delete(storageKey);
}
