import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import { END_USER_TERMS } from "./agreements";

/**
 * Whether the platform's customer has any SERVICE_END_USER_TERMS acceptance on file (any version).
 * Takes `Customer:<uuid>` or the bare uuid other areas store. Unknown customers: false.
 */
export async function hasAcceptedEndUserTerms(db: DbOrTx, platformId: string, customerId: string): Promise<boolean> {
  const id = parseId("Customer", customerId, { allowBare: true });
  if (!id) return false;
  const consent = await db.customerAgreementConsent.findFirst({ where: { platformId, customerId: id, type: END_USER_TERMS }, select: { id: true } });
  return consent !== null;
}

/**
 * For money movement on a customer's behalf: unregulated platforms need the end-user terms accepted
 * first; regulated platforms record consent themselves (BEHAVIORS.md §1.1, §1.2).
 * Throws: END_USER_TERMS_NOT_ACCEPTED (403).
 */
export async function assertEndUserTermsAccepted(db: DbOrTx, platformId: string, customerId: string): Promise<void> {
  const platform = await db.platform.findUniqueOrThrow({ where: { id: platformId }, select: { isRegulatedFinancialInstitution: true } });
  if (platform.isRegulatedFinancialInstitution) return;
  if (await hasAcceptedEndUserTerms(db, platformId, customerId)) return;
  throw new ServiceError(
    "END_USER_TERMS_NOT_ACCEPTED",
    `Customer ${customerId} has not accepted the end-user terms: record a SERVICE_END_USER_TERMS consent with PATCH /customers/{customerId} first`,
  );
}
