import { describe, expect, it, vi } from "vitest";

/** The service as the route sees it: an empty transaction list, and the platform's clock 21 h ahead (or a production platform's 403). */
const clock = vi.hoisted(() => ({ now: undefined as string | undefined }));
vi.mock("@/lib/client/server", () => ({
  routeServiceClient: async () => ({
    GET: async (path: string) => {
      if (path === "/sandbox/clock") return clock.now ? { data: { now: clock.now } } : { error: { code: "FORBIDDEN" }, response: new Response(null, { status: 403 }) };
      return { data: { data: [], hasMore: false, totalCount: 0 }, response: new Response(null, { status: 200 }) };
    },
  }),
}));

const { GET } = await import("./route");

describe("GET /transactions/export.csv", () => {
  it("names the file by the platform's day (its sandbox clock), like every time in the file, not the server's", async () => {
    clock.now = "2099-03-04T01:12:00.000Z";
    const res = await GET(new Request("http://localhost/transactions/export.csv?type=OUTGOING"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="transactions-2099-03-04-outgoing.csv"');
  });

  it("a production platform (no sandbox clock) names it by today", async () => {
    clock.now = undefined;
    const res = await GET(new Request("http://localhost/transactions/export.csv"));
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="transactions-${new Date().toISOString().slice(0, 10)}.csv"`);
  });
});
