import type { DbOrTx } from "../db";
import { ServiceError, type FieldError } from "../http/errors";
import { uuidv7 } from "../http/ids";
import { END_USER_TERMS, currentAgreement } from "./agreements";
import type { AgreementConsentRequest } from "./schemas";

interface ConsentFields {
  agreementConsents?: AgreementConsentRequest[];
  endUserTermsConsent?: Omit<AgreementConsentRequest, "type">;
}

/** The request's consents with the field each came from; the deprecated form is one SERVICE_END_USER_TERMS entry. */
function consentsOf(request: ConsentFields): { consent: AgreementConsentRequest; field: string }[] {
  if (request.endUserTermsConsent)
    return [{ consent: { type: END_USER_TERMS, ...request.endUserTermsConsent } as AgreementConsentRequest, field: "endUserTermsConsent" }];
  return (request.agreementConsents ?? []).map((consent, i) => ({ consent, field: `agreementConsents.${i}` }));
}

/**
 * Appends the request's consents to the customer's history (never replaces: responses show the
 * latest per type, other types stay). Each `termsVersion` must be its agreement's current version.
 * Throws: END_USER_TERMS_VERSION_NOT_FOUND listing every stale or unknown version. SPEC.md
 * "Customers and onboarding".
 */
export async function recordAgreementConsents(
  tx: DbOrTx,
  input: { platformId: string; customerId: string; request: ConsentFields; at: Date },
): Promise<void> {
  const consents = consentsOf(input.request);
  assertCurrentVersions(consents);
  if (consents.length === 0) return;
  await tx.customerAgreementConsent.createMany({
    data: consents.map(({ consent }) => ({
      id: uuidv7(input.at.getTime()),
      platformId: input.platformId,
      customerId: input.customerId,
      type: consent.type,
      termsVersion: consent.termsVersion,
      acceptedAt: new Date(consent.acceptedAt),
      ipAddress: consent.ipAddress,
      acceptanceMethod: consent.acceptanceMethod,
      createdAt: input.at,
    })),
  });
}

/** Call before writing anything, so a stale version rejects the whole request. */
export function assertCurrentVersions(consents: { consent: AgreementConsentRequest; field: string }[] | ConsentFields): void {
  const list = Array.isArray(consents) ? consents : consentsOf(consents);
  const errors: FieldError[] = [];
  for (const { consent, field } of list) {
    const current = currentAgreement(consent.type);
    if (consent.termsVersion !== current.version)
      errors.push({
        field: `${field}.termsVersion`,
        message: `${consent.termsVersion} is not the current version of ${consent.type} (current: ${current.version}, see GET /customers/agreements)`,
        constraint: { enum: [current.version] },
      });
  }
  if (errors.length === 0) return;
  throw new ServiceError("END_USER_TERMS_VERSION_NOT_FOUND", errors.map((e) => `${e.field}: ${e.message}`).join("; "), { details: { errors } });
}
