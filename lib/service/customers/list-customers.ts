import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/db/sql";
import type { Db } from "../db";
import { decodeCursor, toPage, type Page } from "../http/pagination";
import { cappedCount, rowsAfter } from "../http/pagination-sql";
import { selectCustomers } from "./get-customer-or-throw";
import { serializeCustomer } from "./serialize-customer";
import type { Customer, CustomerListQuery } from "./schemas";

/**
 * GET /customers: the platform's customers, newest first, deleted ones only on request. Two raw
 * statements on the pool at once: the page (with each customer's consents and each business's
 * owners) and the capped count.
 */
export async function listCustomers(db: Db, platformId: string, query: CustomerListQuery): Promise<Page<Customer>> {
  const cursor = decodeCursor(query.cursor);
  const and = [Prisma.sql`c."platformId" = ${platformId}::uuid`];
  if (!query.isIncludingDeleted) and.push(Prisma.sql`c."deletedAt" IS NULL`);
  if (query.platformCustomerId !== undefined) and.push(Prisma.sql`c."platformCustomerId" = ${query.platformCustomerId}`);
  if (query.customerType !== undefined) and.push(Prisma.sql`c."customerType" = ${query.customerType}::"CustomerType"`);
  if (query.region !== undefined) and.push(Prisma.sql`c."region" = ${query.region}`);
  if (query.currency !== undefined) and.push(Prisma.sql`${query.currency} = ANY(c."currencies")`);
  // Without regard to case, as UMA addresses are unique (umaAddressKey).
  if (query.umaAddress !== undefined) and.push(Prisma.sql`lower(c."umaAddress") = lower(${query.umaAddress})`);
  if (query.createdAfter !== undefined) and.push(Prisma.sql`c."createdAt" >= ${new Date(query.createdAfter)}::timestamptz`);
  if (query.createdBefore !== undefined) and.push(Prisma.sql`c."createdAt" < ${new Date(query.createdBefore)}::timestamptz`);
  if (query.updatedAfter !== undefined) and.push(Prisma.sql`c."updatedAt" >= ${new Date(query.updatedAfter)}::timestamptz`);
  if (query.updatedBefore !== undefined) and.push(Prisma.sql`c."updatedAt" < ${new Date(query.updatedBefore)}::timestamptz`);
  const matching = Prisma.join(and, " AND ");
  const sql = sqlOf(db);
  const [rows, count] = await Promise.all([
    selectCustomers(sql, Prisma.sql`${matching} ${rowsAfter(cursor, { alias: "c" })}`, Prisma.sql`ORDER BY c."createdAt" DESC, c."id" DESC LIMIT ${query.limit + 1}::int`, {
      isWithBeneficialOwners: true,
    }),
    cappedCount(sql, "Customer", "c", matching),
  ]);
  return toPage(rows, query.limit, count, serializeCustomer);
}
