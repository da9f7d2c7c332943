import type { components } from "@/lib/client/generated/schema";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field";
import { DateTime } from "@/components/date-time";
import type { SectionProps } from "./section-props";

type Agreement = components["schemas"]["Agreement"];
type AgreementConsent = components["schemas"]["AgreementConsent"];

export interface TermsConsentFieldProps extends SectionProps {
  /** SERVICE_END_USER_TERMS as GET /customers/agreements lists it; absent when it could not be loaded. */
  terms?: Agreement;
  /** The customer's latest acceptance (edit form). */
  accepted?: AgreementConsent;
}

/**
 * The end-user terms checkbox. On platforms that are not regulated institutions, a customer gets
 * no accounts until it has accepted them (BEHAVIORS.md §1.2).
 */
export function TermsConsentField({ values, update, errors, terms, accepted }: TermsConsentFieldProps) {
  const error = Object.entries(errors).find(([field]) => field.startsWith("agreementConsents") || field.startsWith("endUserTermsConsent"));
  if (!terms) return <p className="text-sm text-red-600">The current end-user terms could not be loaded; consent cannot be recorded now.</p>;
  const isCurrent = accepted?.termsVersion === terms.version;
  return (
    <div className="space-y-2">
      {accepted && (
        <p className="text-sm text-zinc-600" data-testid="terms-accepted">
          Accepted version {accepted.termsVersion} on <DateTime value={accepted.acceptedAt} />.{" "}
          {isCurrent ? "That is the current version." : `The current version is ${terms.version}.`}
        </p>
      )}
      {!isCurrent && (
        <Checkbox
          label={
            <>
              The customer accepted the{" "}
              <a href={terms.url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline">
                {terms.name}
              </a>{" "}
              (version {terms.version})
            </>
          }
          description="Recorded now, as accepted by checkbox. Without it the customer gets no accounts on this platform."
          checked={values.termsConsent.isAccepted}
          onChange={(e) => update((d) => void (d.termsConsent = { isAccepted: e.target.checked, version: terms.version }))}
          aria-describedby={error ? "termsConsent-error" : undefined}
        />
      )}
      {error && <FieldError id="termsConsent" message={`${error[0]}: ${error[1]}`} />}
    </div>
  );
}
