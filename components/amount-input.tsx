import type { InputHTMLAttributes } from "react";
import { Input } from "./ui/input";
import { currencyDecimals, formatMinorUnits, parseMajorUnits, separatorProblem, type AmountLimits, type MoneyCurrency } from "./money";

export interface AmountInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> {
  currency: MoneyCurrency;
  /** What the user typed, in major units ("12.34"). */
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
  /** The limits the form parses with, so the preview shows every amount the form accepts (default: parseMajorUnits's). */
  limits?: AmountLimits;
}

/**
 * An amount typed in major units with the currency beside it. The form turns the text into minor
 * units with parseMajorUnits (exact, no floats, in the browser's language); below, the input says
 * what will be sent, or, as soon as it is typed, why a comma or space is not taken ("1,50" is not
 * 1.50 here; a German "1.234" could be either), unless the form already shows its own error for
 * the field.
 */
export function AmountInput({ currency, value, onValueChange, invalid, limits, className = "", ...props }: AmountInputProps) {
  const decimals = currencyDecimals(currency);
  const parsed = value.trim() ? parseMajorUnits(value, decimals, limits) : null;
  const separator = separatorProblem(value, decimals);
  return (
    <div>
      <div className="relative">
        <Input
          {...props}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={decimals > 0 ? `0.${"0".repeat(decimals)}` : "0"}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          invalid={invalid}
          className={`pr-16 tabular-nums ${className}`}
        />
        <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs font-medium text-zinc-500">{currency.code}</span>
      </div>
      {parsed?.ok && (
        <p className="mt-1 text-xs text-zinc-500 tabular-nums" data-testid="amount-preview">
          = {formatMinorUnits(parsed.minorUnits, decimals)} {currency.code} ({formatMinorUnits(parsed.minorUnits, 0)} in the smallest unit)
        </p>
      )}
      {separator && !invalid && (
        <p className="mt-1 text-xs font-medium text-red-600" role="status" data-testid="amount-separator-problem">
          {separator}
        </p>
      )}
    </div>
  );
}
