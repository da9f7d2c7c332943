import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import { serializeToken } from "./serialize-token";
import type { ApiToken } from "./schemas";

/** Throws: TOKEN_NOT_FOUND (unknown, malformed, revoked or another platform's id). */
export async function getToken(db: Db, platformId: string, tokenId: string): Promise<ApiToken> {
  return serializeToken(await getTokenRowOrThrow(db, platformId, tokenId));
}

export async function getTokenRowOrThrow(db: Db, platformId: string, tokenId: string) {
  const id = parseId("Token", tokenId);
  const row = id ? await db.apiToken.findFirst({ where: { id, platformId, revokedAt: null } }) : null;
  if (!row) throw new ServiceError("TOKEN_NOT_FOUND", notFoundMessage("Token", tokenId));
  return row;
}
