import type { Db } from "../db";
import { ServiceError } from "../http/errors";

/** GET /agents/device-codes/{code}/status: whether the platform's code was redeemed. */
export async function getDeviceCodeStatus(db: Db, input: { platformId: string; code: string }): Promise<{ code: string; redeemed: boolean }> {
  const row = await db.agentDeviceCode.findFirst({ where: { code: input.code.toUpperCase(), platformId: input.platformId } });
  if (!row) throw new ServiceError("NOT_FOUND", `Device code ${input.code} not found`);
  return { code: row.code, redeemed: row.redeemedAt !== null };
}
