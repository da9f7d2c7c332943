import type { InputHTMLAttributes, ReactNode } from "react";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  label: ReactNode;
  description?: ReactNode;
}

/** A checkbox whose whole label is clickable. */
export function Checkbox({ label, description, className = "", ...props }: CheckboxProps) {
  return (
    <label className={`flex cursor-pointer items-start gap-2 ${className}`}>
      <input
        type="checkbox"
        className="mt-0.5 size-4 rounded border-zinc-300 accent-brand-600 disabled:cursor-not-allowed"
        {...props}
      />
      <span>
        <span className="text-sm text-zinc-800">{label}</span>
        {description && <span className="block text-xs text-zinc-500">{description}</span>}
      </span>
    </label>
  );
}
