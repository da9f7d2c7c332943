import type { BeneficialOwner as BeneficialOwnerRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import type { BeneficialOwner, BeneficialOwnerPersonalInfo } from "./schemas";

export type { BeneficialOwnerRow };

/** An owner as the API returns it; `identifier` is masked to its last 4 characters. */
export function serializeBeneficialOwner(row: BeneficialOwnerRow): BeneficialOwner {
  const info = row.personalInfo as BeneficialOwnerPersonalInfo;
  return {
    id: formatId("BeneficialOwner", row.id),
    customerId: formatId("Customer", row.customerId),
    roles: row.roles as BeneficialOwner["roles"],
    ownershipPercentage: row.ownershipPercentage,
    personalInfo: { ...info, identifier: maskIdentifier(info.identifier) },
    kycStatus: row.kycStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function maskIdentifier(identifier: string): string {
  return `${"*".repeat(Math.max(0, identifier.length - 4))}${identifier.slice(-4)}`;
}
