"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import type { ActionError } from "@/lib/client/action-result";
import { parseMajorUnits } from "@/components/money";
import { TextField } from "@/components/text-field";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Notice } from "@/components/ui/notice";
import { issueCardAction } from "../actions";
import { callAction } from "@/lib/client/action-result";

export interface FundingChoice {
  id: string;
  label: string;
  currency: string;
  decimals: number;
}

/** Issues a virtual card to one approved customer, funded by its accounts of one currency. */
export function IssueCardForm({ cardholderId, accounts }: { cardholderId: string; accounts: FundingChoice[] }) {
  const router = useRouter();
  const [sources, setSources] = useState<string[]>(accounts.length === 1 ? [accounts[0]!.id] : []);
  const [limit, setLimit] = useState("");
  const [reference, setReference] = useState("");
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const chosen = accounts.find((a) => a.id === sources[0]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    let maxSpendPerTransaction: number | undefined;
    if (limit.trim() !== "") {
      const parsed = parseMajorUnits(limit, chosen?.decimals ?? 2);
      if (!parsed.ok) return setError({ code: "INVALID_INPUT", message: "Some fields need attention.", fieldErrors: { maxSpendPerTransaction: parsed.message } });
      maxSpendPerTransaction = Number(parsed.minorUnits);
    }
    startTransition(async () => {
      const result = await callAction(issueCardAction, { cardholderId, fundingSources: sources, maxSpendPerTransaction, platformCardId: reference || undefined });
      if (!result.ok) return setError(result.error);
      router.push(`/cards/${encodeURIComponent(result.data.id)}`);
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {error && (
        <Notice tone="error" title={error.message} testId="issue-card-error">
          {error.code === "CARDHOLDER_KYC_NOT_APPROVED" && "Approve the customer's KYC first (customer page → Submit for verification)."}
          {error.code === "FUNDING_SOURCE_INELIGIBLE" && "Choose accounts of one currency, USD or USDB, that belong to the cardholder."}
        </Notice>
      )}
      <fieldset disabled={pending} className="space-y-6">
        <Card title="Funding" description="The card spends from the first account chosen; holds are placed on it when purchases are authorized.">
          {accounts.length === 0 ? (
            <p className="text-sm text-zinc-600">This customer has no ACTIVE USD or USDB account to fund a card.</p>
          ) : (
            <div className="grid gap-2 sm:grid-cols-2">
              {accounts.map((a) => (
                <Checkbox key={a.id} label={a.label} checked={sources.includes(a.id)} onChange={(e) => setSources(e.target.checked ? [...sources, a.id] : sources.filter((s) => s !== a.id))} />
              ))}
            </div>
          )}
          {error?.fieldErrors?.fundingSources && <p className="mt-2 text-sm text-red-700">Funding accounts {error.fieldErrors.fundingSources}</p>}
        </Card>
        <Card title="Controls">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="maxSpendPerTransaction" label={`Max per purchase (${chosen?.currency ?? "card currency"}, optional)`} value={limit} onChange={setLimit} error={error?.fieldErrors?.maxSpendPerTransaction} hint="Empty: no ceiling." />
            <TextField id="platformCardId" label="Your card reference (optional)" value={reference} onChange={setReference} error={error?.fieldErrors?.platformCardId} />
          </div>
        </Card>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending || accounts.length === 0}>
          {pending ? "Issuing…" : "Issue virtual card"}
        </Button>
      </div>
    </form>
  );
}
