import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import type { AgentRow } from "./serialize-agent";

/**
 * The platform's live agent `Agent:<uuid>`; with `isLocking` the row is locked (FOR UPDATE) so
 * changes to one agent (policy, device codes, delete, redeem) run one at a time. Throws NOT_FOUND
 * (unknown, malformed, deleted or another platform's).
 */
export async function getAgentOrThrow(db: DbOrTx, platformId: string, agentId: string, options: { isLocking?: boolean } = {}): Promise<AgentRow> {
  const id = parseId("Agent", agentId);
  if (id && options.isLocking) await db.$queryRaw`SELECT id FROM "Agent" WHERE id = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
  const row = id ? await db.agent.findFirst({ where: { id, platformId, deletedAt: null } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("Agent", agentId));
  return row;
}

/** The live agent row by bare uuid (the AgentAuth principal's). Throws UNAUTHORIZED once deleted. */
export async function agentRowOf(db: DbOrTx, platformId: string, agentId: string): Promise<AgentRow> {
  const row = await db.agent.findFirst({ where: { id: agentId, platformId, deletedAt: null } });
  if (!row) throw new ServiceError("UNAUTHORIZED", "Authentication failed: the agent was deleted", { details: { reason: "agent deleted" } });
  return row;
}
