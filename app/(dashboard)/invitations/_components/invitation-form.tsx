"use client";

import { useState, useTransition, type FormEvent } from "react";
import type { components } from "@/lib/client/generated/schema";
import type { ActionError } from "@/lib/client/action-result";
import { AmountInput } from "@/components/amount-input";
import { parseMajorUnits, type MoneyCurrency } from "@/components/money";
import { Button } from "@/components/ui/button";
import { Field, controlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { clockGapHint, useClockGap } from "@/components/clock-gap";
import { SecretValue } from "@/components/secret-value";
import { createInvitationAction } from "../actions";
import { invitationErrorText } from "./invitation-text";
import { callAction } from "@/lib/client/action-result";

type Invitation = components["schemas"]["UmaInvitation"];

const UMA_HINT = "The inviting customer's address, e.g. $alice@pay.example.com.";
const AMOUNT_HINT = "Optional. Shown to the invitee; your platform sends the payment once the invitation is claimed.";
const EXPIRY_HINT = "Optional, in your local time. After it the invitation is EXPIRED.";

/**
 * POST /invitations: inviter, optional first name, amount and expiry; shows the new code and link.
 * `platformNow`: the platform's time when the page was made, so the hint can say when its clock is not the user's.
 */
export function InvitationForm({ currency, platformNow }: { currency: MoneyCurrency; platformNow?: string }) {
  const gap = useClockGap(platformNow);
  const [inviterUma, setInviterUma] = useState("");
  const [firstName, setFirstName] = useState("");
  const [amount, setAmount] = useState("");
  const [expiresAt, setExpiresAt] = useState("");
  const [error, setError] = useState<ActionError | null>(null);
  const [created, setCreated] = useState<Invitation | null>(null);
  const [pending, startTransition] = useTransition();
  const errors: Record<string, string | undefined> = { ...error?.fieldErrors };
  const gapHint = gap === null ? null : clockGapHint(gap, Date.now());
  const expiryHint = gapHint ? `${EXPIRY_HINT} ${gapHint}` : EXPIRY_HINT;
  if (error?.code === "INVALID_UMA_ADDRESS") errors.inviterUma = "is not a UMA address such as $alice@example.com";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = amount.trim() ? parseMajorUnits(amount, currency.decimals ?? 2) : undefined;
    if (parsed && !parsed.ok) return setError({ code: "INVALID_INPUT", message: "Some fields are invalid", fieldErrors: { amountToSend: parsed.message } });
    const expiry = expiresAt ? new Date(expiresAt) : undefined;
    if (expiry && Number.isNaN(expiry.getTime())) return setError({ code: "INVALID_INPUT", message: "Some fields are invalid", fieldErrors: { expiresAt: "must be a date and time" } });
    startTransition(async () => {
      const result = await callAction(createInvitationAction, { inviterUma, firstName, amountToSend: parsed?.ok ? parsed.minorUnits : undefined, expiresAt: expiry?.toISOString() });
      if (!result.ok) return setError(result.error);
      setError(null);
      setCreated(result.data);
      setFirstName("");
      setAmount("");
      setExpiresAt("");
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create invitation">
      {error && (
        <Notice tone="error" testId="invitation-form-error">
          {invitationErrorText(error)}
        </Notice>
      )}
      {created && !error && (
        <Notice tone="success" title={`Invitation ${created.code} created`} testId="invitation-created">
          <div className="mt-2">
            <SecretValue label="Invitation link" value={created.url} testId="invitation-url" />
          </div>
          <p className="mt-2">
            Share the link: it opens a public page (no sign-in) with the invitation and how to claim it. The invitee&apos;s UMA provider claims it with the code.
          </p>
        </Notice>
      )}
      <fieldset disabled={pending} className="grid gap-4 md:grid-cols-2">
        <Field id="inviterUma" label="Inviter UMA address" hint={UMA_HINT} error={errors.inviterUma}>
          <Input {...controlProps("inviterUma", errors.inviterUma, UMA_HINT)} value={inviterUma} onChange={(e) => setInviterUma(e.target.value)} maxLength={320} autoComplete="off" />
        </Field>
        <Field id="firstName" label="Invitee first name (optional)" error={errors.firstName}>
          <Input {...controlProps("firstName", errors.firstName)} value={firstName} onChange={(e) => setFirstName(e.target.value)} maxLength={255} />
        </Field>
        <Field id="amountToSend" label="Amount to send (optional)" hint={AMOUNT_HINT} error={errors.amountToSend}>
          <AmountInput {...controlProps("amountToSend", errors.amountToSend, AMOUNT_HINT)} currency={currency} value={amount} onValueChange={setAmount} />
        </Field>
        <Field id="expiresAt" label="Expires at (optional)" hint={expiryHint} error={errors.expiresAt}>
          <Input {...controlProps("expiresAt", errors.expiresAt, expiryHint)} type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
        </Field>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Creating…" : "Create invitation"}
        </Button>
      </div>
    </form>
  );
}
