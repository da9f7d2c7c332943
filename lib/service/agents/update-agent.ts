import type { Db } from "../db";
import { now } from "../sandbox/clock";
import { getAgentOrThrow } from "./get-agent-or-throw";
import type { Agent, AgentUpdateRequest } from "./schemas";
import { showAgent } from "./serialize-agent";

/** PATCH /agents/{id}: rename, pause (`isPaused: true`) or resume (`false`). */
export async function updateAgent(db: Db, input: { platformId: string; agentId: string; request: AgentUpdateRequest }): Promise<Agent> {
  const row = await getAgentOrThrow(db, input.platformId, input.agentId);
  const { name, isPaused } = input.request;
  const updated = await db.agent.update({
    where: { id: row.id },
    data: { ...(name !== undefined && { name }), ...(isPaused !== undefined && { isPaused }), updatedAt: await now(db, input.platformId) },
  });
  return showAgent(db, updated);
}
