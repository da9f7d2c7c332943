import type { Db } from "../db";
import { formatId } from "../http/ids";
import { getKycLinkPage } from "./get-kyc-link-page";
import { submitVerification } from "./submit-verification";
import type { VerificationStatus } from "./schemas";

/**
 * The hosted KYC page's "submit" button: submits the link's customer like POST /verifications.
 * Unless the packet still has gaps (RESOLVE_ERRORS) the flow ends and the single-use link is used
 * up. BEHAVIORS.md §9.6. Throws: NOT_FOUND, INVALID_INPUT (expired or used link, already
 * verified), CONFLICT (contact details unverified).
 */
export async function submitKycLink(db: Db, token: string): Promise<{ verificationStatus: VerificationStatus; redirectUri: string | null }> {
  const page = await getKycLinkPage(db, token);
  const link = await db.kycLink.findUniqueOrThrow({ where: { token } });
  const verification = await submitVerification(db, { platformId: link.platformId, customerId: formatId("Customer", link.customerId) });
  const verificationStatus = verification.verificationStatus as VerificationStatus;
  if (verificationStatus !== "RESOLVE_ERRORS") await db.kycLink.update({ where: { id: link.id }, data: { usedAt: verification.createdAt } });
  return { verificationStatus, redirectUri: page.redirectUri };
}
