import type { Db } from "../db";
import { ServiceError } from "../http/errors";
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
  // revokedAt: null in the where clause: of concurrent revocations only one applies (and answers 204); the others 404 as a later one would.
  const { count } = await db.apiToken.updateMany({ where: { id: row.id, platformId, revokedAt: null }, data: { revokedAt: at, updatedAt: at } });
  forgetToken(row.clientId);
  if (count === 0) throw new ServiceError("TOKEN_NOT_FOUND", `Token ${tokenId} not found`);
}
