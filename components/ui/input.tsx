import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

const CONTROL =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-400 focus:outline-none focus:ring-2 disabled:bg-zinc-50 disabled:text-zinc-500";
const OK = "border-zinc-300 focus:border-brand-500 focus:ring-brand-100";
const BAD = "border-red-400 focus:border-red-500 focus:ring-red-100";

function classes(invalid: boolean | undefined, extra = "") {
  return `${CONTROL} ${invalid ? BAD : OK} ${extra}`.trim();
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

export function Input({ invalid, className, ...props }: InputProps) {
  return <input className={classes(invalid, className)} aria-invalid={invalid || undefined} {...props} />;
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
}

export function Textarea({ invalid, className, ...props }: TextareaProps) {
  return <textarea className={classes(invalid, `font-mono text-xs ${className ?? ""}`)} aria-invalid={invalid || undefined} {...props} />;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
}

export function Select({ invalid, className, ...props }: SelectProps) {
  return <select className={classes(invalid, className)} aria-invalid={invalid || undefined} {...props} />;
}
