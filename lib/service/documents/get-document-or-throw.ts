import type { DbOrTx } from "../db";
import { lockCustomer } from "../customers/lock-customer";
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

/**
 * Row lock on the customer whose packet the document belongs to (its holder, or the business of
 * its beneficial-owner holder), taken before lockDocument: a DELETE or PUT then serializes with
 * POST /verifications, which locks that customer and reads the packet under the lock. Either the
 * submission sees the change, or the change sees the document submitted (DELETE → 409).
 */
export async function lockDocumentPacket(tx: DbOrTx, platformId: string, document: Pick<DocumentRow, "customerId" | "beneficialOwnerId">): Promise<void> {
  const owner = document.beneficialOwnerId ? await tx.beneficialOwner.findFirst({ where: { id: document.beneficialOwnerId, platformId }, select: { customerId: true } }) : null;
  const customerId = document.customerId ?? owner?.customerId;
  if (customerId) await lockCustomer(tx, platformId, customerId);
}
