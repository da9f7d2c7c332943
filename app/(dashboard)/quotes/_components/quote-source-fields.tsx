import { SelectField, TextField } from "@/components/text-field";
import { PLATFORM_OWNER, internalAccountLabel, type QuoteFormContext, type QuoteFormValues } from "../_lib/quote-form";
import { ChoiceGroup } from "./choice-group";

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

/** Where the money comes from: an internal account (platform's or a customer's), or funds sent in for this quote. */
export function QuoteSourceFields({ values, ctx, errors, update }: QuoteSectionProps) {
  const owners = [...new Set(ctx.accounts.flatMap((a) => (a.customerId ? [a.customerId] : [])))];
  return (
    <div className="space-y-4">
      <ChoiceGroup label="Source type" value={values.sourceType} options={SOURCE_TYPES} onChange={(sourceType) => update({ sourceType, destinationAccountId: "" })} />
      {values.sourceType === "ACCOUNT" ? (
        <SelectField
          id="source.accountId"
          label="From account"
          value={values.sourceAccountId}
          onChange={(sourceAccountId) => update({ sourceAccountId, destinationAccountId: "" })}
          error={errors["source.accountId"] ?? errors["source.customerId"] ?? errors.source}
          options={ctx.accounts.map((a) => ({ value: a.id, label: internalAccountLabel(a) }))}
          emptyLabel="Choose an account"
          hint={ctx.accounts.length === 0 ? "No active internal account; fund one under Accounts." : undefined}
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            id="source.currency"
            label="Currency the payer sends"
            value={values.fundingCurrency}
            onChange={(fundingCurrency) => update({ fundingCurrency: fundingCurrency.toUpperCase() })}
            error={errors["source.currency"] ?? errors["source.cryptoNetwork"]}
            maxLength={5}
            placeholder="USD"
          />
          <SelectField
            id="source.customerId"
            label="On behalf of"
            value={values.fundingOwner}
            onChange={(fundingOwner) => update({ fundingOwner, destinationAccountId: "" })}
            error={errors["source.customerId"]}
            options={[{ value: PLATFORM_OWNER, label: "The platform" }, ...owners.map((id) => ({ value: id, label: `Customer ${id}` }))]}
          />
        </div>
      )}
    </div>
  );
}
