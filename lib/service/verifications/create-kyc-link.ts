import { randomBytes } from "node:crypto";
import type { Db } from "../db";
import { pendingContactChannels } from "../contact-verification/contact-requirements";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { ServiceError } from "../http/errors";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import type { KycLinkResponse } from "./schemas";

/** How long a hosted KYC link stays usable. */
export const KYC_LINK_TTL_SECONDS = 24 * 60 * 60;

/**
 * POST /customers/{customerId}/kyc-link: a fresh single-use link to our hosted verification page
 * (`<appOrigin>/verify/kyc/<token>`); earlier links stay valid. The customer's status does not
 * change until the flow ends. BEHAVIORS.md §9.6. Throws: USER_NOT_FOUND, CUSTOMER_DELETED,
 * CONFLICT (contact details not yet verified).
 */
export async function createKycLink(db: Db, input: { platformId: string; customerId: string; redirectUri?: string; appOrigin: string }): Promise<KycLinkResponse> {
  const { platformId } = input;
  const customer = await getCustomerOrThrow(db, platformId, input.customerId);
  const pending = await pendingContactChannels(db, customer);
  if (pending.length > 0)
    throw new ServiceError("CONFLICT", `Verify the customer's ${pending.join(" and ")} first (POST /customers/{customerId}/verify-${pending[0]}), then ask for a KYC link`);
  const at = await now(db, platformId);
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(at.getTime() + KYC_LINK_TTL_SECONDS * 1000);
  await db.kycLink.create({
    data: { id: uuidv7(at.getTime()), platformId, customerId: customer.id, token, redirectUri: input.redirectUri ?? null, expiresAt, createdAt: at },
  });
  return { kycUrl: `${input.appOrigin}/verify/kyc/${token}`, expiresAt: expiresAt.toISOString(), provider: "SUMSUB", token };
}
