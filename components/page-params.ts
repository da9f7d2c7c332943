/** The URL parameters that hold one list's position: `?cursor=…&page=N&prev=…` by default. */
export interface PageParamNames {
  cursor: string;
  page: string;
  /** The cursors of the pages before this one (see PagePosition.trail). */
  prev: string;
}

export const PAGE_PARAMS: PageParamNames = { cursor: "cursor", page: "page", prev: "prev" };

/** Names for another list on the same screen, so each pages on its own: `approvalsCursor`, `approvalsPage`, `approvalsPrev`. */
export function pageParams(prefix: string): PageParamNames {
  return { cursor: `${prefix}Cursor`, page: `${prefix}Page`, prev: `${prefix}Prev` };
}

export interface PagePosition {
  /** The API's nextCursor that led here; absent on the first page. */
  cursor?: string;
  /** 1 on the first page; only shown, the cursor alone decides what the page holds. */
  pageNumber: number;
  /**
   * The cursors of the pages just before this one, oldest first, ending with page N-1's (page 1 has
   * none): the API gives no previous cursor, so the links carry the way back. At most
   * MAX_TRAIL pages; absent when empty.
   */
  trail?: string[];
}

const MAX_CURSOR = 512;
const MAX_PAGE = 100_000;
/** How many pages back Previous can go; further back only First page does. */
export const MAX_TRAIL = 20;
/** Keeps the URL short whatever cursors an API returns (ours are about 90 characters). */
const MAX_TRAIL_CHARS = 4_000;
/** Not changed by URLSearchParams nor by encodeURIComponent, so our cursors' trail reads `c2.c3.c4`. */
const SEPARATOR = ".";

function isCursor(value: string): boolean {
  return value !== "" && value.length <= MAX_CURSOR;
}

/** `c2.c3`: each cursor percent-encoded (and its dots), so any cursor text survives the join. */
function encodeTrail(trail: string[]): string | undefined {
  if (trail.length === 0) return undefined;
  return trail.map((cursor) => encodeURIComponent(cursor).replaceAll(".", "%2E")).join(SEPARATOR);
}

/** The trail of a URL; a malformed one (bad escape, empty or oversized cursor) is dropped as a whole. */
function decodeTrail(raw: string | string[] | undefined): string[] {
  if (typeof raw !== "string" || raw === "" || raw.length > MAX_TRAIL_CHARS) return [];
  try {
    const trail = raw.split(SEPARATOR).map((part) => decodeURIComponent(part));
    return trail.every(isCursor) ? trail : [];
  } catch {
    return [];
  }
}

/** The newest MAX_TRAIL cursors that fit in MAX_TRAIL_CHARS; the oldest go first. */
function boundTrail(trail: string[]): string[] {
  const kept = trail.slice(-MAX_TRAIL);
  while (kept.length > 0 && (encodeTrail(kept)?.length ?? 0) > MAX_TRAIL_CHARS) kept.shift();
  return kept;
}

/** One list's position read from the URL; a malformed cursor, page number or trail is dropped rather than sent to the API. */
export function pagePosition(search: Record<string, string | string[] | undefined>, names: PageParamNames = PAGE_PARAMS): PagePosition {
  const rawCursor = search[names.cursor];
  const cursor = typeof rawCursor === "string" && isCursor(rawCursor.trim()) ? rawCursor.trim() : undefined;
  if (!cursor) return { pageNumber: 1 };
  const rawPage = search[names.page];
  const page = typeof rawPage === "string" && /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : NaN;
  const pageNumber = page >= 2 && page <= MAX_PAGE ? page : 2;
  // Page N has N-2 pages with a cursor before it (page 1 has none); a longer trail keeps its newest.
  const trail = pageNumber > 2 ? boundTrail(decodeTrail(search[names.prev])).slice(-(pageNumber - 2)) : [];
  return trail.length > 0 ? { cursor, pageNumber, trail } : { cursor, pageNumber };
}

/** The parameters that keep a list where it is, for the links of another list on the same screen. */
export function positionQuery(position: PagePosition, names: PageParamNames): Record<string, string | undefined> {
  if (!position.cursor) return {};
  return { [names.cursor]: position.cursor, [names.page]: String(position.pageNumber), [names.prev]: encodeTrail(position.trail ?? []) };
}

/** `base?query`, with the position of another page of the list when given (its cursor, number and trail). */
export function pageHref(base: string, query: Record<string, string | undefined>, at?: PagePosition, names: PageParamNames = PAGE_PARAMS): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  if (at) for (const [key, value] of Object.entries(positionQuery(at, names))) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}

export interface PagerLinks {
  pageNumber: number;
  firstHref: string;
  /** Absent on the first page, and further back than the trail reaches. */
  previousHref?: string;
  /** Absent on the last page. */
  nextHref?: string;
}

/** The first, previous and next-page links of one list; the other parameters in `query` (filters, other lists) are kept. */
export function pagerLinks(
  base: string,
  query: Record<string, string | undefined>,
  position: PagePosition,
  page: { hasMore: boolean; nextCursor?: string } | undefined,
  names: PageParamNames = PAGE_PARAMS,
): PagerLinks {
  const trail = position.trail ?? [];
  const firstHref = pageHref(base, query, undefined, names);
  const next = page?.hasMore && page.nextCursor ? { cursor: page.nextCursor, pageNumber: position.pageNumber + 1, trail: position.cursor ? boundTrail([...trail, position.cursor]) : [] } : undefined;
  const previousCursor = trail.at(-1);
  const previous =
    position.pageNumber === 2 ? firstHref : previousCursor && pageHref(base, query, { cursor: previousCursor, pageNumber: position.pageNumber - 1, trail: trail.slice(0, -1) }, names);
  return { pageNumber: position.pageNumber, firstHref, ...(previous && { previousHref: previous }), ...(next && { nextHref: pageHref(base, query, next, names) }) };
}
