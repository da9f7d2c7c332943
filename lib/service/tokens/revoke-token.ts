import type { Db } from "../db";
import { now } from "../sandbox/clock";
import { forgetToken } from "./authenticate-token";
import { getTokenRowOrThrow } from "./get-token";

/**
 * DELETE /tokens/{tokenId}: the token stops authenticating at once; its row stays for audit.
 * Throws: TOKEN_NOT_FOUND.
 */
export async function revokeToken(db: Db, platformId: string, tokenId: string): Promise<void> {
  const row = await getTokenRowOrThrow(db, platformId, tokenId);
  const at = await now(db, platformId);
  await db.apiToken.update({ where: { id: row.id }, data: { revokedAt: at, updatedAt: at } });
  forgetToken(row.clientId);
}
