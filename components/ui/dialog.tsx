"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

export interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Escape calls it; the dialog closes when the caller sets `open` to false. */
  onCancel: () => void;
  /** A bar below the content, for the dialog's buttons. */
  footer?: ReactNode;
  size?: "md" | "lg";
}

const WIDTHS = { md: "max-w-md", lg: "max-w-2xl" } as const;

/** A modal with a title, shown while `open`. */
export function Dialog({ open, title, children, onCancel, footer, size = "md" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // One id per dialog: a page may hold several, each must name its own title.
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className={`m-auto w-full ${WIDTHS[size]} rounded-lg text-left border border-zinc-200 bg-white p-0 shadow-xl backdrop:bg-zinc-900/40`}
    >
      <div className="px-6 pt-5 pb-4">
        <h2 id={titleId} className="text-base font-semibold text-zinc-900">
          {title}
        </h2>
        <div className="mt-2 text-sm text-zinc-600">{children}</div>
      </div>
      {footer && <div className="flex justify-end gap-2 rounded-b-lg border-t border-zinc-200 bg-zinc-50 px-6 py-3">{footer}</div>}
    </dialog>
  );
}
