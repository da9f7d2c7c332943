import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import type { ExternalAccountRow } from "./serialize-external-account";

/** Which accounts a path sees: /customers/external-accounts… or /platform/external-accounts…; any when omitted. */
export type ExternalAccountOwner = "CUSTOMER" | "PLATFORM";

/**
 * The platform's live (not deleted) external account `ExternalAccount:<uuid>`, for routes and for
 * other areas (transfers, quotes) to build on; serialize it with serializeExternalAccount.
 * Throws: NOT_FOUND (unknown, malformed, deleted, another platform's, or of the other owner kind).
 */
export async function getExternalAccountOrThrow(
  db: DbOrTx,
  platformId: string,
  externalAccountId: string,
  options: { owner?: ExternalAccountOwner } = {},
): Promise<ExternalAccountRow> {
  const id = parseId("ExternalAccount", externalAccountId);
  const owner = options.owner === "PLATFORM" ? { customerId: null } : options.owner === "CUSTOMER" ? { customerId: { not: null } } : {};
  const row = id ? await db.externalAccount.findFirst({ where: { id, platformId, deletedAt: null, ...owner } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", `External account ${externalAccountId} not found`);
  return row;
}

/** Row lock for a state change, so two concurrent challenges or verifications serialize. */
export async function lockExternalAccount(tx: DbOrTx, platformId: string, id: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "ExternalAccount" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
}
