import { describe, expect, it } from "vitest";
import { collectPages, type PageOf } from "./collect-pages";

/** A list of `count` numbers served `size` at a time, cursor = the next offset; records each request. */
function list(count: number, size: number) {
  const requests: (string | undefined)[] = [];
  const fetchPage = async (cursor: string | undefined): Promise<{ data: PageOf<number> }> => {
    requests.push(cursor);
    const offset = cursor ? Number(cursor) : 0;
    const data = Array.from({ length: Math.max(0, Math.min(size, count - offset)) }, (_, i) => offset + i);
    const hasMore = offset + size < count;
    return { data: { data, hasMore, ...(hasMore && { nextCursor: String(offset + size) }) } };
  };
  return { fetchPage, requests };
}

describe("collectPages", () => {
  it("reads every page of a list shorter than the cap, following nextCursor", async () => {
    const { fetchPage, requests } = list(250, 100);
    const collected = await collectPages(fetchPage, { maxItems: 1000 });
    expect(collected.items).toHaveLength(250);
    expect(collected.items.at(-1)).toBe(249);
    expect(collected).toMatchObject({ scanned: 250, hasMore: false });
    expect(requests).toEqual([undefined, "100", "200"]);
  });

  it("says the list goes on when the cap cuts it, mid-page or at a page's end", async () => {
    expect(await collectPages(list(250, 100).fetchPage, { maxItems: 150 })).toMatchObject({ scanned: 150, hasMore: true });
    expect(await collectPages(list(250, 100).fetchPage, { maxItems: 200 })).toMatchObject({ scanned: 200, hasMore: true });
    expect(await collectPages(list(200, 100).fetchPage, { maxItems: 200 })).toMatchObject({ scanned: 200, hasMore: false });
  });

  it("keeps only matching items, stopping at maxItems matches or maxScanned reads", async () => {
    const even = (n: number) => n % 2 === 0;
    const byMatches = await collectPages(list(1000, 100).fetchPage, { maxItems: 3, maxScanned: 500, keep: even });
    expect(byMatches).toMatchObject({ items: [0, 2, 4], scanned: 5, hasMore: true });
    const byReads = await collectPages(list(1000, 100).fetchPage, { maxItems: 10, maxScanned: 300, keep: (n) => n >= 295 });
    expect(byReads).toMatchObject({ items: [295, 296, 297, 298, 299], scanned: 300, hasMore: true });
  });

  it("answers an empty list without a second request", async () => {
    const { fetchPage, requests } = list(0, 100);
    expect(await collectPages(fetchPage, { maxItems: 10 })).toEqual({ items: [], scanned: 0, hasMore: false });
    expect(requests).toHaveLength(1);
  });

  it("returns what it read before a failing page, with the error", async () => {
    const { fetchPage } = list(300, 100);
    const failing = async (cursor: string | undefined) => (cursor === "200" ? { error: { message: "boom" } } : fetchPage(cursor));
    const collected = await collectPages(failing, { maxItems: 1000 });
    expect(collected.items).toHaveLength(200);
    expect(collected).toMatchObject({ hasMore: true, error: { message: "boom" } });
  });
});
