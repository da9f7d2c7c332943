import { SelectField, TextField } from "@/components/text-field";
import { customerLabel } from "../../customers/_lib/customer-search";
import {
  PLATFORM_OWNER,
  externalAccountLabel,
  internalAccountsOf,
  internalAccountLabel,
  noPullAccountReason,
  ownerAccountsHint,
  pullAccountsOf,
  type QuoteFormContext,
  type QuoteFormValues,
} from "../_lib/quote-form";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { OwnerFields, type OwnerChoice } from "./owner-fields";

export interface QuoteSectionProps {
  values: QuoteFormValues;
  ctx: QuoteFormContext;
  errors: Record<string, string>;
  update: (change: Partial<QuoteFormValues>) => void;
}

const SOURCE_TYPES = [
  { value: "ACCOUNT", label: "Internal account" },
  { value: "PULL", label: "Pull from bank account" },
  { value: "REALTIME_FUNDING", label: "Real-time funding" },
] as const;

export const PULL_HINT = "The money is pulled from this bank account when the quote is executed; no balance is needed.";

/** Where the money comes from: the platform or a customer, from one of its internal accounts, a pull from its bank account, or funds sent in for this quote. */
export function QuoteSourceFields({ values, ctx, errors, update, payer, accountsLoadHint }: QuoteSectionProps & { payer: OwnerChoice; accountsLoadHint?: string }) {
  const accounts = internalAccountsOf(ctx, values.sourceOwner);
  const banks = pullAccountsOf(ctx, values.sourceOwner);
  const ownerName = values.sourceOwner === PLATFORM_OWNER ? "The platform" : payer.customer ? customerLabel(payer.customer) : "The customer";
  return (
    <div className="space-y-4">
      <OwnerFields id="source.customerId" label="Paid by" pickerLabel="Paying customer" choice={payer} error={errors["source.customerId"]} />
      <ChoiceGroup label="Source type" value={values.sourceType} options={SOURCE_TYPES} onChange={(sourceType) => update({ sourceType })} />
      {values.sourceType === "ACCOUNT" && (
        <SelectField
          id="source.accountId"
          label="From account"
          value={values.sourceAccountId}
          onChange={(sourceAccountId) => update({ sourceAccountId, ...(values.destinationType === "INTERNAL" && { destinationAccountId: "" }) })}
          error={errors["source.accountId"] ?? errors.source}
          options={accounts.map((a) => ({ value: a.id, label: internalAccountLabel(a) }))}
          emptyLabel="Choose an account"
          hint={ownerAccountsHint(values.sourceOwner, accountsLoadHint, accounts.length === 0, "No active internal account; fund one under Accounts.")}
        />
      )}
      {values.sourceType === "PULL" && (
        <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
          <SelectField
            id="source.accountId"
            label="From bank account"
            value={values.pullAccountId}
            onChange={(pullAccountId) => update({ pullAccountId, ...(pullAccountId === values.destinationAccountId && { destinationAccountId: "" }) })}
            error={errors["source.accountId"] ?? errors.source}
            options={banks.map((a) => ({ value: a.id, label: externalAccountLabel(a) }))}
            emptyLabel="Choose a bank account"
            hint={ownerAccountsHint(values.sourceOwner, accountsLoadHint, banks.length === 0, noPullAccountReason(ctx, values.sourceOwner, ownerName)) ?? PULL_HINT}
          />
          <TextField
            id="statementDescriptor"
            label="Statement descriptor"
            value={values.statementDescriptor}
            onChange={(statementDescriptor) => update({ statementDescriptor })}
            error={errors.statementDescriptor}
            maxLength={10}
            placeholder="SERVICE"
            hint="Optional; ACH pulls only (US bank accounts), at most 10 characters."
          />
        </div>
      )}
      {values.sourceType === "REALTIME_FUNDING" && (
        <TextField
          id="source.currency"
          label="Currency the payer sends"
          value={values.fundingCurrency}
          onChange={(fundingCurrency) => update({ fundingCurrency: fundingCurrency.toUpperCase() })}
          error={errors["source.currency"] ?? errors["source.cryptoNetwork"]}
          maxLength={5}
          placeholder="USD"
          className="max-w-xs"
        />
      )}
    </div>
  );
}
