import type { ReactNode } from "react";

type Tone = "info" | "success" | "warning" | "error";

const TONES: Record<Tone, string> = {
  info: "border-sky-200 bg-sky-50 text-sky-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  error: "border-red-200 bg-red-50 text-red-900",
};

export interface NoticeProps {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}

/** A boxed message. Errors are announced (role=alert), successes politely (role=status). */
export function Notice({ tone = "info", title, children, className = "", testId }: NoticeProps) {
  const role = tone === "error" ? "alert" : tone === "success" ? "status" : undefined;
  return (
    <div role={role} data-testid={testId} className={`rounded-md border px-4 py-3 text-sm ${TONES[tone]} ${className}`}>
      {title && <p className="font-medium">{title}</p>}
      {children && <div className={title ? "mt-1" : ""}>{children}</div>}
    </div>
  );
}
