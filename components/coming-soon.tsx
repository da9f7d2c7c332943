import Link from "next/link";
import { PageHeader } from "./page-header";
import { StatusBadge } from "./status-badge";

export interface ComingSoonProps {
  title: string;
  /** One sentence: what this area is for. */
  summary: string;
  /** What staff will be able to see and do here. */
  features: string[];
}

/** The page of a dashboard area that is not built yet: says what it will hold, and that it is not available. */
export function ComingSoon({ title, summary, features }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} description={summary} actions={<StatusBadge tone="warning">Not available yet</StatusBadge>} />
      <section className="rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-8">
        <h2 className="text-base font-semibold text-zinc-900">This area is not available yet</h2>
        <p className="mt-1 text-sm text-zinc-600">
          The {title.toLowerCase()} pages are still being built. When they are ready, you will be able to:
        </p>
        <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-zinc-700">
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-zinc-500">
          Until then, use the Service API directly; the{" "}
          <Link href="/api-reference" className="font-medium text-brand-700 hover:underline">
            API reference
          </Link>{" "}
          lists every operation available today.
        </p>
      </section>
    </>
  );
}
