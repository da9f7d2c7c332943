import { Prisma, type ExternalAccount as ExternalAccountRow } from "@/lib/generated/prisma/client";
import { columnsOf, sqlOf } from "@/lib/db/sql";
import type { Db } from "../db";
import { parseId } from "../http/ids";
import { decodeCursor, toPage, type Page } from "../http/pagination";
import { cappedCount, rowsAfter } from "../http/pagination-sql";
import type { ExternalAccountOwner } from "./get-external-account-or-throw";
import type { ExternalAccount, ExternalAccountListQuery } from "./schemas";
import { serializeExternalAccount } from "./serialize-external-account";

/**
 * GET /customers/external-accounts (all customers', or one customer's with `customerId`) and
 * GET /platform/external-accounts: live accounts, newest first, masked. An unknown or malformed
 * `customerId` filter matches nothing. Two raw statements on the pool at once: the page and the capped count.
 */
export async function listExternalAccounts(
  db: Db,
  input: { platformId: string; owner: ExternalAccountOwner; query: ExternalAccountListQuery },
): Promise<Page<ExternalAccount>> {
  const { platformId, owner, query } = input;
  const decoded = decodeCursor(query.cursor);
  let owned = owner === "PLATFORM" ? Prisma.sql`e."customerId" IS NULL` : Prisma.sql`e."customerId" IS NOT NULL`;
  if (owner === "CUSTOMER" && query.customerId !== undefined) {
    const id = parseId("Customer", query.customerId);
    if (!id) return { data: [], hasMore: false, totalCount: 0 };
    owned = Prisma.sql`e."customerId" = ${id}::uuid`;
  }
  const matching = Prisma.join(
    [
      Prisma.sql`e."platformId" = ${platformId}::uuid`,
      Prisma.sql`e."deletedAt" IS NULL`,
      owned,
      ...(query.currency !== undefined ? [Prisma.sql`e."currency" = ${query.currency}`] : []),
    ],
    " AND ",
  );
  const sql = sqlOf(db);
  const [rows, count] = await Promise.all([
    sql.$queryRaw<ExternalAccountRow[]>`
      SELECT ${columnsOf(Prisma.ExternalAccountScalarFieldEnum, "e")} FROM "ExternalAccount" e
      WHERE ${matching} ${rowsAfter(decoded, { alias: "e" })} ORDER BY e."createdAt" DESC, e."id" DESC LIMIT ${query.limit + 1}::int`,
    cappedCount(sql, "ExternalAccount", "e", matching),
  ]);
  return toPage(rows, query.limit, count, (row) => serializeExternalAccount(row));
}
