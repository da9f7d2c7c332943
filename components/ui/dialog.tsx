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

/**
 * Puts focus back on what opened the dialog (the button, usually) once it closes or unmounts, if
 * that is still on the page and focus was left nowhere useful (the body, or the dialog itself).
 * Chromium restores it after close() but not when a caller unmounts an open dialog.
 */
function returnFocus(opener: HTMLElement | null, dialog: HTMLDialogElement | null) {
  const current = document.activeElement;
  const isLost = !current || current === document.body || (dialog?.contains(current) ?? false) || !current.isConnected;
  if (opener?.isConnected && isLost) opener.focus();
}

/** A modal with a title, shown while `open`. */
export function Dialog({ open, title, children, onCancel, footer, size = "md" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const isOpenRef = useRef(open);
  // One id per dialog: a page may hold several, each must name its own title.
  const titleId = useId();

  useEffect(() => {
    isOpenRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus(opener.current, dialog);
    }
  }, [open]);

  // A caller that unmounts the dialog instead of closing it (`{asking && <ConfirmDialog open …/>}`).
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (isOpenRef.current) queueMicrotask(() => returnFocus(opener.current, dialog));
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      // The browser may close it without a cancellable cancel event (Escape pressed twice with no
      // click between): the caller must still learn it is closed, or `open` stays true and it cannot reopen.
      onClose={() => {
        if (isOpenRef.current) onCancel();
        returnFocus(opener.current, ref.current);
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
