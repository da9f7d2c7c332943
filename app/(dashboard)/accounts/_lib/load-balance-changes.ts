import "server-only";
import type { components } from "@/lib/client/generated/schema";
import type { ServiceClient } from "@/lib/client/create-client";
import type { BalanceWindow } from "./balance-window";

type BalanceChangeList = components["schemas"]["BalanceChangeListResponse"];
type BalanceChange = components["schemas"]["BalanceChange"];

export interface AllBalanceChanges {
  openingBalance: BalanceChangeList["openingBalance"];
  closingBalance: BalanceChangeList["closingBalance"];
  /** Oldest first, every page of the window (up to `maxPages`). */
  changes: BalanceChange[];
  /** True when more pages existed than were read. */
  isTruncated: boolean;
}

export type LoadResult = { ok: true; data: AllBalanceChanges } | { ok: false; code: string; message: string };

const PAGE_SIZE = 100;

/** Reads every page of GET /internal-accounts/{id}/balance-changes in the window, following the cursor. */
export async function loadAllBalanceChanges(client: ServiceClient, accountId: string, window: BalanceWindow, maxPages = 1_000): Promise<LoadResult> {
  const changes: BalanceChange[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const { data, error } = await client.GET("/internal-accounts/{id}/balance-changes", {
      params: { path: { id: accountId }, query: { ...window, limit: PAGE_SIZE, cursor } },
    });
    if (!data) return { ok: false, code: error?.code ?? "UNEXPECTED_RESPONSE", message: error?.message ?? "The service did not answer." };
    changes.push(...data.changes);
    cursor = data.hasMore ? data.nextCursor : undefined;
    if (!cursor) return { ok: true, data: { openingBalance: data.openingBalance, closingBalance: data.closingBalance, changes, isTruncated: false } };
    if (page === maxPages - 1) return { ok: true, data: { openingBalance: data.openingBalance, closingBalance: data.closingBalance, changes, isTruncated: true } };
  }
  return { ok: false, code: "UNEXPECTED_RESPONSE", message: "No pages were read." };
}
