"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  tone?: "primary" | "danger";
}

/** A modal question with Cancel and one named action; Escape cancels. */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, pending, tone = "danger" }: ConfirmDialogProps) {
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
      className="m-auto w-full max-w-md rounded-lg text-left border border-zinc-200 bg-white p-0 shadow-xl backdrop:bg-zinc-900/40"
    >
      <div className="px-6 pt-5 pb-4">
        <h2 id={titleId} className="text-base font-semibold text-zinc-900">
          {title}
        </h2>
        <div className="mt-2 text-sm text-zinc-600">{children}</div>
      </div>
      <div className="flex justify-end gap-2 rounded-b-lg border-t border-zinc-200 bg-zinc-50 px-6 py-3">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={pending}>
          {pending ? "Working…" : confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
