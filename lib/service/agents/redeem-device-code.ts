import { randomBytes } from "node:crypto";
import type { Db } from "../db";
import { sha256Hex } from "../http/auth";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import { now } from "../sandbox/clock";
import type { AgentPolicy } from "./schemas";

/** Prefix of every AgentAuth bearer token, so a leaked one is recognisable. */
export const AGENT_TOKEN_PREFIX = "agt_";

/**
 * POST /agents/device-codes/{code}/redeem (no auth): connects the agent and returns its access
 * token, shown this once and stored only as a hash. Used, voided or expired → 400; unknown → 404.
 */
export async function redeemDeviceCode(
  db: Db,
  code: string,
): Promise<{ agentId: string; agentName: string; accessToken: string; policy: AgentPolicy }> {
  const row = await db.agentDeviceCode.findUnique({ where: { code: code.toUpperCase() }, include: { agent: true } });
  if (!row || row.agent.deletedAt) throw new ServiceError("NOT_FOUND", `Device code ${code} not found`);
  if (row.redeemedAt) throw new ServiceError("INVALID_INPUT", `Device code ${code} was already redeemed; ask the platform for a new one`);
  if (row.voidedAt) throw new ServiceError("INVALID_INPUT", `Device code ${code} was replaced by a newer one; use the latest code`);
  const at = await now(db, row.platformId);
  if (row.expiresAt <= at) throw new ServiceError("INVALID_INPUT", `Device code ${code} expired at ${row.expiresAt.toISOString()}; ask the platform for a new one`);
  const accessToken = `${AGENT_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const claimed = await db.$transaction(async (tx) => {
    // The agent first, as createDeviceCode and deleteAgent lock it: a new code racing this redeem
    // waits for it (then 409), and the two never deadlock over the code row.
    await tx.$queryRaw`SELECT id FROM "Agent" WHERE id = ${row.agentId}::uuid FOR UPDATE`;
    // Single use even under concurrent redeems: only the first update finds the code unredeemed.
    const { count } = await tx.agentDeviceCode.updateMany({ where: { code: row.code, redeemedAt: null, voidedAt: null }, data: { redeemedAt: at } });
    if (count === 0) return false;
    await tx.agent.update({ where: { id: row.agentId }, data: { accessTokenHash: sha256Hex(accessToken), connectedAt: at, updatedAt: at } });
    return true;
  });
  if (!claimed) throw new ServiceError("INVALID_INPUT", `Device code ${code} was already redeemed; ask the platform for a new one`);
  return { agentId: formatId("Agent", row.agentId), agentName: row.agent.name, accessToken, policy: row.agent.policy as AgentPolicy };
}
