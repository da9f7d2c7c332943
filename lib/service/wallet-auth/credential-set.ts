import { createHash } from "node:crypto";
import type { DbOrTx } from "../db";

/** A digest of the wallet's active credential ids: changes whenever one is added or deleted. */
export async function activeCredentialSetHash(db: DbOrTx, platformId: string, internalAccountId: string): Promise<string> {
  const rows = await db.walletAuthMethod.findMany({ where: { platformId, internalAccountId, revokedAt: null }, select: { id: true }, orderBy: { id: "asc" } });
  return createHash("sha256").update(rows.map((r) => r.id).join(",")).digest("hex");
}
