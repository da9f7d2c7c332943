import { Field, controlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { SectionProps } from "./section-props";

const BPS_HINT = "Basis points of the sending amount: 100 bps = 1%.";
const FIXED_HINT = "In cents, added to every cross-currency transaction. Set both to 0 for no fee.";

/** The platform's own cross-currency fee for USD-funded transactions (feeConfigs[0]). */
export function FeeFields({ values, update, errors }: SectionProps) {
  const fee = values.feeConfigs[0];
  if (!fee) return null;
  const bpsId = "feeConfigs.0.variableFeeBps";
  const fixedId = "feeConfigs.0.fixedFee.amount";
  const fixedError = errors[fixedId] ?? errors["feeConfigs.0.fixedFee.currency"] ?? errors["feeConfigs.0.fixedFee"];
  return (
    <div className="space-y-3">
      {errors["feeConfigs.0"] && <p className="text-xs font-medium text-red-600">{errors["feeConfigs.0"]}</p>}
      <div className="grid gap-5 md:grid-cols-2">
        <Field id={bpsId} label="Variable fee (bps)" hint={BPS_HINT} error={errors[bpsId]}>
          <Input
            {...controlProps(bpsId, errors[bpsId], BPS_HINT)}
            inputMode="numeric"
            className="font-mono"
            value={fee.variableFeeBps}
            onChange={(e) => update((d) => void (d.feeConfigs[0]!.variableFeeBps = e.target.value))}
          />
        </Field>
        <Field id={fixedId} label="Fixed fee (USD cents)" hint={FIXED_HINT} error={fixedError}>
          <Input
            {...controlProps(fixedId, fixedError, FIXED_HINT)}
            inputMode="numeric"
            className="font-mono"
            value={fee.fixedFee.amount}
            onChange={(e) => update((d) => void (d.feeConfigs[0]!.fixedFee.amount = e.target.value))}
          />
        </Field>
      </div>
    </div>
  );
}
