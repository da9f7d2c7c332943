import type { ReactNode } from "react";
import { StatusBadge, METHOD_TONES } from "@/components/status-badge";
import { anchorId, type Operation } from "../_lib/openapi-doc";
import { exampleValue } from "../_lib/example-value";
import { InlineMarkdown } from "./inline-markdown";
import { SchemaView, typeLabel } from "./schema-view";
import { TryItPanel, type TryItParameter } from "./try-it-panel";

function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{children}</h3>;
}

/** One operation: what it does, what it takes, what it answers, and a way to call it. */
export function OperationCard({ operation }: { operation: Operation }) {
  const params = operation.parameters.filter((p) => p.in === "path" || p.in === "query");
  const tryItParams: TryItParameter[] = params.map((p) => ({
    name: p.name,
    in: p.in as "path" | "query",
    required: p.required ?? false,
    hint: p.schema?.type === "array" ? "Comma-separated values." : undefined,
  }));
  const body = operation.requestBody?.schema;
  const success = operation.responses.filter((r) => r.status.startsWith("2"));
  const failures = operation.responses.filter((r) => !r.status.startsWith("2"));

  return (
    <article id={anchorId(operation)} className="scroll-mt-20 rounded-lg border border-zinc-200 bg-white shadow-xs">
      <header className="border-b border-zinc-200 px-5 py-4">
        <div className="flex items-center gap-2">
          <StatusBadge tone={METHOD_TONES[operation.method] ?? "neutral"}>{operation.method}</StatusBadge>
          <code className="font-mono text-sm font-medium text-zinc-900">{operation.path}</code>
        </div>
        {/* h2: on its tag's page the tag is the h1. */}
        <h2 className="mt-2 text-base font-semibold text-zinc-900">{operation.summary}</h2>
        {operation.description && (
          <p className="mt-1 text-sm text-zinc-600">
            <InlineMarkdown text={operation.description} />
          </p>
        )}
      </header>
      <div className="grid gap-6 px-5 py-4 xl:grid-cols-2">
        <div className="min-w-0 space-y-5">
          {params.length > 0 && (
            <section>
              <SubHeading>Parameters</SubHeading>
              <ul className="divide-y divide-zinc-100 rounded-md border border-zinc-200">
                {params.map((p) => (
                  <li key={`${p.in}-${p.name}`} className="px-3 py-2">
                    <span className="font-mono text-xs font-semibold text-zinc-900">{p.name}</span>{" "}
                    <span className="font-mono text-xs text-brand-700">{p.schema ? typeLabel(p.schema) : "string"}</span>{" "}
                    <span className="text-[11px] text-zinc-500">in {p.in}</span>{" "}
                    {p.required && <span className="text-[11px] font-medium text-red-600">required</span>}
                    {p.description && <p className="mt-0.5 text-xs text-zinc-600"><InlineMarkdown text={p.description} /></p>}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {body && (
            <section>
              <SubHeading>
                Request body <span className="font-mono font-normal tracking-normal normal-case">{typeLabel(body)}</span>
              </SubHeading>
              <SchemaView schema={body} />
            </section>
          )}
          <section>
            <SubHeading>Responses</SubHeading>
            <div className="space-y-3">
              {success.map((r) => (
                <div key={r.status}>
                  <p className="mb-1.5 text-sm"><StatusBadge tone="success">{r.status}</StatusBadge> <span className="text-zinc-700">{r.description}</span></p>
                  {r.schema && <SchemaView schema={r.schema} />}
                </div>
              ))}
              <ul className="space-y-1 text-xs text-zinc-600">
                {failures.map((r) => (
                  <li key={r.status}>
                    <StatusBadge tone={statusToneFor(r.status)}>{r.status}</StatusBadge> <InlineMarkdown text={r.description} />
                    {r.schema && <span className="font-mono text-zinc-500"> · {typeLabel(r.schema)}</span>}
                  </li>
                ))}
              </ul>
            </div>
          </section>
        </div>
        <section className="min-w-0 rounded-md border border-zinc-200 bg-zinc-50 p-4">
          <SubHeading>Try it</SubHeading>
          <TryItPanel operationId={operation.id} parameters={tryItParams} exampleBody={body ? JSON.stringify(exampleValue(body), null, 2) : undefined} />
        </section>
      </div>
    </article>
  );
}

function statusToneFor(status: string) {
  return status.startsWith("5") ? "danger" : "warning";
}
