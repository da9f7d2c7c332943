"use client";

import { useEffect, useMemo, useRef, useState, useTransition, type FormEvent } from "react";
import type { components } from "@/lib/client/generated/schema";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { AmountInput } from "@/components/amount-input";
import { FormErrorNotice } from "@/components/form-error-notice";
import { currencyDecimals } from "@/components/money";
import { SelectField, TextField } from "@/components/text-field";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, controlProps } from "@/components/ui/field";
import { createQuoteAction } from "../actions";
import { customerLabel, type CustomerOption } from "../../customers/_lib/customer-search";
import { FIELDS_ON_SCREEN, PLATFORM_OWNER, checkQuoteForm, formCurrencies, initialQuoteForm, quoteFieldErrors, type QuoteFormContext, type QuoteFormValues } from "../_lib/quote-form";
import { PURPOSE_OPTIONS, type QuoteInput } from "../_lib/quote-input";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { QuoteDestinationFields } from "./quote-destination-fields";
import { QuoteResult } from "./quote-result";
import { QuoteSourceFields } from "./quote-source-fields";
import { accountsHint, useCustomerAccounts } from "./use-customer-accounts";

type Quote = components["schemas"]["Quote"];

const LOCK_SIDES = [
  { value: "SENDING", label: "Sending amount" },
  { value: "RECEIVING", label: "Receiving amount" },
] as const;

function describeQuoteError(error: ActionError): string {
  switch (error.code) {
    case "FORBIDDEN":
      return "Your role cannot create quotes. Ask an admin or operator.";
    case "DAILY_VOLUME_LIMIT_EXCEEDED":
      return "The daily volume limit is reached; try again after it resets (UTC midnight).";
    default:
      return error.code === "INVALID_INPUT" ? describeActionError(error) : error.message;
  }
}

export interface QuoteBuilderProps {
  /** The platform's own accounts; a customer's load when the customer is picked. */
  platform: QuoteFormContext;
  canTransact: boolean;
  isSandbox: boolean;
}

/** Build a quote: source, destination, the locked side and amount; the API prices it and names any bad field. */
export function QuoteBuilder({ platform, canTransact, isSandbox }: QuoteBuilderProps) {
  const customerAccounts = useCustomerAccounts();
  const ctx: QuoteFormContext = useMemo(() => {
    const loaded = Object.values(customerAccounts.byCustomer);
    return { accounts: [...platform.accounts, ...loaded.flatMap((c) => c.internal)], externalAccounts: [...platform.externalAccounts, ...loaded.flatMap((c) => c.external)] };
  }, [platform, customerAccounts.byCustomer]);
  const [values, setValues] = useState<QuoteFormValues>(() => initialQuoteForm(platform));
  const [payer, setPayer] = useState<CustomerOption | null>(null);
  const [payee, setPayee] = useState<CustomerOption | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [lastInput, setLastInput] = useState<QuoteInput | null>(null);
  const [pending, startTransition] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  const { sending, receiving } = formCurrencies(values, ctx);
  const lockedCurrency = (values.lockedCurrencySide === "SENDING" ? sending : receiving) ?? { code: "—" };
  const errors = quoteFieldErrors(error, values);
  const otherErrors = Object.entries(error?.fieldErrors ?? {}).filter(([field]) => !FIELDS_ON_SCREEN.has(field));
  const amountHint = `The ${values.lockedCurrencySide === "SENDING" ? "sender pays exactly this; fees come off what the receiver gets" : "receiver gets exactly this; the sender pays the fees on top"}.`;

  // Each new error puts the cursor in the first field it names, once the form is enabled again.
  useEffect(() => {
    if (error && !pending) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error, pending]);

  const loadHint = (owner: string) => accountsHint(owner === PLATFORM_OWNER ? undefined : customerAccounts.byCustomer[owner]);

  function update(change: Partial<QuoteFormValues>) {
    setValues((current) => ({ ...current, ...change }));
  }

  function choosePayer(owner: string, customer: CustomerOption | null) {
    setPayer(customer);
    if (customer) customerAccounts.load(customer.id);
    // The platform's USD account again, or the customer's account once chosen; payouts go to the payer's own accounts.
    update({ sourceOwner: owner, sourceAccountId: owner === PLATFORM_OWNER ? initialQuoteForm(platform).sourceAccountId : "", pullAccountId: "", destinationAccountId: "" });
  }

  function choosePayee(owner: string, customer: CustomerOption | null) {
    setPayee(customer);
    if (customer) customerAccounts.load(customer.id);
    update({ destinationOwner: owner, destinationAccountId: "" });
  }

  function request(input: QuoteInput) {
    startTransition(async () => {
      const result = await callAction(createQuoteAction, input);
      if (!result.ok) {
        setError(result.error);
        setQuote(null);
        return;
      }
      setError(null);
      setLastInput(input);
      setQuote(result.data);
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkQuoteForm(values, currencyDecimals(lockedCurrency));
    if (!checked.ok) return setError({ code: "INVALID_INPUT", message: "Some fields are invalid", fieldErrors: checked.fieldErrors });
    request(checked.input);
  }

  return (
    <div className="space-y-6">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Quote builder">
        {error && <FormErrorNotice title={describeQuoteError(error)} otherErrors={otherErrors} testId="quote-form-error" />}
        <fieldset disabled={pending || !canTransact} className="space-y-6">
          <Card title="From">
            <QuoteSourceFields values={values} ctx={ctx} errors={errors} update={update} payer={{ owner: values.sourceOwner, customer: payer, onChange: choosePayer }} accountsLoadHint={loadHint(values.sourceOwner)} />
          </Card>
          <Card title="To">
            <QuoteDestinationFields
              values={values}
              ctx={ctx}
              errors={errors}
              update={update}
              payee={{ owner: values.destinationOwner, customer: payee, onChange: choosePayee }}
              payerName={values.sourceOwner === PLATFORM_OWNER ? "the platform" : payer ? customerLabel(payer) : "the paying customer"}
              payerLoadHint={loadHint(values.sourceOwner)}
              payeeLoadHint={loadHint(values.destinationOwner)}
            />
          </Card>
          <Card title="Amount">
            <div className="space-y-4">
              <div className="space-y-1.5">
                <p className="text-sm font-medium text-zinc-800">Lock</p>
                <ChoiceGroup label="Locked side" value={values.lockedCurrencySide} options={LOCK_SIDES} onChange={(lockedCurrencySide) => update({ lockedCurrencySide })} />
                {errors.lockedCurrencySide && <p className="text-xs font-medium text-red-600">{errors.lockedCurrencySide}</p>}
              </div>
              <Field id="lockedCurrencyAmount" label={`Amount (${lockedCurrency.code})`} hint={amountHint} error={errors.lockedCurrencyAmount} className="max-w-sm">
                <AmountInput {...controlProps("lockedCurrencyAmount", errors.lockedCurrencyAmount, amountHint)} currency={lockedCurrency} value={values.amount} onValueChange={(amount) => update({ amount })} />
              </Field>
            </div>
          </Card>
          <Card title="Details" description="Optional.">
            <div className="grid gap-4 md:grid-cols-2">
              <TextField id="description" label="Description" value={values.description} onChange={(description) => update({ description })} error={errors.description} maxLength={1024} />
              <TextField
                id="remittanceInformation"
                label="Remittance information"
                value={values.remittanceInformation}
                onChange={(remittanceInformation) => update({ remittanceInformation })}
                error={errors.remittanceInformation}
                maxLength={80}
                hint="Travels with the payment; at most 80 characters."
              />
              <SelectField
                id="purposeOfPayment"
                label="Purpose of payment"
                value={values.purposeOfPayment}
                onChange={(purposeOfPayment) => update({ purposeOfPayment })}
                error={errors.purposeOfPayment}
                options={PURPOSE_OPTIONS}
                emptyLabel="Not given"
              />
            </div>
          </Card>
        </fieldset>
        <div className="flex flex-wrap items-start justify-end gap-4">
          {values.sourceType !== "REALTIME_FUNDING" && (
            <div>
              <Checkbox
                label="Execute immediately"
                description="Price and run the quote in one call, without a second look."
                checked={values.isExecutingAtOnce}
                onChange={(e) => update({ isExecutingAtOnce: e.target.checked })}
                disabled={pending || !canTransact}
              />
              {errors.immediatelyExecute && <p className="mt-1 text-xs font-medium text-red-600" data-testid="field-error-immediatelyExecute">{errors.immediatelyExecute}</p>}
            </div>
          )}
          <Button type="submit" disabled={pending || !canTransact}>
            {pending ? "Getting quote…" : values.sourceType !== "REALTIME_FUNDING" && values.isExecutingAtOnce ? "Get quote and execute" : "Get quote"}
          </Button>
        </div>
      </form>
      {quote && (
        <QuoteResult
          key={quote.id}
          quote={quote}
          canTransact={canTransact}
          isSandbox={isSandbox}
          onRefresh={() => lastInput && request(lastInput)}
          isRefreshing={pending}
        />
      )}
    </div>
  );
}
