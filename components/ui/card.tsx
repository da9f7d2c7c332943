import type { ReactNode } from "react";

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Drop the body padding (tables that run edge to edge). */
  flush?: boolean;
  /** `attention` outlines something the user must act on. */
  tone?: "default" | "attention";
}

/** `min-w-0`: as a grid or flex item, a card with a wide table or code would grow past the page; its content scrolls inside instead. */
export function Card({ title, description, actions, children, className = "", flush = false, tone = "default" }: CardProps) {
  return (
    <section className={`min-w-0 rounded-lg border bg-white shadow-xs ${tone === "attention" ? "border-amber-300 ring-1 ring-amber-100" : "border-zinc-200"} ${className}`}>
      {(title || actions) && (
        <header className="flex items-start justify-between gap-4 border-b border-zinc-200 px-5 py-4">
          <div>
            {title && <h2 className="text-base font-semibold text-zinc-900">{title}</h2>}
            {description && <p className="mt-0.5 text-sm text-zinc-500">{description}</p>}
          </div>
          {actions}
        </header>
      )}
      <div className={flush ? "" : "px-5 py-4"}>{children}</div>
    </section>
  );
}
