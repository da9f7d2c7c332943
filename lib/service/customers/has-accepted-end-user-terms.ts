import type { DbOrTx, SqlTx } from "../db";
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
export async function assertEndUserTermsAccepted(db: SqlTx, platformId: string, customerId: string): Promise<void> {
  const id = parseId("Customer", customerId, { allowBare: true });
  // One raw statement for both questions: every payment asks.
  const [answer] = await db.$queryRaw<{ regulated: boolean; accepted: boolean }[]>`
    SELECT p."isRegulatedFinancialInstitution" AS "regulated",
      EXISTS (SELECT 1 FROM "CustomerAgreementConsent" c WHERE c."platformId" = p."id" AND c."customerId" = ${id}::uuid AND c."type" = ${END_USER_TERMS}) AS "accepted"
    FROM "Platform" p WHERE p."id" = ${platformId}::uuid`;
  if (!answer) throw new ServiceError("NOT_FOUND", `Platform ${platformId} not found`);
  assertTermsAnswer(answer, customerId);
}

/** The decision, for a query that asked both questions along with others (resolveTransactionCustomer). Throws: END_USER_TERMS_NOT_ACCEPTED. */
export function assertTermsAnswer(answer: { regulated: boolean; accepted: boolean }, customerId: string): void {
  if (answer.regulated || answer.accepted) return;
  throw new ServiceError(
    "END_USER_TERMS_NOT_ACCEPTED",
    `Customer ${customerId} has not accepted the end-user terms: record a SERVICE_END_USER_TERMS consent with PATCH /customers/{customerId} first`,
  );
}
