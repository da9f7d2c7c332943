import type { ReactNode } from "react";

export interface FieldProps {
  /** The control's id; the label points at it and the error/hint ids derive from it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}

/** A labelled control with its hint and, when the API rejected it, the error right beside it. */
export function Field({ id, label, hint, error, children, className = "" }: FieldProps) {
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={id} message={error} />}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={`${id}-error`} data-testid={`field-error-${id}`} className="text-xs font-medium text-red-600">
      {message}
    </p>
  );
}

/** Props that tie a control to its Field: aria-invalid and aria-describedby. */
export function controlProps(id: string, error?: string, hint?: ReactNode) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return { id, invalid: Boolean(error), "aria-describedby": describedBy };
}
