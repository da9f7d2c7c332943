/** The URL parameters that hold one list's position: `?cursor=…&page=N` by default. */
export interface PageParamNames {
  cursor: string;
  page: string;
}

export const PAGE_PARAMS: PageParamNames = { cursor: "cursor", page: "page" };

/** Names for another list on the same screen, so each pages on its own: `approvalsCursor`, `approvalsPage`. */
export function pageParams(prefix: string): PageParamNames {
  return { cursor: `${prefix}Cursor`, page: `${prefix}Page` };
}

export interface PagePosition {
  /** The API's nextCursor that led here; absent on the first page. */
  cursor?: string;
  /** 1 on the first page; only shown, the cursor alone decides what the page holds. */
  pageNumber: number;
}

const MAX_CURSOR = 512;
const MAX_PAGE = 100_000;

/** One list's position read from the URL; a malformed cursor or page number is dropped rather than sent to the API. */
export function pagePosition(search: Record<string, string | string[] | undefined>, names: PageParamNames = PAGE_PARAMS): PagePosition {
  const rawCursor = search[names.cursor];
  const cursor = typeof rawCursor === "string" && rawCursor.trim() !== "" && rawCursor.length <= MAX_CURSOR ? rawCursor.trim() : undefined;
  if (!cursor) return { pageNumber: 1 };
  const rawPage = search[names.page];
  const page = typeof rawPage === "string" && /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : NaN;
  return { cursor, pageNumber: page >= 2 && page <= MAX_PAGE ? page : 2 };
}

/** The parameters that keep a list where it is, for the links of another list on the same screen. */
export function positionQuery(position: PagePosition, names: PageParamNames): Record<string, string | undefined> {
  return position.cursor ? { [names.cursor]: position.cursor, [names.page]: String(position.pageNumber) } : {};
}

/** `base?query` with the cursor and page number of the page after this one. */
export function pageHref(base: string, query: Record<string, string | undefined>, next?: { cursor: string; pageNumber: number }, names: PageParamNames = PAGE_PARAMS): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  if (next) {
    search.set(names.cursor, next.cursor);
    search.set(names.page, String(next.pageNumber));
  }
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}

/** The first-page and next-page links of one list; the other parameters in `query` (filters, other lists) are kept. */
export function pagerLinks(
  base: string,
  query: Record<string, string | undefined>,
  position: PagePosition,
  page: { hasMore: boolean; nextCursor?: string } | undefined,
  names: PageParamNames = PAGE_PARAMS,
): { pageNumber: number; firstHref: string; nextHref?: string } {
  const next = page?.hasMore && page.nextCursor ? { cursor: page.nextCursor, pageNumber: position.pageNumber + 1 } : undefined;
  return { pageNumber: position.pageNumber, firstHref: pageHref(base, query, undefined, names), nextHref: next && pageHref(base, query, next, names) };
}
