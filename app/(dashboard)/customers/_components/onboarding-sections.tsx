import type { components } from "@/lib/client/generated/schema";
import type { ServiceClient } from "@/lib/client/create-client";
import { Notice } from "@/components/ui/notice";
import { loadOnboarding, MAX_ONBOARDING_ITEMS, resourceNames } from "../_lib/load-onboarding";
import { BeneficialOwnersCard } from "./beneficial-owners-card";
import { ContactVerificationCard } from "./contact-verification-card";
import { DocumentsCard } from "./documents-card";
import { customerName } from "./kyc-status-badge";
import { VerificationCard } from "./verification-card";

type Customer = components["schemas"]["CustomerOneOf"];

/** Verification, contact checks, beneficial owners and documents: everything KYC/KYB needs. */
export async function OnboardingSections({ client, customer, canManage }: { client: ServiceClient; customer: Customer; canManage: boolean }) {
  const onboarding = await loadOnboarding(client, customer);
  const names = resourceNames(customer, onboarding);
  // Every document existing at a submission was included in it; later ones can still be deleted.
  const lastSubmittedAt = onboarding.verifications[0] ? Date.parse(onboarding.verifications[0].createdAt) : -Infinity;
  const deletableIds = onboarding.documents.filter((d) => Date.parse(d.createdAt) > lastSubmittedAt).map((d) => d.id);
  const holders = [
    { id: customer.id, label: `${customerName(customer)} (${customer.customerType === "BUSINESS" ? "the business" : "the customer"})` },
    ...onboarding.owners.map((o) => ({ id: o.id, label: `${o.personalInfo.firstName} ${o.personalInfo.lastName} (owner)` })),
  ];
  const country = customer.address?.country ?? (customer.customerType === "BUSINESS" ? customer.businessInfo.country : customer.nationality);
  return (
    <>
      {onboarding.problems.length > 0 && (
        <Notice tone="error" title="Some verification data could not be loaded">
          {onboarding.problems.join("; ")}
        </Notice>
      )}
      {onboarding.cut.length > 0 && (
        <Notice tone="warning" title={`Only the newest ${MAX_ONBOARDING_ITEMS.toLocaleString("en-US")} entries of each list are shown`} testId="onboarding-cut-notice">
          More exist in: {onboarding.cut.join(", ")}.
        </Notice>
      )}
      <ContactVerificationCard customer={customer} canManage={canManage} />
      <VerificationCard customer={customer} verifications={onboarding.verifications} names={names} canManage={canManage} />
      {customer.customerType === "BUSINESS" && <BeneficialOwnersCard customerId={customer.id} owners={onboarding.owners} canManage={canManage} />}
      <DocumentsCard customerId={customer.id} documents={onboarding.documents} holders={holders} deletableIds={deletableIds} canManage={canManage} defaultCountry={country} />
    </>
  );
}
