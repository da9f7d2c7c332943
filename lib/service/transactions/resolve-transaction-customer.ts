import { END_USER_TERMS } from "../customers/agreements";
import { assertTermsAnswer } from "../customers/has-accepted-end-user-terms";
import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";

/**
 * The customer columns of a new transaction: its customer (bare uuid) and a snapshot of their
 * platformCustomerId; both null when only platform accounts take part. A deleted customer still
 * owns their history. With `endUserTermsRequired` (money moved on the customer's behalf) it also
 * checks the end-user terms in the same round trip, as assertEndUserTermsAccepted would.
 * Throws: USER_NOT_FOUND (a dangling customer id, a bug); END_USER_TERMS_NOT_ACCEPTED.
 */
export async function resolveTransactionCustomer(
  tx: SqlTx,
  platformId: string,
  customerId: string | null,
  options: { endUserTermsRequired?: boolean } = {},
): Promise<{ customerId: string | null; platformCustomerId: string | null }> {
  if (customerId === null) return { customerId: null, platformCustomerId: null };
  // Only the columns asked for: every payment asks, and the full customer carries its consents.
  const [customer] = await tx.$queryRaw<{ id: string; platformCustomerId: string | null; regulated: boolean; accepted: boolean }[]>`
    SELECT c."id", c."platformCustomerId", p."isRegulatedFinancialInstitution" AS "regulated",
      EXISTS (SELECT 1 FROM "CustomerAgreementConsent" a WHERE a."platformId" = c."platformId" AND a."customerId" = c."id" AND a."type" = ${END_USER_TERMS}) AS "accepted"
    FROM "Customer" c JOIN "Platform" p ON p."id" = c."platformId"
    WHERE c."id" = ${customerId}::uuid AND c."platformId" = ${platformId}::uuid`;
  if (!customer) throw new ServiceError("USER_NOT_FOUND", `Customer Customer:${customerId} not found`);
  if (options.endUserTermsRequired) assertTermsAnswer(customer, customerId);
  return { customerId: customer.id, platformCustomerId: customer.platformCustomerId };
}
