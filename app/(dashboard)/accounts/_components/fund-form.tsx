"use client";

import { useState, useTransition, type FormEvent } from "react";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { AmountInput } from "@/components/amount-input";
import { INTERNAL_ACCOUNT_STATUS_HELP } from "@/components/internal-account-status-badge";
import { currencyDecimals, formatMoney, parseMajorUnits, type MoneyCurrency } from "@/components/money";
import type { components } from "@/lib/client/generated/schema";
import { MAX_SANDBOX_FUND_AMOUNT } from "../../_lib/amount-limits";
import { fundInternalAccountAction } from "../actions";

type InternalAccountStatus = components["schemas"]["InternalAccountStatus"];

export interface FundFormProps {
  accountId: string;
  status: InternalAccountStatus;
  currency: MoneyCurrency;
  canFund: boolean;
}

const AMOUNT_HINT = "In major units, e.g. 25.00. Sandbox only: the money appears at once.";

function problemText(error: ActionError, status: InternalAccountStatus): string {
  // 409: only ACTIVE accounts receive money (SPEC.md "Internal account status").
  if (error.code === "CONFLICT") return `The service refused the deposit: this account is not ACTIVE. ${INTERNAL_ACCOUNT_STATUS_HELP[status === "ACTIVE" ? "PENDING" : status]}`;
  if (error.code === "FORBIDDEN") return "Your role cannot move money, or this platform is not a sandbox.";
  return describeActionError(error);
}

/** Simulates a deposit: the amount typed in major units is sent in minor units, converted exactly. */
/** Funding needs TRANSACT: admins and operators (lib/service/staff/roles.ts). */
const FUND_READ_ONLY = "Only admins and operators can fund accounts.";

export function FundForm({ accountId, status, currency, canFund }: FundFormProps) {
  const [amount, setAmount] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [funded, setFunded] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const isBlocked = status !== "ACTIVE";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFunded(null);
    const parsed = parseMajorUnits(amount, currencyDecimals(currency), { max: MAX_SANDBOX_FUND_AMOUNT });
    if (!parsed.ok) return setFieldError(parsed.message);
    startTransition(async () => {
      const result = await callAction(fundInternalAccountAction, { accountId, amount: parsed.minorUnits });
      if (!result.ok) {
        setFieldError(result.error.fieldErrors?.amount);
        return setProblem(result.error.fieldErrors?.amount ? null : problemText(result.error, status));
      }
      setFieldError(undefined);
      setProblem(null);
      setAmount("");
      setFunded(`Deposited ${formatMoney(parsed.minorUnits, currency)}. Available balance: ${formatMoney(result.data.balance.amount, result.data.balance.currency)}.`);
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Fund account">
      {isBlocked && (
        <Notice tone="warning" title={`This account is ${status}: it cannot be funded.`} testId="fund-blocked">
          {INTERNAL_ACCOUNT_STATUS_HELP[status]}
        </Notice>
      )}
      {!canFund && (
        <Notice tone="info" title="Read-only" testId="fund-read-only">
          {FUND_READ_ONLY}
        </Notice>
      )}
      {problem && <Notice tone="error" testId="fund-error">{problem}</Notice>}
      {funded && <Notice tone="success" testId="fund-result">{funded}</Notice>}
      <div className="flex flex-wrap items-start gap-3">
        <Field id="amount" label="Amount" hint={AMOUNT_HINT} error={fieldError} className="w-72">
          <AmountInput
            id="amount"
            currency={currency}
            value={amount}
            onValueChange={(v) => {
              setAmount(v);
              setFieldError(undefined);
            }}
            invalid={Boolean(fieldError)}
            aria-describedby={fieldError ? "amount-error" : "amount-hint"}
            disabled={!canFund || isBlocked || pending}
          />
        </Field>
        <Button type="submit" className="mt-7" disabled={!canFund || isBlocked || pending} title={canFund ? undefined : FUND_READ_ONLY}>
          {pending ? "Funding…" : "Fund"}
        </Button>
      </div>
    </form>
  );
}
