"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

export interface CopyButtonProps {
  value: string;
  /** What is copied, for the accessible name: "Copy client secret". */
  label: string;
}

/** Copies `value` to the clipboard; the state reads "copied" or "failed" for a moment after. */
function useCopy(value: string, showFor: number) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed"); // clipboard needs a secure context or permission; the value stays selectable
    }
    setTimeout(() => setState("idle"), showFor);
  }
  return { state, copy };
}

export function CopyButton({ value, label }: CopyButtonProps) {
  const { state, copy } = useCopy(value, 2000);
  return (
    <Button variant="secondary" size="sm" onClick={copy} aria-label={`Copy ${label}`}>
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}</span>
    </Button>
  );
}

/** A small icon button beside an id in a table or a fact; the full value is also in its tooltip. */
export function CopyIconButton({ value, label }: CopyButtonProps) {
  const { state, copy } = useCopy(value, 1500);
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`Copy ${label}`}
      title={state === "copied" ? "Copied" : state === "failed" ? "Copy failed: select the id instead" : `Copy ${value}`}
      className="inline-flex size-5 shrink-0 items-center justify-center rounded text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700"
    >
      {state === "copied" ? (
        <svg viewBox="0 0 16 16" className="size-3.5 text-emerald-600" aria-hidden fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 8.5l3 3 7-7" />
        </svg>
      ) : (
        <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
          <path d="M10.5 5.5V3.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
        </svg>
      )}
      <span className="sr-only" aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : ""}
      </span>
    </button>
  );
}
