import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { now } from "../sandbox/clock";
import { packetErrors } from "./packet-errors";
import type { VerificationError } from "./schemas";

export interface KycLinkPage {
  customerType: "INDIVIDUAL" | "BUSINESS";
  name: string;
  status: "UNVERIFIED" | "PENDING" | "APPROVED" | "REJECTED";
  missing: VerificationError[];
  expiresAt: string;
  redirectUri: string | null;
}

/**
 * What the hosted KYC page (`/verify/kyc/<token>`) shows: the customer's status and every item
 * still missing from its packet. The token in the link is the credential.
 * Throws: NOT_FOUND (unknown token), INVALID_INPUT (expired or used link).
 */
export async function getKycLinkPage(db: DbOrTx, token: string): Promise<KycLinkPage> {
  const link = await db.kycLink.findUnique({ where: { token } });
  if (!link) throw new ServiceError("NOT_FOUND", "This verification link does not exist");
  if (link.usedAt) throw new ServiceError("INVALID_INPUT", "This verification link was already used; ask for a new one");
  if (link.expiresAt <= (await now(db, link.platformId))) throw new ServiceError("INVALID_INPUT", "This verification link has expired; ask for a new one");
  const customer = await db.customer.findFirstOrThrow({ where: { id: link.customerId, platformId: link.platformId } });
  const owners = await db.beneficialOwner.findMany({ where: { platformId: link.platformId, customerId: customer.id } });
  const documents = await db.document.findMany({
    where: { platformId: link.platformId, OR: [{ customerId: customer.id }, { beneficialOwnerId: { in: owners.map((o) => o.id) } }] },
  });
  const name = customer.customerType === "BUSINESS" ? ((customer.businessInfo as { legalName?: string } | null)?.legalName ?? "") : (customer.fullName ?? "");
  return {
    customerType: customer.customerType,
    name,
    status: customer.kycStatus,
    missing: customer.kycStatus === "UNVERIFIED" ? packetErrors({ customer, owners, documents }) : [],
    expiresAt: link.expiresAt.toISOString(),
    redirectUri: link.redirectUri,
  };
}
