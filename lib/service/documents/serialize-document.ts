import type { Document as DocumentRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import type { Document } from "./schemas";

export type { DocumentRow };

/** A document as the API returns it; the bytes stay in the document store. */
export function serializeDocument(row: DocumentRow): Document {
  return {
    id: formatId("Document", row.id),
    documentHolder: row.customerId ? formatId("Customer", row.customerId) : formatId("BeneficialOwner", row.beneficialOwnerId!),
    documentType: row.documentType as Document["documentType"],
    ...(row.side !== null && { side: row.side as "FRONT" | "BACK" }),
    country: row.country,
    ...(row.documentNumber !== null && { documentNumber: row.documentNumber }),
    ...(row.issuingAuthority !== null && { issuingAuthority: row.issuingAuthority }),
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    ...(row.rejectionReason !== null && { rejectionReason: row.rejectionReason as Document["rejectionReason"] & string }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
