import { describe, expect, it } from "vitest";
import { pageHref, pagerLinks, pageParams, pagePosition, positionQuery } from "./page-params";

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
    expect(positionQuery(pagePosition(search, APPROVALS), APPROVALS)).toEqual({ approvalsCursor: "approvals-3", approvalsPage: "3" });
    expect(positionQuery({ pageNumber: 1 }, APPROVALS)).toEqual({});
  });
});

describe("pager links", () => {
  it("keeps the filters and drops empty ones", () => {
    expect(pageHref("/customers", { q: "ann", currency: undefined })).toBe("/customers?q=ann");
    expect(pageHref("/customers", {}, { cursor: "c1", pageNumber: 2 })).toBe("/customers?cursor=c1&page=2");
  });

  it("pages one list and keeps the other list where it is", () => {
    const keepApprovals = positionQuery({ cursor: "a3", pageNumber: 3 }, APPROVALS);
    const links = pagerLinks("/agents", keepApprovals, { cursor: "g2", pageNumber: 2 }, { hasMore: true, nextCursor: "g3" });
    expect(links).toEqual({ pageNumber: 2, firstHref: "/agents?approvalsCursor=a3&approvalsPage=3", nextHref: "/agents?approvalsCursor=a3&approvalsPage=3&cursor=g3&page=3" });
    const approvals = pagerLinks("/agents", { cursor: "g2", page: "2" }, { pageNumber: 1 }, { hasMore: true, nextCursor: "a2" }, APPROVALS);
    expect(approvals.nextHref).toBe("/agents?cursor=g2&page=2&approvalsCursor=a2&approvalsPage=2");
  });

  it("offers no next page on the last page", () => {
    expect(pagerLinks("/cards", {}, { pageNumber: 4, cursor: "c" }, { hasMore: false }).nextHref).toBeUndefined();
    expect(pagerLinks("/cards", {}, { pageNumber: 1 }, undefined).nextHref).toBeUndefined();
  });
});
