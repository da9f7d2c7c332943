import type { Metadata } from "next";
import Link from "next/link";
import { apiBaseUrl } from "@/lib/client/api-base-url";
import { CodeBlock } from "@/components/code-block";
import { PageHeader } from "@/components/page-header";
import { OPENAPI, OPERATIONS, operationHref, operationIdsBySlug, operationsByTag, tagHref } from "./_lib/openapi-doc";
import { InlineMarkdown } from "./_components/inline-markdown";
import { LegacyAnchorRedirect } from "./_components/legacy-anchor-redirect";
import { OperationLabel } from "./_components/operation-label";

export const metadata: Metadata = { title: "API reference" };

/**
 * The reference's overview: how to call the API, and every tag with its operations, each leading to
 * its tag's page. The operations themselves (schemas, Try it) are on the tag pages: all of them on
 * one page made it 3.8 MB. No prefetch on these links: each would fetch a whole tag page.
 */
export default async function ApiReferencePage() {
  const baseUrl = await apiBaseUrl();
  const groups = operationsByTag();
  return (
    <>
      <LegacyAnchorRedirect operationIdsBySlug={operationIdsBySlug()} />
      <PageHeader
        title="API reference"
        description={
          <>
            {OPENAPI.info.title} {OPENAPI.info.version}. <InlineMarkdown text={OPENAPI.info.description ?? ""} />
          </>
        }
      />
      <div className="space-y-10">
        <section className="rounded-lg border border-zinc-200 bg-white p-5 shadow-xs">
          <h2 className="text-base font-semibold text-zinc-900">Base URL and authentication</h2>
          <p className="mt-1 mb-3 text-sm text-zinc-600">
            Every path in the reference is relative to the base URL. Send an API token with HTTP Basic: client ID as user name, client
            secret as password. The machine-readable document is at <code className="font-mono text-xs">{baseUrl}/openapi.json</code>.
          </p>
          <CodeBlock label="base URL" code={baseUrl} />
        </section>
        <section aria-labelledby="operations-heading">
          <h2 id="operations-heading" className="text-lg font-semibold text-zinc-900">
            Operations
          </h2>
          <p className="mt-1 mb-4 text-sm text-zinc-600">
            {OPERATIONS.length} operations in {groups.length} tags. Each tag&apos;s page documents its operations, with a Try it panel that
            runs as you.
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            {groups.map(({ tag, slug, operations }) => (
              <section key={slug} aria-label={tag} className="rounded-lg border border-zinc-200 bg-white p-4 shadow-xs">
                <h3 className="text-sm font-semibold text-zinc-900">
                  <Link href={tagHref(tag)} prefetch={false} className="text-brand-700 hover:underline">
                    {tag}
                  </Link>{" "}
                  <span className="font-normal text-zinc-500">· {operations.length}</span>
                </h3>
                <ul className="mt-2 space-y-0.5">
                  {operations.map((op) => (
                    <li key={op.id}>
                      <Link href={operationHref(op)} prefetch={false} className="flex items-start gap-1.5 rounded px-1.5 py-1 text-xs text-zinc-700 hover:bg-zinc-100 hover:text-zinc-950">
                        <OperationLabel operation={op} />
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </section>
      </div>
    </>
  );
}
