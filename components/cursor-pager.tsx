import Link from "next/link";
import { TOTAL_COUNT_CAP } from "@/lib/service/http/pagination";
import { buttonClasses } from "./ui/button-classes";
import type { PagerLinks } from "./page-params";

export { pageHref, pagerLinks, pageParams, pagePosition, positionQuery, MAX_TRAIL, PAGE_PARAMS, type PageParamNames, type PagePosition, type PagerLinks } from "./page-params";

export interface CursorPagerProps extends PagerLinks {
  /** Names the navigation landmark: "Customer pages". */
  label: string;
}

/**
 * Cursor paging: forward one page at a time, back one page as far as the URL's trail of cursors
 * reaches (pagerLinks), or back to the first. Not prefetched: a page has up to three pagers, and
 * each router.refresh() (after an action, or a live list's tick) would render every page they point to.
 */
export function CursorPager({ label, pageNumber, firstHref, previousHref, nextHref }: CursorPagerProps) {
  if (pageNumber <= 1 && !nextHref) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between border-t border-zinc-200 px-5 py-3 text-xs text-zinc-500">
      <span>Page {pageNumber}</span>
      <div className="flex gap-2">
        {pageNumber > 1 && (
          <Link href={firstHref} prefetch={false} className={buttonClasses("secondary", "sm")}>
            First page
          </Link>
        )}
        {previousHref && (
          <Link href={previousHref} prefetch={false} className={buttonClasses("secondary", "sm")}>
            Previous page
          </Link>
        )}
        {nextHref && (
          <Link href={nextHref} prefetch={false} className={buttonClasses("secondary", "sm")}>
            Next page
          </Link>
        )}
      </div>
    </nav>
  );
}

/** How many items a list has: its totalCount, or "more than 10,000" where the API stops counting (TOTAL_COUNT_CAP). */
export function countLabel(page: { data: unknown[]; hasMore: boolean; totalCount?: number }): string {
  if (page.totalCount !== undefined) return page.totalCount.toLocaleString("en-US");
  return page.hasMore ? `more than ${TOTAL_COUNT_CAP.toLocaleString("en-US")}` : String(page.data.length);
}
