import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import { CUSTOMER_INCLUDE, serializeCustomer } from "./serialize-customer";
import type { Customer, CustomerListQuery } from "./schemas";

/** GET /customers: the platform's customers, newest first, deleted ones only on request. */
export async function listCustomers(db: Db, platformId: string, query: CustomerListQuery): Promise<Page<Customer>> {
  const where: Prisma.CustomerWhereInput = {
    platformId,
    ...(query.isIncludingDeleted !== "true" && { deletedAt: null }),
    ...(query.platformCustomerId !== undefined && { platformCustomerId: query.platformCustomerId }),
    ...(query.customerType !== undefined && { customerType: query.customerType }),
    ...(query.region !== undefined && { region: query.region }),
    ...(query.currency !== undefined && { currencies: { has: query.currency } }),
    ...(query.umaAddress !== undefined && { umaAddress: { equals: query.umaAddress, mode: "insensitive" } }),
    createdAt: { gte: optionalDate(query.createdAfter), lt: optionalDate(query.createdBefore) },
    updatedAt: { gte: optionalDate(query.updatedAfter), lt: optionalDate(query.updatedBefore) },
  };
  const [rows, count] = await Promise.all([
    db.customer.findMany({
      where: { AND: [where, afterCursor(decodeCursor(query.cursor))] },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit + 1,
      include: CUSTOMER_INCLUDE,
    }),
    db.customer.count(countArgs(where)),
  ]);
  return toPage(rows, query.limit, count, serializeCustomer);
}

function optionalDate(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}
