import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { now } from "../sandbox/clock";
import { getAgentOrThrow } from "./get-agent-or-throw";

/** DELETE /agents/{id}: the agent disappears and its access token stops working at once (401). */
export async function deleteAgent(db: Db, input: { platformId: string; agentId: string }): Promise<void> {
  const row = await getAgentOrThrow(db, input.platformId, input.agentId);
  const at = await now(db, input.platformId);
  await db.$transaction(async (tx) => {
    // Only a live agent is deleted: of concurrent deletes one answers 204, the others 404 as a later one.
    const { count } = await tx.agent.updateMany({ where: { id: row.id, deletedAt: null }, data: { deletedAt: at, accessTokenHash: null, updatedAt: at } });
    if (count !== 1) throw new ServiceError("NOT_FOUND", `Agent ${input.agentId} not found`);
    await tx.agentDeviceCode.updateMany({ where: { agentId: row.id, redeemedAt: null, voidedAt: null }, data: { voidedAt: at } });
  });
}
