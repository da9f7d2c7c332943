import { Prisma } from "@/lib/generated/prisma/client";
import { columnsOf, sqlOf } from "@/lib/db/sql";
import type { Db } from "../db";
import { invalidInput } from "../http/errors";
import { parseId } from "../http/ids";
import { decodeCursor, toPage, type Page } from "../http/pagination";
import { cappedCount, rowsAfter } from "../http/pagination-sql";
import { LedgerInvariantError } from "../ledger/ledger-invariant-error";
import { serializeInternalAccount, type AccountLedger, type InternalAccountRow } from "./serialize-internal-account";
import type { InternalAccount, InternalAccountListQuery } from "./schemas";

/**
 * GET /customers/internal-accounts: the platform's customers' accounts, newest first, filtered by
 * customer, currency and type, with totalCount (BEHAVIORS.md §1.3). An unknown customer gives an
 * empty page, like any filter that matches nothing. Two raw statements on the pool at once: the
 * page with each account's balances (dashboards and integrations poll it) and the capped count.
 * Throws: INVALID_INPUT for a customerId that is not a customer id, or a bad cursor.
 */
export async function listCustomerInternalAccounts(db: Db, platformId: string, query: InternalAccountListQuery): Promise<Page<InternalAccount>> {
  let customerId: string | undefined;
  if (query.customerId !== undefined) {
    customerId = parseId("Customer", query.customerId) ?? undefined;
    if (!customerId) throw invalidInput([{ field: "query.customerId", message: "must be a customer id (Customer:<uuid>)", constraint: { format: "Customer:<uuid>" } }]);
  }
  const cursor = decodeCursor(query.cursor);
  const matching = Prisma.join(
    [
      Prisma.sql`a."platformId" = ${platformId}::uuid`,
      customerId ? Prisma.sql`a."customerId" = ${customerId}::uuid` : Prisma.sql`a."customerId" IS NOT NULL`,
      ...(query.currency !== undefined ? [Prisma.sql`a."currency" = ${query.currency}`] : []),
      ...(query.type !== undefined ? [Prisma.sql`a."type" = ${query.type}::"InternalAccountType"`] : []),
    ],
    " AND ",
  );
  const sql = sqlOf(db);
  const [rows, count] = await Promise.all([
    sql.$queryRaw<(InternalAccountRow & { ledgerPostedBalance: bigint | null; ledgerHeldAmount: bigint | null; ledgerUpdatedAt: Date | null })[]>`
      SELECT ${columnsOf(Prisma.InternalAccountScalarFieldEnum, "a")}, l."postedBalance" AS "ledgerPostedBalance", l."heldAmount" AS "ledgerHeldAmount", l."updatedAt" AS "ledgerUpdatedAt"
      FROM "InternalAccount" a LEFT JOIN "LedgerAccount" l ON l."platformId" = a."platformId" AND l."internalAccountId" = a."id"
      WHERE ${matching} ${rowsAfter(cursor, { alias: "a" })}
      ORDER BY a."createdAt" DESC, a."id" DESC LIMIT ${query.limit + 1}::int`,
    cappedCount(sql, "InternalAccount", "a", matching),
  ]);
  return toPage(rows, query.limit, count, ({ ledgerPostedBalance, ledgerHeldAmount, ledgerUpdatedAt, ...row }) => {
    if (ledgerPostedBalance === null || ledgerHeldAmount === null || ledgerUpdatedAt === null) throw new LedgerInvariantError(`Internal account ${row.id} has no ledger account`);
    const ledger: AccountLedger = { postedBalance: ledgerPostedBalance, heldAmount: ledgerHeldAmount, updatedAt: ledgerUpdatedAt };
    return serializeInternalAccount(row, ledger);
  });
}
