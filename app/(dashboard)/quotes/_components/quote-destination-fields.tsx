import { SelectField, TextField } from "@/components/text-field";
import { PLATFORM_OWNER, externalAccountLabel, internalAccountLabel, sourceOwner } from "../_lib/quote-form";
import { SANDBOX_UMA_ADDRESSES } from "../_lib/quote-input";
import { ChoiceGroup } from "./choice-group";
import type { QuoteSectionProps } from "./quote-source-fields";

const DESTINATION_TYPES = [
  { value: "EXTERNAL", label: "External account" },
  { value: "INTERNAL", label: "Internal account" },
  { value: "UMA_ADDRESS", label: "UMA address" },
] as const;

/** Where the money goes: an external account of the source's owner, another internal account, or a UMA address. */
export function QuoteDestinationFields({ values, ctx, errors, update }: QuoteSectionProps) {
  const owner = sourceOwner(values, ctx);
  const externals = ctx.externalAccounts.filter((a) => (a.customerId ?? PLATFORM_OWNER) === owner);
  const internals = ctx.accounts.filter((a) => values.sourceType !== "ACCOUNT" || a.id !== values.sourceAccountId);
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
          hint={externals.length === 0 ? `No external account of ${owner === PLATFORM_OWNER ? "the platform" : owner}; add one under Accounts.` : "Accounts of the source's owner."}
        />
      )}
      {values.destinationType === "INTERNAL" && (
        <SelectField
          id="destination.accountId"
          label="To internal account"
          value={values.destinationAccountId}
          onChange={(destinationAccountId) => update({ destinationAccountId })}
          error={accountError}
          options={internals.map((a) => ({ value: a.id, label: internalAccountLabel(a) }))}
          emptyLabel="Choose an account"
        />
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
