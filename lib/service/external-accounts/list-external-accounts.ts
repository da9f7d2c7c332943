import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { parseId } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import type { ExternalAccountOwner } from "./get-external-account-or-throw";
import type { ExternalAccount, ExternalAccountListQuery } from "./schemas";
import { serializeExternalAccount } from "./serialize-external-account";

/**
 * GET /customers/external-accounts (all customers', or one customer's with `customerId`) and
 * GET /platform/external-accounts: live accounts, newest first, masked. An unknown or malformed
 * `customerId` filter matches nothing.
 */
export async function listExternalAccounts(
  db: Db,
  input: { platformId: string; owner: ExternalAccountOwner; query: ExternalAccountListQuery },
): Promise<Page<ExternalAccount>> {
  const { platformId, owner, query } = input;
  const decoded = decodeCursor(query.cursor);
  let customerId: Prisma.ExternalAccountWhereInput["customerId"] = owner === "PLATFORM" ? null : { not: null };
  if (owner === "CUSTOMER" && query.customerId !== undefined) {
    const id = parseId("Customer", query.customerId);
    if (!id) return { data: [], hasMore: false, totalCount: 0 };
    customerId = id;
  }
  const where: Prisma.ExternalAccountWhereInput = {
    platformId,
    deletedAt: null,
    customerId,
    ...(query.currency !== undefined && { currency: query.currency }),
  };
  const [rows, count] = await Promise.all([
    db.externalAccount.findMany({ where: { AND: [where, afterCursor(decoded)] }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 }),
    db.externalAccount.count(countArgs(where)),
  ]);
  return toPage(rows, query.limit, count, (row) => serializeExternalAccount(row));
}
