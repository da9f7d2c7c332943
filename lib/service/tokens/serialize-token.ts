import type { ApiToken as ApiTokenRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import type { ApiToken, } from "./schemas";

export function serializeToken(row: ApiTokenRow, clientSecret?: string): ApiToken {
  const token: ApiToken = {
    id: formatId("Token", row.id),
    name: row.name,
    permissions: row.permissions as ApiToken["permissions"],
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (clientSecret !== undefined) token.clientSecret = clientSecret;
  if (row.expiresAt) token.expiresAt = row.expiresAt.toISOString();
  return token;
}
