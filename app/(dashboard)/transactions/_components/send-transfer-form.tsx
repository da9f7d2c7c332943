"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition, type FormEvent } from "react";
import type { components } from "@/lib/client/generated/schema";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { AmountInput } from "@/components/amount-input";
import { externalAccountSummary } from "@/components/external-accounts-table";
import { currencyDecimals, formatMoney, parseMajorUnits } from "@/components/money";
import { SelectField } from "@/components/text-field";
import { Button } from "@/components/ui/button";
import { Field, controlProps } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useIdempotencyKey } from "@/components/use-idempotency-key";
import { MAX_TRANSFER_AMOUNT } from "../../_lib/amount-limits";
import { sendTransferAction } from "../actions";
import { transactionHref } from "../_lib/transaction-href";

type InternalAccount = components["schemas"]["InternalAccount"];
type ExternalAccount = components["schemas"]["ExternalAccount"];

const AMOUNT_HINT = "In major units (25.00); sent as exact smallest units.";

/** Codes a payout meets, in words; everything else falls back to the shared descriptions. */
function describeTransferError(error: ActionError): string {
  switch (error.code) {
    case "INSUFFICIENT_BALANCE":
      return "Insufficient balance: the source account's available balance does not cover this amount. Nothing was sent.";
    case "INVALID_CURRENCY":
      return "The destination account is in a different currency from the source account.";
    case "AMOUNT_OUT_OF_RANGE":
    case "INVALID_AMOUNT":
      return "The amount is outside what this transfer allows.";
    case "DASHBOARD_UNREACHABLE":
      // the form resends with the same Idempotency-Key, so the service answers the first transfer
      return "No answer came back, so this transfer may already have been sent. Send it again with the same details: it is paid out only once, however often you press.";
    default:
      return describeActionError(error);
  }
}

function sourceLabel(a: InternalAccount): string {
  return `${a.balance.currency.code} · ${formatMoney(a.balance.amount, a.balance.currency)} available · ${a.id}`;
}

function destinationLabel(a: ExternalAccount): string {
  const { kind, identifier } = externalAccountSummary(a.accountInfo);
  return `${a.currency} · ${kind} ${identifier}`;
}

export function SendTransferForm({ sources, destinations }: { sources: InternalAccount[]; destinations: ExternalAccount[] }) {
  const router = useRouter();
  const [sourceId, setSourceId] = useState(sources[0]?.id ?? "");
  const [destinationId, setDestinationId] = useState("");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const idempotency = useIdempotencyKey();
  const formRef = useRef<HTMLFormElement>(null);
  const source = sources.find((a) => a.id === sourceId);
  const currency = source?.balance.currency ?? { code: "USD", decimals: 2 };
  const matching = destinations.filter((a) => !source || a.currency === source.balance.currency.code);
  const errors = error?.fieldErrors ?? {};
  const amountError = errors.amount;

  // Each new error puts the cursor in the first field it names, once the form is enabled again.
  useEffect(() => {
    if (error && !pending) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error, pending]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Every field is checked before anything is sent, so one submit names every mistake.
    const parsed = parseMajorUnits(amount, currencyDecimals(currency), { max: MAX_TRANSFER_AMOUNT });
    const fieldErrors: Record<string, string> = {};
    if (!sourceId) fieldErrors.sourceAccountId = "Choose a source account";
    if (!destinationId) fieldErrors.destinationAccountId = "Choose a destination account";
    if (!parsed.ok) fieldErrors.amount = parsed.message;
    if (!parsed.ok || Object.keys(fieldErrors).length > 0) return setError({ code: "INVALID_INPUT", message: "Some fields are invalid", fieldErrors });
    const input = { sourceAccountId: sourceId, destinationAccountId: destinationId, amount: parsed.minorUnits };
    startTransition(async () => {
      const result = await callAction(sendTransferAction, { ...input, idempotencyKey: idempotency.keyFor(input) });
      if (!result.ok) return setError(result.error);
      setError(null);
      router.push(transactionHref(result.data.id));
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      {error && (
        <Notice tone="error" testId="send-transfer-error">
          {describeTransferError(error)}
        </Notice>
      )}
      <div className="grid gap-5 md:grid-cols-2">
        <SelectField
          id="source.accountId"
          label="From (platform internal account)"
          value={sourceId}
          onChange={(value) => {
            setSourceId(value);
            setDestinationId("");
          }}
          error={errors["source.accountId"] ?? errors.sourceAccountId ?? errors.source}
          options={sources.map((a) => ({ value: a.id, label: sourceLabel(a) }))}
          emptyLabel="Choose an account"
        />
        <SelectField
          id="destination.accountId"
          label="To (platform external account)"
          value={destinationId}
          onChange={setDestinationId}
          error={errors["destination.accountId"] ?? errors.destinationAccountId ?? errors.destination}
          hint={matching.length === 0 ? `No active external account in ${currency.code}; add one under Accounts.` : undefined}
          options={matching.map((a) => ({ value: a.id, label: destinationLabel(a) }))}
          emptyLabel="Choose an account"
        />
        <Field id="amount" label="Amount" hint={AMOUNT_HINT} error={amountError}>
          <AmountInput {...controlProps("amount", amountError, AMOUNT_HINT)} currency={currency} value={amount} onValueChange={setAmount} />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Sending…" : "Send transfer"}
        </Button>
      </div>
    </form>
  );
}
