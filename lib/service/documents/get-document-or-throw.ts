import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import type { DocumentRow } from "./serialize-document";

/**
 * The platform's document `Document:<uuid>`.
 * Throws: NOT_FOUND (unknown, malformed or another platform's id).
 */
export async function getDocumentOrThrow(db: DbOrTx, platformId: string, documentId: string): Promise<DocumentRow> {
  const id = parseId("Document", documentId);
  const row = id ? await db.document.findFirst({ where: { id, platformId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("Document", documentId));
  return row;
}

/** Row lock (bare uuid) for a change of the document's file or its removal, so a PUT and a DELETE (or two PUTs) serialize. */
export async function lockDocument(tx: DbOrTx, platformId: string, id: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Document" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
}
