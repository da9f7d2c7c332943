import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { SectionProps } from "./section-props";

const TYPES = [
  { value: "INCOMING", label: "Incoming" },
  { value: "OUTGOING", label: "Outgoing" },
] as const;

/** One row per enabled currency: limits per transaction (minor units) and allowed directions. */
export function CurrencyTable({ values, update, errors }: SectionProps) {
  return (
    <div className="relative overflow-x-auto rounded-md border border-zinc-200">
      <table className="min-w-full divide-y divide-zinc-200 text-sm">
        <caption className="sr-only">Supported currencies</caption>
        <thead className="bg-zinc-50 text-left text-xs font-medium tracking-wide text-zinc-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5">Currency</th>
            <th scope="col" className="px-4 py-2.5">Minimum per transaction</th>
            <th scope="col" className="px-4 py-2.5">Maximum per transaction</th>
            <th scope="col" className="px-4 py-2.5">Enabled directions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {values.supportedCurrencies.map((currency, i) => {
            const path = `supportedCurrencies.${i}`;
            return (
              <tr key={currency.currencyCode} className="align-top">
                <th scope="row" className="px-4 py-3 font-mono text-sm font-medium text-zinc-900">
                  {currency.currencyCode}
                  {errors[`${path}.currencyCode`] && <FieldError id={`${path}.currencyCode`} message={errors[`${path}.currencyCode`]!} />}
                </th>
                {(["minAmount", "maxAmount"] as const).map((key) => {
                  const id = `${path}.${key}`;
                  return (
                    <td key={key} className="px-4 py-3">
                      <label htmlFor={id} className="sr-only">
                        {currency.currencyCode} {key === "minAmount" ? "minimum" : "maximum"} in minor units
                      </label>
                      <Input
                        id={id}
                        inputMode="numeric"
                        className="max-w-44 font-mono"
                        invalid={Boolean(errors[id])}
                        aria-describedby={errors[id] ? `${id}-error` : undefined}
                        value={currency[key]}
                        onChange={(e) => update((d) => void (d.supportedCurrencies[i]![key] = e.target.value))}
                      />
                      {errors[id] && <FieldError id={id} message={errors[id]} />}
                    </td>
                  );
                })}
                <td className="px-4 py-3">
                  <fieldset className="flex gap-4 pt-2">
                    <legend className="sr-only">{currency.currencyCode} enabled directions</legend>
                    {TYPES.map((type) => (
                      <label key={type.value} className="flex items-center gap-1.5 text-sm text-zinc-700">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-600"
                          checked={currency.enabledTransactionTypes.includes(type.value)}
                          onChange={(e) =>
                            update((d) => {
                              const row = d.supportedCurrencies[i]!;
                              const others = row.enabledTransactionTypes.filter((t) => t !== type.value);
                              row.enabledTransactionTypes = e.target.checked ? [...others, type.value] : others;
                            })
                          }
                        />
                        {type.label}
                      </label>
                    ))}
                  </fieldset>
                  {errors[`${path}.enabledTransactionTypes`] && (
                    <FieldError id={`${path}.enabledTransactionTypes`} message={errors[`${path}.enabledTransactionTypes`]!} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
