import type { Db } from "../db";
import { ensurePlatformInternalAccounts } from "./ensure-platform-internal-accounts";
import { serializeWithBalances } from "./load-account-ledgers";
import type { InternalAccount, PlatformInternalAccountListQuery } from "./schemas";

/**
 * GET /platform/internal-accounts: the platform's own accounts, one per supported currency
 * (created on first use), in configuration order, filtered by currency and type. Not paged: there
 * are only as many as currencies (BEHAVIORS.md §1.5). Throws: nothing expected.
 */
export async function listPlatformInternalAccounts(db: Db, platformId: string, query: PlatformInternalAccountListQuery): Promise<{ data: InternalAccount[] }> {
  await ensurePlatformInternalAccounts(db, platformId);
  const rows = await db.internalAccount.findMany({
    where: {
      platformId,
      customerId: null,
      ...(query.currency !== undefined && { currency: query.currency }),
      ...(query.type !== undefined && { type: query.type }),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { data: await serializeWithBalances(db, rows) };
}
