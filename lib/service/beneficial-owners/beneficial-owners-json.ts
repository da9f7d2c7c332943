import { Prisma } from "@/lib/generated/prisma/client";
import { columnsOf } from "@/lib/db/sql";
import type { BeneficialOwnerRow } from "./serialize-beneficial-owner";

/**
 * For a statement that reads customers (aliased `customer`), a column with each business's owners as
 * one JSON array, in GET /beneficial-owners' order (newest first) and `[]` when it has none; NULL for
 * an individual, whose row never runs the subquery. So a page of customers gets its owners in its own
 * statement (one round trip, no query per customer), by the (platformId, customerId) index. Read the
 * column back with beneficialOwnerRowsFromJson.
 */
export function beneficialOwnersJson(customer: string): Prisma.Sql {
  const c = Prisma.raw(`"${customer}"`);
  return Prisma.sql`CASE WHEN ${c}."customerType" = 'BUSINESS' THEN (
    SELECT coalesce(json_agg(o ORDER BY o."createdAt" DESC, o."id" DESC), '[]'::json)
      FROM (SELECT ${columnsOf(Prisma.BeneficialOwnerScalarFieldEnum)} FROM "BeneficialOwner" WHERE "platformId" = ${c}."platformId" AND "customerId" = ${c}."id") o) END`;
}

/** An owner as to_json writes it: instants become ISO strings. */
export type BeneficialOwnerJson = Omit<BeneficialOwnerRow, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };

/** The rows of a beneficialOwnersJson column, for serializeBeneficialOwner. */
export function beneficialOwnerRowsFromJson(owners: BeneficialOwnerJson[]): BeneficialOwnerRow[] {
  return owners.map((owner) => ({ ...owner, createdAt: new Date(owner.createdAt), updatedAt: new Date(owner.updatedAt) }));
}
