import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { invalidInput } from "../http/errors";
import { parseId } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import { loadAccountLedgers } from "./load-account-ledgers";
import { serializeInternalAccount } from "./serialize-internal-account";
import type { InternalAccount, InternalAccountListQuery } from "./schemas";

/**
 * GET /customers/internal-accounts: the platform's customers' accounts, newest first, filtered by
 * customer, currency and type, with totalCount (BEHAVIORS.md §1.3). An unknown customer gives an
 * empty page, like any filter that matches nothing.
 * Throws: INVALID_INPUT for a customerId that is not a customer id, or a bad cursor.
 */
export async function listCustomerInternalAccounts(db: Db, platformId: string, query: InternalAccountListQuery): Promise<Page<InternalAccount>> {
  let customerId: string | undefined;
  if (query.customerId !== undefined) {
    customerId = parseId("Customer", query.customerId) ?? undefined;
    if (!customerId) throw invalidInput([{ field: "query.customerId", message: "must be a customer id (Customer:<uuid>)", constraint: { format: "Customer:<uuid>" } }]);
  }
  const where: Prisma.InternalAccountWhereInput = {
    platformId,
    customerId: customerId ?? { not: null },
    ...(query.currency !== undefined && { currency: query.currency }),
    ...(query.type !== undefined && { type: query.type }),
  };
  const [rows, count] = await Promise.all([
    db.internalAccount.findMany({
      where: { AND: [where, afterCursor(decodeCursor(query.cursor))] },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit + 1,
    }),
    db.internalAccount.count(countArgs(where)),
  ]);
  const pageRows = rows.slice(0, query.limit);
  const ledgers = await loadAccountLedgers(db, pageRows);
  const ledgerOf = new Map(pageRows.map((row, i) => [row.id, ledgers[i]!]));
  return toPage(rows, query.limit, count, (row) => serializeInternalAccount(row, ledgerOf.get(row.id)!));
}
