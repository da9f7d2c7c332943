import { Prisma } from "@/lib/generated/prisma/client";
import { END_USER_TERMS } from "../customers/agreements";
import { assertTermsAnswer } from "../customers/has-accepted-end-user-terms";
import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";

export interface TransactionCustomer {
  customerId: string | null;
  platformCustomerId: string | null;
}

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
): Promise<TransactionCustomer> {
  if (customerId === null) return { customerId: null, platformCustomerId: null };
  // Only the columns asked for: every payment asks, and the full customer carries its consents.
  const [answer] = await tx.$queryRaw<TransactionCustomerColumns[]>`
    SELECT ${TRANSACTION_CUSTOMER_COLUMNS}
    FROM "Customer" c JOIN "Platform" p ON p."id" = c."platformId"
    WHERE c."id" = ${customerId}::uuid AND c."platformId" = ${platformId}::uuid`;
  return transactionCustomerFrom(answer ?? null, customerId, options);
}

/**
 * What resolveTransactionCustomer asks of customer `c` and its platform `p`, for a statement that
 * reads them beside other rows (resolveTransferParties); transactionCustomerFrom decides on it.
 */
export const TRANSACTION_CUSTOMER_COLUMNS = Prisma.sql`c."id" AS "txCustomerId", c."platformCustomerId" AS "txPlatformCustomerId", c."region" AS "txRegion", p."isRegulatedFinancialInstitution" AS "txRegulated",
  EXISTS (SELECT 1 FROM "CustomerAgreementConsent" ca WHERE ca."platformId" = c."platformId" AND ca."customerId" = c."id" AND ca."type" = ${END_USER_TERMS}) AS "txTermsAccepted"`;

export interface TransactionCustomerColumns {
  txCustomerId: string | null;
  txPlatformCustomerId: string | null;
  /** Whether strong customer authentication applies (isScaRegion). */
  txRegion: string | null;
  txRegulated: boolean | null;
  txTermsAccepted: boolean;
}

/** resolveTransactionCustomer's decision on columns already read (null or a null id: no such customer). */
export function transactionCustomerFrom(answer: TransactionCustomerColumns | null, customerId: string | null, options: { endUserTermsRequired?: boolean } = {}): TransactionCustomer {
  if (customerId === null) return { customerId: null, platformCustomerId: null };
  if (!answer || answer.txCustomerId === null) throw new ServiceError("USER_NOT_FOUND", `Customer Customer:${customerId} not found`);
  if (options.endUserTermsRequired) assertTermsAnswer({ regulated: answer.txRegulated === true, accepted: answer.txTermsAccepted }, customerId);
  return { customerId: answer.txCustomerId, platformCustomerId: answer.txPlatformCustomerId };
}
