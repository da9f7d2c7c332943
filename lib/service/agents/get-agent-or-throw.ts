import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import type { AgentRow } from "./serialize-agent";

/** The platform's live agent `Agent:<uuid>`. Throws NOT_FOUND (unknown, malformed, deleted or another platform's). */
export async function getAgentOrThrow(db: DbOrTx, platformId: string, agentId: string): Promise<AgentRow> {
  const id = parseId("Agent", agentId);
  const row = id ? await db.agent.findFirst({ where: { id, platformId, deletedAt: null } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", `Agent ${agentId} not found`);
  return row;
}

/** The live agent row by bare uuid (the AgentAuth principal's). Throws UNAUTHORIZED once deleted. */
export async function agentRowOf(db: DbOrTx, platformId: string, agentId: string): Promise<AgentRow> {
  const row = await db.agent.findFirst({ where: { id: agentId, platformId, deletedAt: null } });
  if (!row) throw new ServiceError("UNAUTHORIZED", "Authentication failed: the agent was deleted", { details: { reason: "agent deleted" } });
  return row;
}
