import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import { now } from "../sandbox/clock";

/**
 * GET /agents/device-codes/{code}/status: whether the platform's code was redeemed. The answer
 * has only `{code, redeemed}` (BEHAVIORS.md §8) and its one error is 404, so a code that can no
 * longer be redeemed (replaced by a newer one, expired unredeemed, or its agent deleted) is 404
 * with a message saying which and what to do: an installer polling it stops instead of waiting forever.
 * Throws: NOT_FOUND.
 */
export async function getDeviceCodeStatus(db: Db, input: { platformId: string; code: string }): Promise<{ code: string; redeemed: boolean }> {
  const row = await db.agentDeviceCode.findFirst({ where: { code: input.code.toUpperCase(), platformId: input.platformId }, include: { agent: { select: { deletedAt: true } } } });
  if (!row || row.agent.deletedAt) throw new ServiceError("NOT_FOUND", `Device code ${input.code} not found`);
  if (row.redeemedAt) return { code: row.code, redeemed: true };
  const agentId = formatId("Agent", row.agentId);
  const issueNew = `POST /agents/${agentId}/device-codes`;
  if (row.voidedAt)
    throw new ServiceError("NOT_FOUND", `Device code ${row.code} was replaced by a newer one and can no longer be redeemed: poll the newest code's status (issue another with ${issueNew})`, {
      details: { code: row.code, agentId, reason: "REPLACED", replacedAt: row.voidedAt.toISOString() },
    });
  if (row.expiresAt <= (await now(db, input.platformId)))
    throw new ServiceError("NOT_FOUND", `Device code ${row.code} expired unredeemed at ${row.expiresAt.toISOString()}: issue a new one with ${issueNew}`, {
      details: { code: row.code, agentId, reason: "EXPIRED", expiresAt: row.expiresAt.toISOString() },
    });
  return { code: row.code, redeemed: false };
}
