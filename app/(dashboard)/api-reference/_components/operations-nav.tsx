import Link from "next/link";
import { anchorId, operationHref, operationsByTag, tagHref } from "../_lib/openapi-doc";
import { OperationLabel } from "./operation-label";

const OPERATION_LINK = "flex items-center gap-1.5 rounded px-1.5 py-1 text-xs text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900";

/**
 * Every tag and operation, beside one tag's page: its own operations are anchors on the page, the
 * others lead to their tag's page. No prefetch: 150 links would each fetch a page nobody asked for.
 */
export function OperationsNav({ currentSlug }: { currentSlug: string }) {
  return (
    <nav aria-label="Operations" className="sticky top-20 hidden max-h-[calc(100vh-6rem)] w-56 shrink-0 self-start overflow-y-auto lg:block">
      {operationsByTag().map(({ tag, slug, operations }) => {
        const isCurrent = slug === currentSlug;
        return (
          <div key={slug} className="mb-4">
            <Link
              href={tagHref(tag)}
              prefetch={false}
              aria-current={isCurrent ? "page" : undefined}
              className={`text-xs font-semibold tracking-wide uppercase hover:text-zinc-900 ${isCurrent ? "text-brand-700" : "text-zinc-500"}`}
            >
              {tag}
            </Link>
            <ul className="mt-1 space-y-0.5">
              {operations.map((op) => (
                <li key={op.id}>
                  {isCurrent ? (
                    <a href={`#${anchorId(op)}`} className={OPERATION_LINK}>
                      <OperationLabel operation={op} truncate />
                    </a>
                  ) : (
                    <Link href={operationHref(op)} prefetch={false} className={OPERATION_LINK}>
                      <OperationLabel operation={op} truncate />
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
