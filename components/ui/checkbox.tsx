"use client";

import type { InputHTMLAttributes, ReactNode } from "react";
import { useHydrated } from "../use-hydrated";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  label: ReactNode;
  description?: ReactNode;
}

/** A checkbox whose whole label is clickable. Controlled (given `checked`), it waits for hydration like the inputs. */
export function Checkbox({ label, description, className = "", disabled, ...props }: CheckboxProps) {
  const hydrated = useHydrated();
  return (
    <label className={`flex cursor-pointer items-start gap-2 ${className}`}>
      <input
        type="checkbox"
        className="mt-0.5 size-4 rounded border-zinc-300 accent-brand-600 disabled:cursor-not-allowed"
        {...props}
        disabled={disabled || (props.checked !== undefined && !hydrated)}
      />
      <span>
        <span className="text-sm text-zinc-800">{label}</span>
        {description && <span className="block text-xs text-zinc-500">{description}</span>}
      </span>
    </label>
  );
}
