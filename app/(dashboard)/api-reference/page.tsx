import type { Metadata } from "next";
import { apiBaseUrl } from "@/lib/client/api-base-url";
import { CodeBlock } from "@/components/code-block";
import { PageHeader } from "@/components/page-header";
import { METHOD_TONES, StatusBadge } from "@/components/status-badge";
import { OPENAPI, anchorId, operationsByTag } from "./_lib/openapi-doc";
import { InlineMarkdown } from "./_components/inline-markdown";
import { OperationCard } from "./_components/operation-card";

export const metadata: Metadata = { title: "API reference" };

export default async function ApiReferencePage() {
  const baseUrl = await apiBaseUrl();
  const groups = operationsByTag();
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            {OPENAPI.info.title} {OPENAPI.info.version}. <InlineMarkdown text={OPENAPI.info.description ?? ""} />
          </>
        }
      />
      <div className="flex gap-8">
        <nav aria-label="Operations" className="sticky top-20 hidden max-h-[calc(100vh-6rem)] w-56 shrink-0 self-start overflow-y-auto lg:block">
          {groups.map(({ tag, operations }) => (
            <div key={tag} className="mb-4">
              <a href={`#tag-${slug(tag)}`} className="text-xs font-semibold tracking-wide text-zinc-500 uppercase hover:text-zinc-900">
                {tag}
              </a>
              <ul className="mt-1 space-y-0.5">
                {operations.map((op) => (
                  <li key={op.id}>
                    <a href={`#${anchorId(op)}`} className="flex items-center gap-1.5 rounded px-1.5 py-1 text-xs text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900">
                      <span className="w-16 shrink-0 text-right">
                        <StatusBadge tone={METHOD_TONES[op.method] ?? "neutral"}>{op.method}</StatusBadge>
                      </span>
                      <span className="truncate">{op.summary}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="min-w-0 flex-1 space-y-10">
          <section className="rounded-lg border border-zinc-200 bg-white p-5 shadow-xs">
            <h2 className="text-base font-semibold text-zinc-900">Base URL and authentication</h2>
            <p className="mt-1 mb-3 text-sm text-zinc-600">
              Every path below is relative to the base URL. Send an API token with HTTP Basic: client ID as user name, client secret as
              password. The machine-readable document is at <code className="font-mono text-xs">{baseUrl}/openapi.json</code>.
            </p>
            <CodeBlock label="base URL" code={baseUrl} />
          </section>
          {groups.map(({ tag, operations }) => (
            <section key={tag} id={`tag-${slug(tag)}`} className="scroll-mt-20 space-y-4">
              <h2 className="text-lg font-semibold text-zinc-900">{tag}</h2>
              {operations.map((op) => (
                <OperationCard key={op.id} operation={op} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

function slug(tag: string): string {
  return tag.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
