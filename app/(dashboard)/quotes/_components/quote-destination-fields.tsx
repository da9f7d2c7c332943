import { SelectField, TextField } from "@/components/text-field";
import { externalAccountLabel, externalAccountsOf, internalAccountLabel, internalAccountsOf, ownerAccountsHint } from "../_lib/quote-form";
import { SANDBOX_UMA_ADDRESSES } from "../_lib/quote-input";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { OwnerFields, type OwnerChoice } from "./owner-fields";
import type { QuoteSectionProps } from "./quote-source-fields";

const DESTINATION_TYPES = [
  { value: "EXTERNAL", label: "External account" },
  { value: "INTERNAL", label: "Internal account" },
  { value: "UMA_ADDRESS", label: "UMA address" },
] as const;

export interface QuoteDestinationProps extends QuoteSectionProps {
  /** Who receives into an internal account. */
  payee: OwnerChoice;
  /** "the platform" or the paying customer's label. */
  payerName: string;
  payerLoadHint?: string;
  payeeLoadHint?: string;
}

/** Where the money goes: an external account of the payer, an internal account of the platform or any customer, or a UMA address. */
export function QuoteDestinationFields({ values, ctx, errors, update, payee, payerName, payerLoadHint, payeeLoadHint }: QuoteDestinationProps) {
  // A pull and its payout cannot be the same bank account.
  const externals = externalAccountsOf(ctx, values.sourceOwner).filter((a) => values.sourceType !== "PULL" || a.id !== values.pullAccountId);
  const internals = internalAccountsOf(ctx, values.destinationOwner).filter((a) => values.sourceType !== "ACCOUNT" || a.id !== values.sourceAccountId);
  const accountError = errors["destination.accountId"] ?? errors.destination;
  return (
    <div className="space-y-4">
      <ChoiceGroup label="Destination type" value={values.destinationType} options={DESTINATION_TYPES} onChange={(destinationType) => update({ destinationType, destinationAccountId: "" })} />
      {values.destinationType === "EXTERNAL" && (
        <SelectField
          id="destination.accountId"
          label="To external account"
          value={values.destinationAccountId}
          onChange={(destinationAccountId) => update({ destinationAccountId })}
          error={accountError}
          options={externals.map((a) => ({ value: a.id, label: externalAccountLabel(a) }))}
          emptyLabel="Choose an account"
          hint={ownerAccountsHint(values.sourceOwner, payerLoadHint, externals.length === 0, `No external account of ${payerName}; add one under Accounts.`) ?? `Accounts of ${payerName}, who pays.`}
        />
      )}
      {values.destinationType === "INTERNAL" && (
        <>
          <OwnerFields id="destination.customerId" label="Receiving account of" pickerLabel="Receiving customer" choice={payee} error={errors["destination.customerId"]} />
          <SelectField
            id="destination.accountId"
            label="To internal account"
            value={values.destinationAccountId}
            onChange={(destinationAccountId) => update({ destinationAccountId })}
            error={accountError}
            options={internals.map((a) => ({ value: a.id, label: internalAccountLabel(a) }))}
            emptyLabel="Choose an account"
            hint={ownerAccountsHint(values.destinationOwner, payeeLoadHint, internals.length === 0, "No other active internal account.")}
          />
        </>
      )}
      {values.destinationType === "UMA_ADDRESS" && (
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <TextField
              id="destination.umaAddress"
              label="UMA address"
              value={values.umaAddress}
              onChange={(umaAddress) => {
                const sandbox = SANDBOX_UMA_ADDRESSES.find((s) => s.address === umaAddress.trim().toLowerCase());
                update({ umaAddress, ...(sandbox && { umaCurrency: sandbox.currency }) });
              }}
              error={errors["destination.umaAddress"]}
              placeholder="$success.eur@sandbox.uma.money"
              hint="Sandbox counterparties are suggested below."
            />
            <div className="mt-2 flex flex-wrap gap-1.5" aria-label="Sandbox counterparties">
              {SANDBOX_UMA_ADDRESSES.map((s) => (
                <button
                  key={s.address}
                  type="button"
                  onClick={() => update({ umaAddress: s.address, umaCurrency: s.currency })}
                  className="rounded-full border border-zinc-200 bg-zinc-50 px-2 py-0.5 font-mono text-xs text-zinc-700 hover:bg-zinc-100"
                >
                  {s.address}
                </button>
              ))}
            </div>
          </div>
          <TextField
            id="destination.currency"
            label="Currency the receiver gets"
            value={values.umaCurrency}
            onChange={(umaCurrency) => update({ umaCurrency: umaCurrency.toUpperCase() })}
            error={errors["destination.currency"]}
            maxLength={5}
            placeholder="EUR"
          />
        </div>
      )}
    </div>
  );
}
