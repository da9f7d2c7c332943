import { SelectField, TextField } from "@/components/text-field";
import { internalAccountsOf, internalAccountLabel, ownerAccountsHint, type QuoteFormContext, type QuoteFormValues } from "../_lib/quote-form";
import { ChoiceGroup } from "./choice-group";
import { OwnerFields, type OwnerChoice } from "./owner-fields";

export interface QuoteSectionProps {
  values: QuoteFormValues;
  ctx: QuoteFormContext;
  errors: Record<string, string>;
  update: (change: Partial<QuoteFormValues>) => void;
}

const SOURCE_TYPES = [
  { value: "ACCOUNT", label: "Internal account" },
  { value: "REALTIME_FUNDING", label: "Real-time funding" },
] as const;

/** Where the money comes from: the platform or a customer, from one of its internal accounts or from funds sent in for this quote. */
export function QuoteSourceFields({ values, ctx, errors, update, payer, accountsLoadHint }: QuoteSectionProps & { payer: OwnerChoice; accountsLoadHint?: string }) {
  const accounts = internalAccountsOf(ctx, values.sourceOwner);
  return (
    <div className="space-y-4">
      <OwnerFields id="source.customerId" label="Paid by" pickerLabel="Paying customer" choice={payer} error={errors["source.customerId"]} />
      <ChoiceGroup label="Source type" value={values.sourceType} options={SOURCE_TYPES} onChange={(sourceType) => update({ sourceType })} />
      {values.sourceType === "ACCOUNT" ? (
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
      ) : (
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
