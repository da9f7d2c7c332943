import type { WalletAuthMethod } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";

/**
 * An active credential `AuthMethod:<uuid>` of the platform; with `isLocking` (inside a
 * transaction) its row is locked (FOR UPDATE) so that checks on it, such as the OTP re-issue limit,
 * hold until commit. Throws: NOT_FOUND (unknown, deleted, other platform's).
 */
export async function getAuthMethodOrThrow(db: DbOrTx, platformId: string, id: string, options: { isLocking?: boolean } = {}): Promise<WalletAuthMethod> {
  const uuid = parseId("AuthMethod", id);
  if (uuid && options.isLocking) await db.$queryRaw`SELECT 1 FROM "WalletAuthMethod" WHERE "id" = ${uuid}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
  const row = uuid ? await db.walletAuthMethod.findFirst({ where: { id: uuid, platformId, revokedAt: null } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("AuthMethod", id, { noun: "Credential" }));
  return row;
}
