import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import type { InternalAccountRow } from "./serialize-internal-account";

/**
 * The platform's internal account `InternalAccount:<uuid>` (customer's or platform's own). Other
 * areas that store the bare uuid pass `allowBare`.
 * Throws: NOT_FOUND (unknown, malformed or another platform's id).
 */
export async function getInternalAccountOrThrow(
  db: DbOrTx,
  platformId: string,
  accountId: string,
  options: { allowBare?: boolean } = {},
): Promise<InternalAccountRow> {
  const id = parseId("InternalAccount", accountId, options);
  const row = id ? await db.internalAccount.findFirst({ where: { id, platformId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", `Internal account ${accountId} not found`);
  return row;
}
