import { describe, expect, it } from "vitest";
import { MAX_TRAIL, PAGE_PARAMS, pageHref, pagerLinks, pageParams, pagePosition, positionQuery } from "./page-params";

const APPROVALS = pageParams("approvals");

describe("list positions in the URL", () => {
  it("starts at page 1 without a cursor, whatever the page number says", () => {
    expect(pagePosition({})).toEqual({ pageNumber: 1 });
    expect(pagePosition({ page: "7" })).toEqual({ pageNumber: 1 });
    expect(pagePosition({ cursor: "  " })).toEqual({ pageNumber: 1 });
  });

  it.each([
    [{ cursor: "abc", page: "3" }, { cursor: "abc", pageNumber: 3 }],
    [{ cursor: "abc" }, { cursor: "abc", pageNumber: 2 }],
    [{ cursor: "abc", page: "1" }, { cursor: "abc", pageNumber: 2 }],
    [{ cursor: "abc", page: "x" }, { cursor: "abc", pageNumber: 2 }],
    [{ cursor: "abc", page: ["3", "4"] }, { cursor: "abc", pageNumber: 2 }],
    [{ cursor: "x".repeat(513), page: "3" }, { pageNumber: 1 }],
  ])("reads %j as %j", (search, position) => {
    expect(pagePosition(search)).toEqual(position);
  });

  it("reads a second list's own parameters and ignores the first list's", () => {
    const search = { cursor: "agents-2", page: "2", approvalsCursor: "approvals-3", approvalsPage: "3" };
    expect(pagePosition(search, APPROVALS)).toEqual({ cursor: "approvals-3", pageNumber: 3 });
    expect(positionQuery(pagePosition(search, APPROVALS), APPROVALS)).toEqual({ approvalsCursor: "approvals-3", approvalsPage: "3", approvalsPrev: undefined });
    expect(positionQuery({ pageNumber: 1 }, APPROVALS)).toEqual({});
  });
});

describe("pager links", () => {
  it("keeps the filters and drops empty ones", () => {
    expect(pageHref("/customers", { q: "ann", currency: undefined })).toBe("/customers?q=ann");
    expect(pageHref("/customers", {}, { cursor: "c1", pageNumber: 2 })).toBe("/customers?cursor=c1&page=2");
  });

  it("pages one list and keeps the other list where it is, its way back included", () => {
    const keepApprovals = positionQuery({ cursor: "a3", pageNumber: 3, trail: ["a2"] }, APPROVALS);
    const links = pagerLinks("/agents", keepApprovals, { cursor: "g2", pageNumber: 2 }, { hasMore: true, nextCursor: "g3" });
    expect(links).toEqual({
      pageNumber: 2,
      firstHref: "/agents?approvalsCursor=a3&approvalsPage=3&approvalsPrev=a2",
      previousHref: "/agents?approvalsCursor=a3&approvalsPage=3&approvalsPrev=a2",
      nextHref: "/agents?approvalsCursor=a3&approvalsPage=3&approvalsPrev=a2&cursor=g3&page=3&prev=g2",
    });
    const approvals = pagerLinks("/agents", { cursor: "g2", page: "2" }, { pageNumber: 1 }, { hasMore: true, nextCursor: "a2" }, APPROVALS);
    expect(approvals.nextHref).toBe("/agents?cursor=g2&page=2&approvalsCursor=a2&approvalsPage=2");
  });

  it("offers no next page on the last page", () => {
    expect(pagerLinks("/cards", {}, { pageNumber: 4, cursor: "c" }, { hasMore: false }).nextHref).toBeUndefined();
    expect(pagerLinks("/cards", {}, { pageNumber: 1 }, undefined).nextHref).toBeUndefined();
  });
});

describe("the Previous page link", () => {
  /** Follows Next from the first page `pages - 1` times, as a person clicking would, and answers the last URL's position. */
  function walkForward(pages: number, names = PAGE_PARAMS): { href: string; position: ReturnType<typeof pagePosition> } {
    let href = "/customers?q=ann";
    for (let n = 1; n < pages; n += 1) {
      const position = pagePosition(searchOf(href), names);
      href = pagerLinks("/customers", { q: "ann" }, position, { hasMore: true, nextCursor: `c${n + 1}` }, names).nextHref!;
    }
    return { href, position: pagePosition(searchOf(href), names) };
  }

  it("is absent on the first page and leads to the first page from the second", () => {
    expect(pagerLinks("/cards", {}, { pageNumber: 1 }, { hasMore: true, nextCursor: "c2" }).previousHref).toBeUndefined();
    expect(pagerLinks("/cards", { state: "ACTIVE" }, { cursor: "c2", pageNumber: 2 }, { hasMore: true, nextCursor: "c3" }).previousHref).toBe("/cards?state=ACTIVE");
  });

  it("carries the cursors of the pages before in the Next link", () => {
    const { href, position } = walkForward(4);
    expect(href).toBe("/customers?q=ann&cursor=c4&page=4&prev=c2.c3");
    expect(position).toEqual({ cursor: "c4", pageNumber: 4, trail: ["c2", "c3"] });
  });

  it("walks back page by page to the first, each page's number and cursor as they were going forward", () => {
    let { href } = walkForward(5);
    const seen: [number, string | undefined][] = [];
    for (;;) {
      const position = pagePosition(searchOf(href));
      seen.push([position.pageNumber, position.cursor]);
      const previous = pagerLinks("/customers", { q: "ann" }, position, { hasMore: true, nextCursor: "ignored" }).previousHref;
      if (!previous) break;
      href = previous;
    }
    expect(seen).toEqual([[5, "c5"], [4, "c4"], [3, "c3"], [2, "c2"], [1, undefined]]);
    expect(href).toBe("/customers?q=ann");
  });

  it(`keeps only the last ${MAX_TRAIL} pages: Previous goes back that far, then only First page leads back`, () => {
    const pages = MAX_TRAIL + 5;
    const { position } = walkForward(pages);
    expect(position.trail).toHaveLength(MAX_TRAIL);
    expect(position.trail?.[0]).toBe(`c${pages - MAX_TRAIL}`);
    let at = position;
    for (let steps = 0; steps < MAX_TRAIL; steps += 1) {
      const previous = pagerLinks("/customers", { q: "ann" }, at, undefined).previousHref;
      expect(previous).toBeDefined();
      at = pagePosition(searchOf(previous!));
    }
    expect(at).toEqual({ cursor: `c${pages - MAX_TRAIL}`, pageNumber: pages - MAX_TRAIL });
    const links = pagerLinks("/customers", { q: "ann" }, at, undefined);
    expect(links.previousHref).toBeUndefined();
    expect(links.firstHref).toBe("/customers?q=ann");
  });

  it("keeps any cursor text intact through the trail, dots and commas included", () => {
    const odd = ["a.b", "c,d e", "100%", "é/?&="];
    const href = pageHref("/x", {}, { cursor: "last", pageNumber: 6, trail: odd });
    expect(pagePosition(searchOf(href)).trail).toEqual(odd);
  });

  it("keeps a long trail of long cursors under 4,000 characters by dropping the oldest", () => {
    const long = Array.from({ length: MAX_TRAIL }, (_, i) => `${i}`.padEnd(400, "x"));
    const links = pagerLinks("/x", {}, { cursor: "now", pageNumber: 30, trail: long }, { hasMore: true, nextCursor: "next" });
    const trail = pagePosition(searchOf(links.nextHref!)).trail!;
    expect(trail.at(-1)).toBe("now");
    expect(trail.join(".").length).toBeLessThanOrEqual(4_000);
    expect(trail.slice(0, -1)).toEqual(long.slice(-(trail.length - 1)));
  });

  it.each([
    ["a repeated parameter", ["c2", "c3"]],
    ["an empty cursor", "c2..c3"],
    ["a malformed escape", "c2.%E0%A4%A"],
    ["an oversized cursor", "x".repeat(513)],
  ])("drops %s in the trail: Previous is absent beyond page 2, First page still leads back", (_, prev) => {
    const position = pagePosition({ cursor: "c4", page: "4", prev });
    expect(position).toEqual({ cursor: "c4", pageNumber: 4 });
    const links = pagerLinks("/x", {}, position, undefined);
    expect(links.previousHref).toBeUndefined();
    expect(links.firstHref).toBe("/x");
  });

  it("reads no more of the trail than the page number allows, and none without a cursor", () => {
    expect(pagePosition({ cursor: "c3", page: "3", prev: "c0.c1.c2" }).trail).toEqual(["c2"]);
    expect(pagePosition({ cursor: "c2", page: "2", prev: "c1" }).trail).toBeUndefined();
    expect(pagePosition({ page: "3", prev: "c2" })).toEqual({ pageNumber: 1 });
  });

  it("pages a second list back on its own parameters", () => {
    const { href, position } = walkForward(3, APPROVALS);
    expect(href).toBe("/customers?q=ann&approvalsCursor=c3&approvalsPage=3&approvalsPrev=c2");
    expect(pagerLinks("/customers", { q: "ann" }, position, undefined, APPROVALS).previousHref).toBe("/customers?q=ann&approvalsCursor=c2&approvalsPage=2");
  });
});

/** The search parameters of an href, as Next hands them to a page. */
function searchOf(href: string): Record<string, string | string[]> {
  const search: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(href, "http://localhost").searchParams) {
    const seen = search[key];
    search[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return search;
}
