"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormErrorNotice } from "@/components/form-error-notice";
import { SelectField, TextField } from "@/components/text-field";
import { createExternalAccountAction } from "../actions";
import { ACCOUNT_KINDS, type AccountKind, type ExternalAccountFormValues } from "../external-account-values";
import { BankFields } from "./bank-fields";
import { BeneficiaryFields } from "./beneficiary-fields";
import { WalletFields } from "./wallet-fields";

/** Field paths some input shows its error beside; any other error is listed at the top. */
function isShownBesideField(field: string, kind: AccountKind): boolean {
  if (/^(customerId|platformAccountId|ownershipType)$/.test(field)) return true;
  if (kind === "USDC_WALLET") return /^accountInfo\.(accountType|address|vaspName)$/.test(field);
  return /^accountInfo\.(routingNumber|accountNumber|bankAccountType|bankName|iban|swiftCode|beneficiary\.(fullName|legalName|registrationNumber|countryOfResidence|address(\.\w+)?))$/.test(field);
}

/** Errors that belong to one field though the API names none. */
function codeFieldErrors(error: ActionError | null): Record<string, string> {
  if (error?.code === "USER_NOT_FOUND") return { customerId: "no customer has this id" };
  if (error?.code === "CUSTOMER_DELETED") return { customerId: "this customer was deleted" };
  return {};
}

function errorMessage(error: ActionError): string {
  switch (error.code) {
    case "INVALID_BANK_ACCOUNT":
      return `The bank rejected this account: ${error.message}`;
    case "CONFLICT":
      return "This account is already registered.";
    case "USER_NOT_FOUND":
    case "CUSTOMER_DELETED":
      return "Check the customer.";
    case "FORBIDDEN":
      return "Your role cannot add external accounts. Ask an admin.";
    default:
      return describeActionError(error);
  }
}

/** Adds a USD or EUR bank account or a USDC wallet for a customer or the platform. */
export function ExternalAccountForm({ initialValues }: { initialValues: ExternalAccountFormValues }) {
  const [values, setValues] = useState(initialValues);
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const errors = { ...codeFieldErrors(error), ...error?.fieldErrors };
  const otherErrors = Object.entries(error?.fieldErrors ?? {}).filter(([field]) => !isShownBesideField(field, values.kind));

  function update(change: (draft: ExternalAccountFormValues) => void) {
    setValues((current) => {
      const draft = structuredClone(current);
      change(draft);
      return draft;
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const result = await callAction(createExternalAccountAction, values);
      if (!result.ok) {
        setError(result.error);
        return window.scrollTo({ top: 0, behavior: "smooth" });
      }
      const owner = result.data.customerId;
      router.push(owner ? `/accounts/external?customerId=${encodeURIComponent(owner)}` : "/accounts/external");
    });
  }

  const section = { values, update, errors };
  const isBank = values.kind !== "USDC_WALLET";
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {error && <FormErrorNotice title={errorMessage(error)} otherErrors={otherErrors} testId="external-account-error" />}
      <fieldset disabled={pending} className="space-y-6">
        <Card title="Owner and kind">
          <div className="grid gap-5 md:grid-cols-2">
            <SelectField
              id="owner"
              label="Owner"
              options={[
                { value: "CUSTOMER", label: "A customer" },
                { value: "PLATFORM", label: "The platform" },
              ]}
              value={values.owner}
              onChange={(v) => update((d) => void (d.owner = v as typeof d.owner))}
            />
            {values.owner === "CUSTOMER" && (
              <TextField id="customerId" label="Customer ID" placeholder="Customer:…" value={values.customerId} error={errors.customerId} maxLength={200} onChange={(v) => update((d) => void (d.customerId = v))} />
            )}
            <SelectField
              id="kind"
              label="Account"
              options={Object.entries(ACCOUNT_KINDS).map(([value, { label }]) => ({ value, label }))}
              value={values.kind}
              error={errors.currency}
              onChange={(v) => update((d) => void (d.kind = v as AccountKind))}
            />
            <TextField
              id="platformAccountId"
              label="Your reference (optional)"
              hint="Your id for this account; unique on your platform."
              value={values.platformAccountId}
              error={errors.platformAccountId}
              onChange={(v) => update((d) => void (d.platformAccountId = v))}
            />
          </div>
        </Card>
        {isBank ? (
          <>
            <Card title="Bank details">
              <BankFields {...section} />
            </Card>
            <Card title="Beneficiary" description="The account holder. The bank's record of the name is checked against it.">
              <BeneficiaryFields {...section} />
            </Card>
          </>
        ) : (
          <Card title="Wallet">
            <WalletFields {...section} />
          </Card>
        )}
      </fieldset>
      <div className="sticky bottom-0 flex items-center justify-end gap-3 border-t border-zinc-200 bg-zinc-50/95 py-4">
        <Button variant="secondary" onClick={() => router.back()} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Adding…" : "Add external account"}
        </Button>
      </div>
    </form>
  );
}
