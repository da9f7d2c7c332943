import type { Db } from "../db";
import { now } from "../sandbox/clock";
import { getAgentOrThrow } from "./get-agent-or-throw";

/** DELETE /agents/{id}: the agent disappears and its access token stops working at once (401). */
export async function deleteAgent(db: Db, input: { platformId: string; agentId: string }): Promise<void> {
  const row = await getAgentOrThrow(db, input.platformId, input.agentId);
  const at = await now(db, input.platformId);
  await db.$transaction([
    db.agent.update({ where: { id: row.id }, data: { deletedAt: at, accessTokenHash: null, updatedAt: at } }),
    db.agentDeviceCode.updateMany({ where: { agentId: row.id, redeemedAt: null, voidedAt: null }, data: { voidedAt: at } }),
  ]);
}
