import type { WalletAuthMethod } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";

/** An active credential `AuthMethod:<uuid>` of the platform. Throws: NOT_FOUND (unknown, deleted, other platform's). */
export async function getAuthMethodOrThrow(db: DbOrTx, platformId: string, id: string): Promise<WalletAuthMethod> {
  const uuid = parseId("AuthMethod", id);
  const row = uuid ? await db.walletAuthMethod.findFirst({ where: { id: uuid, platformId, revokedAt: null } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", `Credential ${id} not found`);
  return row;
}
