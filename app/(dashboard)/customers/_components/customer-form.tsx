"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import type { components } from "@/lib/client/generated/schema";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { Card } from "@/components/ui/card";
import { FormErrorNotice } from "@/components/form-error-notice";
import { useIdempotencyKey } from "@/components/use-idempotency-key";
import { createCustomerAction, updateCustomerAction } from "../actions";
import type { CustomerFormValues } from "../form-values";
import { AddressFields } from "./address-fields";
import { BusinessFields } from "./business-fields";
import { ContactFields } from "./contact-fields";
import { IndividualFields } from "./individual-fields";
import { customerHref } from "./kyc-status-badge";
import { TermsConsentField } from "./terms-consent-field";

type Agreement = components["schemas"]["Agreement"];
type AgreementConsent = components["schemas"]["AgreementConsent"];

const CUSTOMER_TYPES = [
  { value: "INDIVIDUAL", label: "Individual" },
  { value: "BUSINESS", label: "Business" },
] as const;

export interface CustomerFormProps {
  initialValues: CustomerFormValues;
  /** Absent: create a customer. */
  customerId?: string;
  currencies: string[];
  terms?: Agreement;
  acceptedTerms?: AgreementConsent;
}

/** Field paths some input shows its error beside; any other error is listed at the top. */
function isShownBesideField(field: string): boolean {
  return /^(platformCustomerId|email|phoneNumber|currencies(\.\d+)?|fullName|birthDate|nationality|idType|identifier|countryOfIssuance|address(\.\w+)?|businessInfo\.(legalName|doingBusinessAs|country|registrationNumber|taxId|incorporatedOn|entityType)|agreementConsents.*|endUserTermsConsent.*)$/.test(field);
}

function errorMessage(error: ActionError): string {
  switch (error.code) {
    case "CONFLICT":
      return "Another active customer already has this customer ID.";
    case "UMA_ADDRESS_EXISTS":
      return "Another customer already has this UMA address.";
    case "CUSTOMER_DELETED":
      return "This customer was deleted; it can no longer be changed.";
    case "FORBIDDEN":
      return "Your role cannot create or change customers. Ask an admin.";
    case "DASHBOARD_UNREACHABLE":
      // the form sends the same Idempotency-Key again, so the service answers the first attempt
      return "No answer came back, so this customer may already have been created. Press Create again with the same details: it is created only once.";
    default:
      return describeActionError(error);
  }
}

/** Create or edit a customer. The API checks every field; its errors appear beside the fields. */
export function CustomerForm({ initialValues, customerId, currencies, terms, acceptedTerms }: CustomerFormProps) {
  const [values, setValues] = useState(initialValues);
  // What the page showed when opened: an edit saves only what changed since (see updateCustomerAction).
  const [openedWith] = useState(initialValues);
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const idempotency = useIdempotencyKey();
  const isEditing = customerId !== undefined;
  const errors = error?.fieldErrors ?? {};
  const conflictErrors: Record<string, string> = error?.code === "CONFLICT" ? { platformCustomerId: "is already used by another active customer" } : {};
  const otherErrors = Object.entries(errors).filter(([field]) => !isShownBesideField(field));

  function update(change: (draft: CustomerFormValues) => void) {
    setValues((current) => {
      const draft = structuredClone(current);
      change(draft);
      return draft;
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const result = isEditing
        ? await callAction(updateCustomerAction, { customerId, values, openedWith })
        : await callAction(createCustomerAction, { values, idempotencyKey: idempotency.keyFor(values) });
      if (!result.ok) {
        setError(result.error);
        window.scrollTo({ top: 0, behavior: "smooth" });
        return;
      }
      router.push(customerHref(result.data.id));
    });
  }

  const section = { values, update, errors: { ...conflictErrors, ...errors } };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {error && <FormErrorNotice title={errorMessage(error)} otherErrors={otherErrors} testId="customer-form-error" />}
      <fieldset disabled={pending} className="space-y-6">
        {!isEditing && (
          <Card title="Customer type">
            <ChoiceGroup label="Customer type" value={values.customerType} options={CUSTOMER_TYPES} onChange={(type) => update((d) => void (d.customerType = type))} />
          </Card>
        )}
        <Card title={values.customerType === "INDIVIDUAL" ? "Person" : "Business"}>
          {values.customerType === "INDIVIDUAL" ? <IndividualFields {...section} isEditing={isEditing} /> : <BusinessFields {...section} />}
        </Card>
        <Card title="Address" description={values.customerType === "INDIVIDUAL" ? "Where the customer lives." : "The registered address."}>
          <AddressFields {...section} />
        </Card>
        <Card title="Contact and currencies">
          <ContactFields {...section} currencies={currencies} isEditing={isEditing} />
        </Card>
        <Card title="End-user terms">
          <TermsConsentField {...section} terms={terms} accepted={acceptedTerms} />
        </Card>
      </fieldset>
      <div className="sticky bottom-0 flex items-center justify-end gap-3 border-t border-zinc-200 bg-zinc-50/95 py-4">
        <Button variant="secondary" onClick={() => router.back()} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : isEditing ? "Save changes" : "Create customer"}
        </Button>
      </div>
    </form>
  );
}
