import type { Verification as VerificationRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import type { Verification, VerificationError } from "./schemas";

export type { VerificationRow };

export function serializeVerification(row: VerificationRow): Verification {
  return {
    id: formatId("Verification", row.id),
    customerId: formatId("Customer", row.customerId),
    verificationStatus: row.verificationStatus as Verification["verificationStatus"],
    errors: row.errors as VerificationError[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
