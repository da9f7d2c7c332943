import type { DbOrTx } from "../db";
import { getEmbeddedWalletOrThrow } from "./get-embedded-wallet-or-throw";
import { serializeAuthMethod } from "./serialize";

/** GET /auth/credentials?accountId=: the wallet's active credentials, oldest first (not paginated). */
export async function listCredentials(db: DbOrTx, platformId: string, accountId: string) {
  const wallet = await getEmbeddedWalletOrThrow(db, platformId, accountId);
  const rows = await db.walletAuthMethod.findMany({ where: { platformId, internalAccountId: wallet.id, revokedAt: null }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return { data: rows.map(serializeAuthMethod) };
}
