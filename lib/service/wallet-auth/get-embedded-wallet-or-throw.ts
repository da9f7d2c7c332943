import type { DbOrTx, Tx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import type { InternalAccountRow } from "../internal-accounts/serialize-internal-account";

/**
 * The platform's EMBEDDED_WALLET internal account `InternalAccount:<uuid>` (or a bare uuid from
 * storage with `allowBare`). `lock` takes a row lock so that concurrent credential changes of one
 * wallet run one after another. Throws: NOT_FOUND (unknown id, other platform's, or not an
 * embedded wallet).
 */
export async function getEmbeddedWalletOrThrow(db: DbOrTx, platformId: string, accountId: string, options: { allowBare?: boolean; lock?: boolean } = {}): Promise<InternalAccountRow> {
  const id = parseId("InternalAccount", accountId, { allowBare: options.allowBare });
  if (id && options.lock) await (db as Tx).$queryRaw`SELECT id FROM "InternalAccount" WHERE id = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
  const row = id ? await db.internalAccount.findFirst({ where: { id, platformId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("InternalAccount", accountId, { allowBare: options.allowBare }));
  if (row.type !== "EMBEDDED_WALLET")
    throw new ServiceError("NOT_FOUND", `Internal account ${accountId} is ${row.type}, not an embedded wallet; wallet credentials and sessions exist only on EMBEDDED_WALLET accounts`);
  return row;
}
