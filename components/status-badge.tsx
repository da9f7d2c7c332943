import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "brand" | "success" | "warning" | "danger" | "info";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-zinc-100 text-zinc-700 ring-zinc-200",
  brand: "bg-brand-50 text-brand-700 ring-brand-100",
  success: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  warning: "bg-amber-50 text-amber-800 ring-amber-200",
  danger: "bg-red-50 text-red-700 ring-red-200",
  info: "bg-sky-50 text-sky-700 ring-sky-200",
};

/** `isWrapping`: a long status (with a reason) may take two lines rather than run out of a narrow column. */
export function StatusBadge({ tone = "neutral", isWrapping = false, children }: { tone?: BadgeTone; isWrapping?: boolean; children: ReactNode }) {
  const shape = isWrapping ? "inline-block max-w-full rounded-md" : "inline-flex items-center rounded-full";
  return (
    <span className={`${shape} px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}>
      {children}
    </span>
  );
}

/** HTTP methods get the colours developers expect from API docs. */
export const METHOD_TONES: Record<string, BadgeTone> = {
  GET: "info",
  POST: "success",
  PUT: "warning",
  PATCH: "warning",
  DELETE: "danger",
};

export function statusTone(status: number): BadgeTone {
  if (status >= 500) return "danger";
  if (status >= 400) return "warning";
  return "success";
}
