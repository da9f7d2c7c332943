"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

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
  const footer = (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button variant={tone} onClick={onConfirm} disabled={pending}>
        {pending ? "Working…" : confirmLabel}
      </Button>
    </>
  );
  return (
    <Dialog open={open} title={title} onCancel={onCancel} footer={footer}>
      {children}
    </Dialog>
  );
}
