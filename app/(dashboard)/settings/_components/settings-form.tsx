"use client";

import { useState, useTransition, type FormEvent } from "react";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormErrorNotice } from "@/components/form-error-notice";
import { updateConfigAction } from "../actions";
import { configToFormValues, type SettingsFormValues } from "../form-values";
import { CurrencyTable } from "./currency-table";
import { FeeFields } from "./fee-fields";
import { GeneralFields } from "./general-fields";
import { WalletFields } from "./wallet-fields";

export interface SettingsFormProps {
  initialValues: SettingsFormValues;
  canEdit: boolean;
  /** Sandbox settings are shown to sandbox platforms only. */
  isSandbox: boolean;
}

/** Field paths some input shows its error beside; any other error is listed at the top. */
function isShownBesideField(field: string): boolean {
  return /^(webhookEndpoint|umaDomain|embeddedWalletConfig\.\w+|supportedCurrencies\.\d+\.(minAmount|maxAmount|currencyCode|enabledTransactionTypes)|feeConfigs\.0(\..+)?)$/.test(field);
}

function errorMessage(error: ActionError): string {
  if (error.code === "FORBIDDEN") return "Your role cannot change platform settings. Ask an admin.";
  if (error.code === "NOT_IMPLEMENTED") return `Not supported by the service: ${error.message}`;
  return describeActionError(error);
}

export function SettingsForm({ initialValues, canEdit, isSandbox }: SettingsFormProps) {
  const [values, setValues] = useState(initialValues);
  // What the page showed when opened (then after each save): the action saves only what changed since.
  const [openedWith, setOpenedWith] = useState(initialValues);
  const [error, setError] = useState<ActionError | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, startTransition] = useTransition();
  const errors = error?.fieldErrors ?? {};
  const otherErrors = Object.entries(errors).filter(([field]) => !isShownBesideField(field));

  function update(change: (draft: SettingsFormValues) => void) {
    setValues((current) => {
      const draft = structuredClone(current);
      change(draft);
      return draft;
    });
    setSaved(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const result = await callAction(updateConfigAction, { values, openedWith });
      if (!result.ok) {
        setError(result.error);
        setSaved(false);
        return;
      }
      setError(null);
      setValues(configToFormValues(result.data));
      setOpenedWith(configToFormValues(result.data));
      setSaved(true);
    });
  }

  const section = { values, update, errors };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {error && <FormErrorNotice title={errorMessage(error)} otherErrors={otherErrors} testId="settings-error" />}
      <fieldset disabled={!canEdit || pending} className="space-y-6">
        <Card title="Webhooks and UMA">
          <GeneralFields {...section} />
        </Card>
        <Card title="Embedded wallet" description="How end users sign in to their wallets with one-time codes.">
          <WalletFields {...section} />
        </Card>
        <Card title="Supported currencies" description="Limits per transaction, in the currency's smallest unit (cents for USD).">
          <CurrencyTable {...section} />
        </Card>
        <Card title="Cross-currency fee" description="Your fee on cross-currency transactions funded in USD, on top of the service's.">
          <FeeFields {...section} />
        </Card>
        {isSandbox && (
          <Card title="Sandbox" description="How the sandbox treats what you create while you try things out.">
            <Checkbox
              label="Skip verification paperwork"
              description="New individual customers are verified at creation, and businesses at their first verification, without identity documents (the KYC test suffixes 001 and 003 still ask for them). Customers created before keep their state."
              checked={values.skipVerificationPaperwork}
              onChange={(e) => update((d) => void (d.skipVerificationPaperwork = e.target.checked))}
            />
          </Card>
        )}
      </fieldset>
      {canEdit && (
        <div className="sticky bottom-0 flex items-center justify-end gap-3 border-t border-zinc-200 bg-zinc-50/95 py-4">
          {saved && (
            <p role="status" data-testid="settings-saved" className="text-sm font-medium text-emerald-700">
              Settings saved.
            </p>
          )}
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : "Save settings"}
          </Button>
        </div>
      )}
    </form>
  );
}
