import type { Db } from "../db";
import { now } from "../sandbox/clock";
import { getAgentOrThrow } from "./get-agent-or-throw";
import type { Agent, AgentPolicy, AgentPolicyUpdateRequest } from "./schemas";
import { showAgent } from "./serialize-agent";

/**
 * PATCH /agents/{id}/policy: only the fields sent change (`spendingLimits` merged field by field,
 * `permissions`, `accountRestrictions` and `approvalThresholds` replaced whole); live at once.
 */
export async function updateAgentPolicy(db: Db, input: { platformId: string; agentId: string; request: AgentPolicyUpdateRequest }): Promise<Agent> {
  return db.$transaction(async (tx) => {
    // Locked: the new policy is merged into the one read here, so concurrent patches of other
    // fields must not overwrite each other with a stale copy.
    const row = await getAgentOrThrow(tx, input.platformId, input.agentId, { isLocking: true });
    const current = row.policy as AgentPolicy;
    const { spendingLimits, ...rest } = input.request;
    const policy: AgentPolicy = {
      ...current,
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      spendingLimits: { ...current.spendingLimits, ...Object.fromEntries(Object.entries(spendingLimits ?? {}).filter(([, v]) => v !== undefined)) },
    };
    const updated = await tx.agent.update({ where: { id: row.id }, data: { policy, updatedAt: await now(tx, input.platformId) } });
    return showAgent(tx, updated);
  });
}
