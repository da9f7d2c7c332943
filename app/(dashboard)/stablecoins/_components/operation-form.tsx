"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import type { components } from "@/lib/client/generated/schema";
import { SelectField, TextField } from "@/components/text-field";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { createOperationAction } from "../actions";
import { previewCents } from "../_lib/cents";
import { useAction } from "@/components/use-action";

type Stablecoin = components["schemas"]["Stablecoin"];
export interface AccountOption {
  id: string;
  label: string;
  kind: "BANK" | "SPARK" | "INTERNAL";
  /** An internal account's currency: it can take a mint only of a coin in that currency. */
  currency?: string;
}

/** Mint or burn: shows the whole-cent conversion as the amount is typed; the button is disabled while a submit runs. */
export function OperationForm({ coins, accounts, shownCoinId }: { coins: Stablecoin[]; accounts: AccountOption[]; /** Whose operations the list below shows. */ shownCoinId?: string }) {
  const router = useRouter();
  const [operationType, setType] = useState<"MINT" | "BURN">("MINT");
  const [stablecoinId, setCoin] = useState(coins[0]?.id ?? "");
  const [amount, setAmount] = useState("");
  const [fundingType, setFunding] = useState("WIRE");
  const [fundingExternalAccountId, setFundingAccount] = useState("");
  const [destinationAccountId, setDestination] = useState("");
  const [sourceType, setSource] = useState("EXTERNAL_ACCOUNT");
  const [destinationExternalAccountId, setBank] = useState("");
  const [rail, setRail] = useState("ACH_CREDIT");
  const [description, setDescription] = useState("");
  const submit = useAction(createOperationAction, () => {
    setAmount("");
    // The new operation shows in its stablecoin's list.
    if (stablecoinId !== shownCoinId) router.push(`/stablecoins?coin=${encodeURIComponent(stablecoinId)}`);
  });
  const coin = coins.find((c) => c.id === stablecoinId);
  const preview = useMemo(() => (coin && amount ? previewCents(amount, coin.decimals) : null), [coin, amount]);
  const banks = accounts.filter((a) => a.kind === "BANK").map((a) => ({ value: a.id, label: a.label }));
  // Minted tokens land on Spark, or in an internal account that holds the coin's currency.
  const coinCurrency = coin?.currency ?? coin?.symbol;
  const mintDestinations = accounts.filter((a) => a.kind === "SPARK" || (a.kind === "INTERNAL" && a.currency === coinCurrency)).map((a) => ({ value: a.id, label: a.label }));
  const fe = submit.error?.fieldErrors ?? {};

  if (coins.length === 0) return null;
  return (
    <Card title="Mint or burn" description="Amounts are in the token's smallest unit and must come to whole cents.">
      <form
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          const common = { operationType, stablecoinId, amount, description: description || undefined };
          submit.run(
            operationType === "MINT"
              ? { ...common, fundingType, fundingExternalAccountId: fundingExternalAccountId || undefined, destinationAccountId }
              : { ...common, sourceType, destinationExternalAccountId, rail },
          );
        }}
      >
        <SelectField id="operationType" label="Operation" value={operationType} onChange={(v) => setType(v as "MINT" | "BURN")} options={[{ value: "MINT", label: "Mint" }, { value: "BURN", label: "Burn" }]} />
        <SelectField id="stablecoinId" label="Stablecoin" value={stablecoinId} onChange={setCoin} options={coins.map((c) => ({ value: c.id, label: `${c.symbol} (${c.decimals} decimals)` }))} />
        <div>
          <TextField id="amount" label="Amount (smallest unit)" value={amount} onChange={(v) => setAmount(v.trim())} error={fe.amount} maxLength={78} />
          {preview && (
            <p data-testid="cent-preview" className={`mt-1 text-sm ${preview.ok ? "text-zinc-700" : "text-red-700"}`}>
              {preview.ok ? `= ${preview.display} (${preview.cents} cents)` : preview.message}
            </p>
          )}
        </div>
        {operationType === "MINT" ? (
          <>
            <SelectField id="fundingType" label="Funding" value={fundingType} onChange={setFunding} options={[{ value: "WIRE", label: "Wire" }, { value: "ACH_DEBIT", label: "ACH debit" }, { value: "SAME_DAY_ACH_DEBIT", label: "Same-day ACH debit" }]} />
            {fundingType !== "WIRE" && (
              <SelectField id="fundingSource.externalAccountId" label="Debit account" value={fundingExternalAccountId} onChange={setFundingAccount} emptyLabel="Choose a bank account" options={banks} error={fe["fundingSource.externalAccountId"]} />
            )}
            <SelectField id="destination.accountId" label="Mint to" value={destinationAccountId} onChange={setDestination} emptyLabel="Choose a wallet" options={mintDestinations} error={fe["destination.accountId"] ?? fe.destinationAccountId} />
          </>
        ) : (
          <>
            <SelectField id="sourceType" label="Tokens from" value={sourceType} onChange={setSource} options={[{ value: "EXTERNAL_ACCOUNT", label: "Any wallet (deposit address)" }, { value: "PROVIDER_INTERNAL_BALANCE", label: "Provider balance" }]} />
            <SelectField id="destination.externalAccountId" label="Pay out to" value={destinationExternalAccountId} onChange={setBank} emptyLabel="Choose a bank account" options={banks} error={fe["destination.externalAccountId"] ?? fe.destinationExternalAccountId} />
            <SelectField id="rail" label="Rail" value={rail} onChange={setRail} options={["ACH_CREDIT", "SAME_DAY_ACH_CREDIT", "WIRE", "RTP_CREDIT"].map((r) => ({ value: r, label: r.replace(/_/g, " ") }))} />
          </>
        )}
        <TextField id="description" label="Description (optional)" value={description} onChange={setDescription} maxLength={1024} error={fe.description} className="sm:col-span-2" />
        <div className="flex items-end">
          <Button type="submit" disabled={submit.pending || (preview !== null && !preview.ok)}>
            {submit.pending ? "Submitting…" : operationType === "MINT" ? "Mint" : "Burn"}
          </Button>
        </div>
        {submit.error && (
          <Notice tone="error" className="sm:col-span-3" testId="operation-error">
            {submit.error.message}
          </Notice>
        )}
      </form>
    </Card>
  );
}
