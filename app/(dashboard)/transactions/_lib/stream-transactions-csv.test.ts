import { describe, expect, it } from "vitest";
import type { components } from "@/lib/client/generated/schema";
import { streamTransactionsCsv, type FetchTransactionPage, type PageResult } from "./stream-transactions-csv";

type Listed = components["schemas"]["TransactionListItem"];

const deposit = (n: number): Listed => ({
  id: `Transaction:019a0c6e-8f5e-7cc2-9a41-${String(n).padStart(12, "0")}`,
  type: "INCOMING",
  direction: "CREDIT",
  status: "COMPLETED",
  destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f11" },
  receivedAmount: { amount: n, currency: { code: "USD", decimals: 2 } },
});

/**
 * `count` deposits served `size` a page, cursor = the next offset, as GET /transactions pages
 * them; `fail` answers that error instead of the page at that offset. Records each request.
 */
function list(count: number, size: number, fail?: { at: number; result: Extract<PageResult, { ok: false }> }) {
  const requests: (string | undefined)[] = [];
  const fetchPage: FetchTransactionPage = async (cursor) => {
    requests.push(cursor);
    const offset = cursor ? Number(cursor) : 0;
    if (fail && offset === fail.at) return fail.result;
    const data = Array.from({ length: Math.max(0, Math.min(size, count - offset)) }, (_, i) => deposit(offset + i + 1));
    const hasMore = offset + size < count;
    return { ok: true, page: { data, hasMore, ...(hasMore && { nextCursor: String(offset + size) }) } };
  };
  return { fetchPage, requests };
}

/** A wait that returns at once and records how long it was asked to wait. */
function noWait() {
  const waited: number[] = [];
  return { waited, wait: async (ms: number) => void waited.push(ms) };
}

const ids = (csv: string) => csv.split("\r\n").slice(1, -1).map((line) => line.split(",")[0]);

describe("streamTransactionsCsv", () => {
  it("streams the header and every page, following nextCursor to the end", async () => {
    const { fetchPage, requests } = list(250, 100);
    const result = await streamTransactionsCsv(fetchPage);
    if (!result.ok) throw new Error("expected a stream");
    const csv = await new Response(result.stream).text();
    expect(csv.startsWith("id,type,direction,status,")).toBe(true);
    expect(ids(csv)).toEqual(Array.from({ length: 250 }, (_, i) => deposit(i + 1).id));
    expect(requests).toEqual([undefined, "100", "200"]);
  });

  it("writes only the header when nothing matches", async () => {
    const result = await streamTransactionsCsv(list(0, 100).fetchPage);
    if (!result.ok) throw new Error("expected a stream");
    expect((await new Response(result.stream).text()).split("\r\n")).toHaveLength(2);
  });

  it("answers the first page's error before any byte, with the API's status, code and message", async () => {
    const refusal = { ok: false, status: 403, code: "FORBIDDEN", message: "This call requires the VIEW permission" } as const;
    expect(await streamTransactionsCsv(list(250, 100, { at: 0, result: refusal }).fetchPage)).toEqual(refusal);
    const thrown = await streamTransactionsCsv(async () => {
      throw new TypeError("fetch failed");
    }, noWait().wait);
    expect(thrown).toMatchObject({ ok: false, status: 502, message: "fetch failed" });
  });

  it("fetches a page only once the reader has taken the one before: one page in memory, whatever the size", async () => {
    const { fetchPage, requests } = list(1_000, 100);
    const result = await streamTransactionsCsv(fetchPage);
    if (!result.ok) throw new Error("expected a stream");
    const reader = result.stream.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests.length).toBeLessThanOrEqual(2);
    await reader.cancel();
  });

  it("errors the stream when a later page fails, after the rows already read, so the download cannot look complete", async () => {
    const outage = { ok: false, status: 500, code: "INTERNAL_ERROR", message: "Unexpected error (request id req_1)" } as const;
    const result = await streamTransactionsCsv(list(250, 100, { at: 200, result: outage }).fetchPage);
    if (!result.ok) throw new Error("expected a stream");
    const reader = result.stream.getReader();
    const decoder = new TextDecoder();
    let csv = "";
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        csv += decoder.decode(value, { stream: true });
      }
    })().catch((error: Error) => error);
    expect(failure?.message).toBe("Export stopped after 200 transactions: INTERNAL_ERROR: Unexpected error (request id req_1)");
    expect(ids(csv)).toHaveLength(200);
  });

  it("errors rather than pages forever when the service answers the same cursor again", async () => {
    const stuck: FetchTransactionPage = async () => ({ ok: true, page: { data: [deposit(1)], hasMore: true, nextCursor: "same" } });
    const result = await streamTransactionsCsv(stuck);
    if (!result.ok) throw new Error("expected a stream");
    await expect(new Response(result.stream).text()).rejects.toThrow("the service answered the same cursor twice");
  });

  it("waits out a rate limit or a restart midway and goes on, so a long export does not end broken", async () => {
    const { fetchPage: pages, requests } = list(300, 100);
    const refusals: PageResult[] = [
      { ok: false, status: 429, code: "RATE_LIMITED", message: "Too many requests", retryAfterSeconds: 2 },
      { ok: false, status: 503, code: "SERVICE_UNAVAILABLE", message: "The database is busy" },
    ];
    const fetchPage: FetchTransactionPage = async (cursor) => (cursor === "100" && refusals.length > 0 ? refusals.shift()! : pages(cursor));
    const { waited, wait } = noWait();
    const result = await streamTransactionsCsv(fetchPage, wait);
    if (!result.ok) throw new Error("expected a stream");
    expect(ids(await new Response(result.stream).text())).toHaveLength(300);
    expect(waited).toEqual([2_000, 1_000]);
    expect(requests).toEqual([undefined, "100", "200"]);
  });

  it("gives up after four tries of a page that stays unavailable, and never retries a refusal that would repeat", async () => {
    const unavailable = { ok: false, status: 503, code: "SERVICE_UNAVAILABLE", message: "The database is busy" } as const;
    const { waited, wait } = noWait();
    const down = list(250, 100, { at: 100, result: unavailable });
    const result = await streamTransactionsCsv(down.fetchPage, wait);
    if (!result.ok) throw new Error("expected a stream");
    await expect(new Response(result.stream).text()).rejects.toThrow("Export stopped after 100 transactions: SERVICE_UNAVAILABLE");
    expect(waited).toEqual([500, 1_000, 2_000]);
    expect(down.requests).toEqual([undefined, "100", "100", "100", "100"]);

    const forbidden = { ok: false, status: 403, code: "FORBIDDEN", message: "This call requires the VIEW permission" } as const;
    const refused = list(250, 100, { at: 0, result: forbidden });
    expect(await streamTransactionsCsv(refused.fetchPage, wait)).toEqual(forbidden);
    expect(refused.requests).toEqual([undefined]);
  });
});
