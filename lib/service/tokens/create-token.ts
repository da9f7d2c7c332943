import { randomBytes } from "node:crypto";
import type { DbOrTx } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { uuidv7 } from "../http/ids";
import type { Permission } from "../http/context";
import { hashSecret } from "../crypto/password";
import { now } from "../sandbox/clock";
import { expiryNotAfterNowMessage } from "../sandbox/expiry-not-after-now";
import { serializeToken } from "./serialize-token";
import type { ApiToken } from "./schemas";

export interface CreateTokenInput {
  platformId: string;
  name: string;
  permissions: Permission[];
  expiresAt?: string;
  /** Fixed credentials for automation (BOOTSTRAP_API_CLIENT_ID/SECRET); generated otherwise. */
  clientId?: string;
  clientSecret?: string;
}

/**
 * Creates an API token and returns it with its secret, which is never retrievable again.
 * Throws: INVALID_INPUT (expiry not after the platform's time), CONFLICT (clientId taken). SPEC.md § ApiToken.
 */
export async function createToken(db: DbOrTx, input: CreateTokenInput): Promise<ApiToken> {
  const createdAt = await now(db, input.platformId);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : undefined;
  if (expiresAt && expiresAt.getTime() <= createdAt.getTime())
    throw invalidInput([{ field: "expiresAt", message: await expiryNotAfterNowMessage(db, input.platformId, createdAt), constraint: { format: "date-time", minimum: createdAt.toISOString() } }]);

  const id = uuidv7(createdAt.getTime());
  const clientId = input.clientId ?? id;
  const clientSecret = input.clientSecret ?? randomBytes(32).toString("base64url");
  const taken = await db.apiToken.findUnique({ where: { clientId }, select: { id: true } });
  if (taken) throw new ServiceError("CONFLICT", `clientId ${clientId} is already in use`);

  const row = await db.apiToken.create({
    data: {
      id,
      platformId: input.platformId,
      name: input.name,
      permissions: [...new Set(input.permissions)],
      clientId,
      secretHash: await hashSecret(clientSecret),
      expiresAt,
      createdAt,
      updatedAt: createdAt,
    },
  });
  return serializeToken(row, clientSecret);
}
