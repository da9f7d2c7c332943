import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/page-header";
import { decodedSegment } from "@/components/resource-id";
import { METHOD_TONES, StatusBadge } from "@/components/status-badge";
import { OPENAPI, operationHref, operationsUsing } from "../../_lib/openapi-doc";
import { InlineMarkdown } from "../../_components/inline-markdown";
import { SchemaView } from "../../_components/schema-view";

type Params = { params: Promise<{ name: string }> };

/** The named schema, or undefined for a name the document does not define (own keys only: "constructor" is no schema). */
async function schemaNamed(params: Params["params"]) {
  const name = decodedSegment((await params).name); // null: a malformed escape names no schema
  const schemas = OPENAPI.components.schemas;
  return name !== null && Object.hasOwn(schemas, name) ? { name, schema: schemas[name]! } : undefined;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const found = await schemaNamed(params);
  return { title: found ? `${found.name} · API reference` : "API reference" };
}

/** One schema of the API: its fields (named schemas inside it link to their own pages) and the operations that take or answer it. */
export default async function SchemaPage({ params }: Params) {
  const found = (await schemaNamed(params)) ?? notFound();
  const usedBy = operationsUsing(found.name);
  return (
    <>
      <Link href="/api-reference" className="text-sm text-brand-700 hover:underline">
        ← API reference
      </Link>
      <div className="mt-2">
        <PageHeader title={found.name} description={found.schema.description ? <InlineMarkdown text={found.schema.description} /> : undefined} />
      </div>
      <div className="grid gap-8 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-label="Fields">
          <SchemaView schema={{ $ref: `#/components/schemas/${found.name}` }} />
        </section>
        {usedBy.length > 0 && (
          <section>
            <h2 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Taken or answered by</h2>
            <ul className="space-y-1">
              {usedBy.map((op) => (
                <li key={op.id}>
                  <Link href={operationHref(op)} prefetch={false} className="flex items-center gap-1.5 text-xs text-zinc-700 hover:text-zinc-950 hover:underline">
                    <StatusBadge tone={METHOD_TONES[op.method] ?? "neutral"}>{op.method}</StatusBadge>
                    <span className="font-mono">{op.path}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
