import type { ReactNode } from "react";
import { Field, controlProps } from "./ui/field";
import { Input, Select } from "./ui/input";

interface BaseFieldProps {
  /** The control's id; forms use the API's field path (`businessInfo.taxId`) so errors land beside it. */
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  className?: string;
  disabled?: boolean;
}

export interface TextFieldProps extends BaseFieldProps {
  type?: "text" | "email" | "tel" | "date";
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
}

/** A labelled text input with its hint, or the API's error for it. */
export function TextField({ id, label, value, onChange, error, hint, className, disabled, type = "text", placeholder, maxLength = 255, autoComplete }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <Input
        {...controlProps(id, error, hint)}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete={autoComplete}
        disabled={disabled}
      />
    </Field>
  );
}

export interface SelectFieldProps extends BaseFieldProps {
  options: readonly { value: string; label: string }[];
  /** Label of the empty choice; omit to require a value. */
  emptyLabel?: string;
}

/** A labelled select with its hint, or the API's error for it. */
export function SelectField({ id, label, value, onChange, error, hint, className, disabled, options, emptyLabel }: SelectFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <Select {...controlProps(id, error, hint)} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** "SOLE_PROPRIETORSHIP" → "Sole proprietorship", for enum options; short codes (LLC, SSN) stay as they are. */
export function enumLabel(value: string): string {
  if (/^[A-Z]{2,4}$/.test(value)) return value;
  const words = value.replace(/_/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function enumOptions(values: readonly string[]): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: enumLabel(value) }));
}
