import { collectPages, type PageOf } from "@/lib/client/collect-pages";
import type { components } from "@/lib/client/generated/schema";

type ListedTransaction = components["schemas"]["TransactionListItem"];

/** A payment from the wallet waiting for the end user's signature (a PENDING quote execution). */
export interface PendingWalletApproval {
  quoteId: string;
  transactionId: string;
  amount: number;
  currency: { code: string; symbol?: string; decimals?: number };
  createdAt: string;
}

/** Past this many waiting payments the wallet card shows the newest and says more wait. */
export const MAX_PENDING_APPROVALS = 100;

/**
 * Every page of a wallet's PENDING outgoing payments (newest first, as GET /transactions answers),
 * keeping those that wait on a quote signature, up to MAX_PENDING_APPROVALS. `hasMore` says the
 * cap cut the list short; `error` is the call that failed, with what was read before it.
 */
export async function collectPendingWalletApprovals<E>(
  fetchPage: (cursor: string | undefined) => Promise<{ data?: PageOf<ListedTransaction>; error?: E }>,
): Promise<{ items: PendingWalletApproval[]; hasMore: boolean; error?: E }> {
  const collected = await collectPages(fetchPage, { maxItems: MAX_PENDING_APPROVALS, maxScanned: 5 * MAX_PENDING_APPROVALS, keep: (t) => t.type === "OUTGOING" && Boolean(t.quoteId) });
  const items = collected.items.flatMap((t) =>
    t.type === "OUTGOING" && t.quoteId ? [{ quoteId: t.quoteId, transactionId: t.id, amount: t.sentAmount.amount, currency: t.sentAmount.currency, createdAt: t.createdAt ?? "" }] : [],
  );
  return { items, hasMore: collected.hasMore, error: collected.error };
}
