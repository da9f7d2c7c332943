import { Prisma } from "@/lib/generated/prisma/client";
import type { DbOrTx, SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import { columnsOf } from "@/lib/db/sql";
import type { ExternalAccountRow } from "./serialize-external-account";

/** Which accounts a path sees: /customers/external-accounts… or /platform/external-accounts…; any when omitted. */
export type ExternalAccountOwner = "CUSTOMER" | "PLATFORM";

/**
 * The platform's live (not deleted) external account `ExternalAccount:<uuid>`, for routes and for
 * other areas (transfers, quotes) to build on; serialize it with serializeExternalAccount.
 * Throws: NOT_FOUND (unknown, malformed, deleted, another platform's, or of the other owner kind).
 */
export async function getExternalAccountOrThrow(
  db: SqlTx,
  platformId: string,
  externalAccountId: string,
  options: { owner?: ExternalAccountOwner } = {},
): Promise<ExternalAccountRow> {
  const id = parseId("ExternalAccount", externalAccountId);
  const owner = options.owner === "PLATFORM" ? Prisma.sql`AND "customerId" IS NULL` : options.owner === "CUSTOMER" ? Prisma.sql`AND "customerId" IS NOT NULL` : Prisma.empty;
  // Raw: every payment reads one, and a model read of this wide row costs twice the Node CPU.
  const [row] = id
    ? await db.$queryRaw<ExternalAccountRow[]>`
      SELECT ${columnsOf(Prisma.ExternalAccountScalarFieldEnum)} FROM "ExternalAccount" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid AND "deletedAt" IS NULL ${owner}`
    : [];
  return foundExternalAccount(row ?? null, externalAccountId);
}

/** Throws NOT_FOUND unless the account was found (by getExternalAccountOrThrow or a statement reading it beside other rows). */
export function foundExternalAccount(row: ExternalAccountRow | null, externalAccountId: string): ExternalAccountRow {
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("ExternalAccount", externalAccountId));
  return row;
}

/** Row lock for a state change, so two concurrent challenges or verifications serialize. */
export async function lockExternalAccount(tx: DbOrTx, platformId: string, id: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "ExternalAccount" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
}
