import type { ReactNode } from "react";

/** One labelled value of a definition list (`<dl>`): "Status: Active". */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-zinc-800" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
