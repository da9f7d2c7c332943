/** One page of a cursor-paged list, as every list operation of the API answers it. */
export interface PageOf<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
}

export interface CollectOptions<T> {
  /** Stop once this many items are kept. */
  maxItems: number;
  /** Stop after reading this many items, kept or not (default: maxItems). */
  maxScanned?: number;
  /** Which items to keep (default: all). */
  keep?: (item: T) => boolean;
}

export interface Collected<T, E> {
  items: T[];
  /** How many items were read. */
  scanned: number;
  /** The list goes on past what was read: a picker says it is showing only part of it. */
  hasMore: boolean;
  /** The call that failed; `items` holds what was read before it. */
  error?: E;
}

/**
 * Reads a list page after page (newest first, as the API orders it) until it ends or a cap is
 * reached. Pickers use it instead of one `limit: 100` page, so nothing past the first page is
 * silently dropped: `hasMore` says when the caps cut the list short.
 */
export async function collectPages<T, E>(
  fetchPage: (cursor: string | undefined) => Promise<{ data?: PageOf<T>; error?: E }>,
  { maxItems, maxScanned = maxItems, keep = () => true }: CollectOptions<T>,
): Promise<Collected<T, E>> {
  const items: T[] = [];
  let scanned = 0;
  let cursor: string | undefined;
  for (;;) {
    const { data: page, error } = await fetchPage(cursor);
    if (!page) return { items, scanned, hasMore: true, error };
    for (const [index, item] of page.data.entries()) {
      scanned += 1;
      if (keep(item)) items.push(item);
      const isLast = index === page.data.length - 1;
      if (items.length >= maxItems || scanned >= maxScanned) return { items, scanned, hasMore: !isLast || page.hasMore };
    }
    if (!page.hasMore || !page.nextCursor) return { items, scanned, hasMore: false };
    cursor = page.nextCursor;
  }
}
