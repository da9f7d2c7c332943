import { describe, expect, it } from "vitest";
import type { PageOf } from "@/lib/client/collect-pages";
import type { components } from "@/lib/client/generated/schema";
import { collectPendingWalletApprovals, MAX_PENDING_APPROVALS } from "./pending-wallet-approvals";

type ListedTransaction = components["schemas"]["TransactionListItem"];

/** `count` PENDING outgoing payments served 100 a page, newest first; every `plainEvery`-th has no quote (a plain transfer). */
function pendingPayments(count: number, plainEvery = 0) {
  const requests: (string | undefined)[] = [];
  const fetchPage = async (cursor: string | undefined): Promise<{ data: PageOf<ListedTransaction> }> => {
    requests.push(cursor);
    const offset = cursor ? Number(cursor) : 0;
    const data = Array.from({ length: Math.max(0, Math.min(100, count - offset)) }, (_, i) => payment(offset + i, plainEvery > 0 && (offset + i) % plainEvery === 0));
    const hasMore = offset + 100 < count;
    return { data: { data, hasMore, ...(hasMore && { nextCursor: String(offset + 100) }) } };
  };
  return { fetchPage, requests };
}

function payment(n: number, isPlain: boolean): ListedTransaction {
  return {
    id: `Transaction:${n}`,
    type: "OUTGOING",
    status: "PENDING",
    ...(!isPlain && { quoteId: `Quote:${n}` }),
    sentAmount: { amount: 100 + n, currency: { code: "USD", symbol: "$", decimals: 2 } },
    createdAt: new Date(Date.UTC(2026, 0, 1) - n * 1000).toISOString(),
  } as unknown as ListedTransaction;
}

describe("collectPendingWalletApprovals", () => {
  it("lists every payment waiting for a signature past the first page (the card showed the newest 20 only)", async () => {
    const { fetchPage, requests } = pendingPayments(30);
    const pending = await collectPendingWalletApprovals(fetchPage);
    expect(pending.items.map((p) => p.quoteId)).toEqual(Array.from({ length: 30 }, (_, n) => `Quote:${n}`));
    expect(pending.items[29]).toMatchObject({ transactionId: "Transaction:29", amount: 129, currency: { code: "USD" } });
    expect(pending.hasMore).toBe(false);
    expect(requests).toEqual([undefined]);

    const longer = pendingPayments(MAX_PENDING_APPROVALS - 10);
    expect((await collectPendingWalletApprovals(longer.fetchPage)).items).toHaveLength(MAX_PENDING_APPROVALS - 10);
  });

  it("skips payments with no quote and reads on to the next page for the rest", async () => {
    const { fetchPage, requests } = pendingPayments(150, 2);
    const pending = await collectPendingWalletApprovals(fetchPage);
    expect(pending.items).toHaveLength(75);
    expect(pending.items.every((p) => Number(p.quoteId.slice("Quote:".length)) % 2 === 1)).toBe(true);
    expect(requests).toEqual([undefined, "100"]);
    expect(pending.hasMore).toBe(false);
  });

  it(`stops at ${MAX_PENDING_APPROVALS} and says more wait`, async () => {
    const pending = await collectPendingWalletApprovals(pendingPayments(MAX_PENDING_APPROVALS + 1).fetchPage);
    expect(pending.items).toHaveLength(MAX_PENDING_APPROVALS);
    expect(pending.hasMore).toBe(true);
    expect((await collectPendingWalletApprovals(pendingPayments(MAX_PENDING_APPROVALS).fetchPage)).hasMore).toBe(false);
  });
});
