"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

export interface CopyButtonProps {
  value: string;
  /** What is copied, for the accessible name: "Copy client secret". */
  label: string;
}

export function CopyButton({ value, label }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed"); // clipboard needs a secure context or permission; the value stays selectable
    }
    setTimeout(() => setState("idle"), 2000);
  }

  return (
    <Button variant="secondary" size="sm" onClick={copy} aria-label={`Copy ${label}`}>
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}</span>
    </Button>
  );
}
