"use client";

import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useHydrated } from "../use-hydrated";

const CONTROL =
  "block w-full rounded-md border bg-white px-3 py-2 text-zinc-900 shadow-sm placeholder:text-zinc-400 focus:outline-none focus:ring-1 disabled:bg-zinc-50 disabled:text-zinc-500";
const OK = "border-zinc-300 focus:border-brand-600 focus:ring-brand-600";
const BAD = "border-red-400 focus:border-red-600 focus:ring-red-600";

/** 16 px on phones: iOS Safari zooms the page into any field under 16 px when it gets focus. */
const TEXT = "text-base sm:text-sm";

function classes(invalid: boolean | undefined, extra = "") {
  return `${CONTROL} ${invalid ? BAD : OK} ${extra}`.trim();
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

/**
 * A controlled control (given `value`) cannot be changed until the page is hydrated: React keeps
 * what was typed earlier on the screen but not in its state, so the form would send the old value.
 * Read-only looks the same; a select has no read-only, so it is disabled for that moment.
 */
export function Input({ invalid, className, readOnly, ...props }: InputProps) {
  const hydrated = useHydrated();
  return (
    <input
      className={classes(invalid, `${TEXT} ${className ?? ""}`)}
      aria-invalid={invalid || undefined}
      {...props}
      readOnly={readOnly || (props.value !== undefined && !hydrated)}
    />
  );
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
}

export function Textarea({ invalid, className, readOnly, ...props }: TextareaProps) {
  const hydrated = useHydrated();
  return (
    <textarea
      className={classes(invalid, `font-mono text-xs ${className ?? ""}`)}
      aria-invalid={invalid || undefined}
      {...props}
      readOnly={readOnly || (props.value !== undefined && !hydrated)}
    />
  );
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
}

export function Select({ invalid, className, disabled, ...props }: SelectProps) {
  const hydrated = useHydrated();
  return (
    <select
      className={classes(invalid, `${TEXT} ${className ?? ""}`)}
      aria-invalid={invalid || undefined}
      {...props}
      disabled={disabled || (props.value !== undefined && !hydrated)}
    />
  );
}
