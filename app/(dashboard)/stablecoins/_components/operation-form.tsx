"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { components } from "@/lib/client/generated/schema";
import { AmountInput } from "@/components/amount-input";
import { SelectField, TextField } from "@/components/text-field";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, controlProps } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { createOperationAction } from "../actions";
import { maxTokenUnits, parseTokenAmount, tokenAmountHint } from "../_lib/cents";
import { describeStablecoinError } from "../_lib/describe-stablecoin-error";
import { useAction } from "@/components/use-action";
import { useIdempotencyKey } from "@/components/use-idempotency-key";

type Stablecoin = components["schemas"]["Stablecoin"];
export interface AccountOption {
  id: string;
  /** "EUR · Bank account ****3000 · Platform": currency, kind, masked number or address, owner. */
  label: string;
  kind: "BANK" | "SPARK" | "INTERNAL";
  /** An internal account's currency: it can take a mint only of a coin in that currency. */
  currency?: string;
  /** A FIRST_PARTY Spark wallet still PENDING_OWNERSHIP_VERIFICATION (or UNVERIFIED): a mint needs it ACTIVE. */
  awaitsOwnershipProof?: boolean;
  /** The platform's own account (not a customer's): its ownership operations are the platform ones. */
  isPlatforms?: boolean;
}

/** Where staff add what a mint pays into: the API reference's Try it panel (the accounts form offers no Spark wallet). */
const ADD_SPARK_WALLET_HREF = "/api-reference/external-accounts#op-createPlatformExternalAccount";
/** Proving a FIRST_PARTY wallet: a challenge to sign, then the signature (the dashboard has no form for it). */
const OWNERSHIP_CHALLENGE_HREF = "/api-reference/external-accounts#op-createPlatformExternalAccountOwnershipChallenge";
const CUSTOMER_OWNERSHIP_CHALLENGE_HREF = "/api-reference/external-accounts#op-createExternalAccountOwnershipChallenge";
const ADD_BANK_ACCOUNT_HREF = "/accounts/external/new";
const LINK = "font-medium underline hover:no-underline";

export interface OperationFormProps {
  coins: Stablecoin[];
  accounts: AccountOption[];
  /** Whose operations the list below shows. */
  shownCoinId?: string;
  /** The member may add external accounts: the empty states say how, else to ask an admin. */
  canManageAccounts: boolean;
}

/** Mint or burn: the amount is typed in tokens and sent exactly in the smallest unit; the button is disabled while a submit runs. */
export function OperationForm({ coins, accounts, shownCoinId, canManageAccounts }: OperationFormProps) {
  const router = useRouter();
  const [operationType, setType] = useState<"MINT" | "BURN">("MINT");
  const [stablecoinId, setCoin] = useState(coins[0]?.id ?? "");
  const [amount, setAmount] = useState("");
  const [isAmountRequired, setAmountRequired] = useState(false);
  const [fundingType, setFunding] = useState("WIRE");
  const [fundingExternalAccountId, setFundingAccount] = useState("");
  const [destinationAccountId, setDestination] = useState("");
  const [sourceType, setSource] = useState("EXTERNAL_ACCOUNT");
  const [destinationExternalAccountId, setBank] = useState("");
  const [rail, setRail] = useState("ACH_CREDIT");
  const [description, setDescription] = useState("");
  const idempotency = useIdempotencyKey();
  const submit = useAction(createOperationAction, () => {
    idempotency.done(); // the same amount submitted next is a new operation
    setAmount("");
    setAmountRequired(false);
    // The new operation shows in its stablecoin's list.
    const submittedCoinId = coins.find((c) => c.id === stablecoinId)?.id ?? coins[0]?.id ?? "";
    if (submittedCoinId !== shownCoinId) router.push(`/stablecoins?coin=${encodeURIComponent(submittedCoinId)}`);
  });
  // The first coin registered while the page is open arrives after the form mounted: fall back to it.
  const coin = coins.find((c) => c.id === stablecoinId) ?? coins[0];
  const symbol = coin?.symbol ?? "";
  const parsed = coin && amount.trim() ? parseTokenAmount(amount, coin.decimals) : null;
  const banks = accounts.filter((a) => a.kind === "BANK").map((a) => ({ value: a.id, label: a.label }));
  // Minted tokens land on Spark, or in an internal account that holds the coin's currency.
  const coinCurrency = coin?.currency ?? coin?.symbol;
  const mintDestinations = accounts.filter((a) => (a.kind === "SPARK" && !a.awaitsOwnershipProof) || (a.kind === "INTERNAL" && a.currency === coinCurrency)).map((a) => ({ value: a.id, label: a.label }));
  const unprovenWallets = accounts.filter((a) => a.kind === "SPARK" && a.awaitsOwnershipProof);
  const fe = submit.error?.fieldErrors ?? {};
  const amountError = (parsed && !parsed.ok ? parsed.message : undefined) ?? (isAmountRequired && !parsed ? "is required" : undefined) ?? fe.amount;
  // Once an amount parses, the previews below the input say what is sent; the hint gives way to them.
  const amountHint = parsed?.ok ? undefined : tokenAmountHint(symbol, coin?.decimals ?? 2);

  if (coins.length === 0) return null;
  return (
    <Card title="Mint or burn" description="Mint tokens against fiat, or burn them and pay the fiat out to a bank account.">
      <form
        className="grid gap-3 sm:grid-cols-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!parsed?.ok) return setAmountRequired(true);
          const common = { operationType, stablecoinId: coin?.id ?? stablecoinId, amount: parsed.units, description: description || undefined };
          const input =
            operationType === "MINT"
              ? { ...common, fundingType, fundingExternalAccountId: fundingExternalAccountId || undefined, destinationAccountId }
              : { ...common, sourceType, destinationExternalAccountId, rail };
          submit.run({ ...input, idempotencyKey: idempotency.keyFor(input) });
        }}
      >
        <SelectField id="operationType" label="Operation" value={operationType} onChange={(v) => setType(v as "MINT" | "BURN")} options={[{ value: "MINT", label: "Mint" }, { value: "BURN", label: "Burn" }]} />
        <SelectField id="stablecoinId" label="Stablecoin" value={coin?.id ?? ""} onChange={setCoin} options={coins.map((c) => ({ value: c.id, label: `${c.symbol} (${c.decimals} decimals)` }))} />
        <Field id="amount" label="Amount" hint={amountHint} error={amountError}>
          <AmountInput {...controlProps("amount", amountError, amountHint)} currency={{ code: symbol, decimals: coin?.decimals ?? 2 }} limits={{ max: maxTokenUnits(coin?.decimals ?? 2) }} value={amount} onValueChange={setAmount} maxLength={100} />
          {parsed?.ok && (
            <p data-testid="cent-preview" className="text-xs text-zinc-500 tabular-nums">
              Worth {parsed.display}
            </p>
          )}
        </Field>
        {operationType === "MINT" ? (
          <>
            <SelectField id="fundingType" label="Funding" value={fundingType} onChange={setFunding} options={[{ value: "WIRE", label: "Wire" }, { value: "ACH_DEBIT", label: "ACH debit" }, { value: "SAME_DAY_ACH_DEBIT", label: "Same-day ACH debit" }]} />
            {fundingType !== "WIRE" && (
              <SelectField id="fundingSource.externalAccountId" label="Debit account" value={fundingExternalAccountId} onChange={setFundingAccount} emptyLabel="Choose a bank account" options={banks} error={fe["fundingSource.externalAccountId"]} />
            )}
            <SelectField
              id="destination.accountId"
              label="Mint to"
              value={destinationAccountId}
              onChange={setDestination}
              emptyLabel={mintDestinations.length === 0 ? "No wallet to mint to yet" : "Choose a wallet"}
              options={mintDestinations}
              error={fe["destination.accountId"] ?? fe.destinationAccountId}
            />
            {mintDestinations.length === 0 && unprovenWallets.length === 0 && (
              <Notice className="sm:col-span-3" testId="no-mint-destination" title="Nothing to mint to yet">
                Minted {symbol} tokens go to an ACTIVE Spark wallet, or to a platform internal account in {coinCurrency}.{" "}
                {canManageAccounts ? (
                  <>
                    Add the platform&apos;s Spark wallet as an external account (type SPARK_WALLET, currency BTC or USDB) with{" "}
                    <Link className={LINK} href={ADD_SPARK_WALLET_HREF}>
                      Add the platform&apos;s own external account
                    </Link>{" "}
                    in the API reference: its Try it panel runs it as you. Once the wallet is ACTIVE it is offered here.
                  </>
                ) : (
                  "Ask an admin to add the platform's Spark wallet; once it is ACTIVE it is offered here."
                )}
              </Notice>
            )}
            {unprovenWallets.length > 0 && (
              <Notice className="sm:col-span-3" testId="mint-wallet-awaits-ownership" title={unprovenWallets.length === 1 ? "A Spark wallet waits for ownership proof" : `${unprovenWallets.length} Spark wallets wait for ownership proof`}>
                Minted {symbol} tokens go only to an ACTIVE Spark wallet. {unprovenWallets.map((a) => a.label).join("; ")}{" "}
                {unprovenWallets.length === 1 ? "was" : "were"} added as FIRST_PARTY (held by its owner), so {unprovenWallets.length === 1 ? "it stays" : "they stay"}{" "}
                PENDING_OWNERSHIP_VERIFICATION until a signature from the wallet proves it.{" "}
                {canManageAccounts ? (
                  <>
                    In the API reference, run{" "}
                    <Link className={LINK} href={unprovenWallets[0]!.isPlatforms ? OWNERSHIP_CHALLENGE_HREF : CUSTOMER_OWNERSHIP_CHALLENGE_HREF}>
                      Start an ownership verification challenge
                    </Link>{" "}
                    (method WALLET_SIGNATURE), sign its messageToSign with the wallet, then send the signature with Verify ownership with a wallet signature: the wallet
                    becomes ACTIVE and is offered here. A wallet someone else holds for you is added as THIRD_PARTY and needs no proof.
                  </>
                ) : (
                  "Ask an admin to prove its ownership (an ownership challenge signed with the wallet); it is offered here once ACTIVE."
                )}
              </Notice>
            )}
          </>
        ) : (
          <>
            <SelectField id="sourceType" label="Tokens from" value={sourceType} onChange={setSource} options={[{ value: "EXTERNAL_ACCOUNT", label: "Any wallet (deposit address)" }, { value: "PROVIDER_INTERNAL_BALANCE", label: "Provider balance" }]} />
            <SelectField
              id="destination.externalAccountId"
              label="Pay out to"
              value={destinationExternalAccountId}
              onChange={setBank}
              emptyLabel={banks.length === 0 ? "No bank account yet" : "Choose a bank account"}
              options={banks}
              error={fe["destination.externalAccountId"] ?? fe.destinationExternalAccountId}
            />
            <SelectField id="rail" label="Rail" value={rail} onChange={setRail} options={["ACH_CREDIT", "SAME_DAY_ACH_CREDIT", "WIRE", "RTP_CREDIT"].map((r) => ({ value: r, label: r.replace(/_/g, " ") }))} />
          </>
        )}
        {banks.length === 0 && (operationType === "BURN" || fundingType !== "WIRE") && (
          <Notice className="sm:col-span-3" testId="no-bank-account" title="No bank account yet">
            {operationType === "BURN" ? "A burn pays the fiat out to an active bank account" : "An ACH debit pulls the fiat from an active bank account"} of the platform or of a customer.{" "}
            {canManageAccounts ? (
              <Link className={LINK} href={ADD_BANK_ACCOUNT_HREF}>
                Add an external account
              </Link>
            ) : (
              "Ask an admin to add one."
            )}
          </Notice>
        )}
        <TextField id="description" label="Description (optional)" value={description} onChange={setDescription} maxLength={1024} error={fe.description} className="sm:col-span-2" />
        <div className="flex items-end">
          <Button type="submit" disabled={submit.pending || (parsed !== null && !parsed.ok)}>
            {submit.pending ? "Submitting…" : operationType === "MINT" ? "Mint" : "Burn"}
          </Button>
        </div>
        {submit.error && (
          <Notice tone="error" className="sm:col-span-3" testId="operation-error">
            {submit.error.code === "DASHBOARD_UNREACHABLE"
              ? `No answer came back, so this ${operationType === "MINT" ? "mint" : "burn"} may already have been created. Submit it again unchanged: it is created only once, however often you press.`
              : describeStablecoinError(submit.error)}
          </Notice>
        )}
      </form>
    </Card>
  );
}
