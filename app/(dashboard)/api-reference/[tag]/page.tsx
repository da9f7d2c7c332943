import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/page-header";
import { findTagGroup } from "../_lib/openapi-doc";
import { OperationCard } from "../_components/operation-card";
import { OperationsNav } from "../_components/operations-nav";

type Params = { params: Promise<{ tag: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const group = findTagGroup((await params).tag);
  return { title: group ? `${group.tag} · API reference` : "API reference" };
}

/** One tag's operations, each with its fields and Try it, beside a navigation of every tag and operation. */
export default async function ApiReferenceTagPage({ params }: Params) {
  const group = findTagGroup((await params).tag) ?? notFound();
  const count = group.operations.length;
  return (
    <>
      <Link href="/api-reference" className="text-sm text-brand-700 hover:underline">
        ← API reference
      </Link>
      <div className="mt-2">
        <PageHeader
          title={group.tag}
          description={`${count} ${count === 1 ? "operation" : "operations"}. Paths are relative to the base URL shown on the API reference's overview.`}
        />
      </div>
      <div className="flex gap-8">
        <OperationsNav currentSlug={group.slug} />
        <div className="min-w-0 flex-1 space-y-6">
          {group.operations.map((op) => (
            <OperationCard key={op.id} operation={op} />
          ))}
        </div>
      </div>
    </>
  );
}
