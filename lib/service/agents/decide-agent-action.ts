import type { Db, Tx } from "../db";
import { isServiceError, ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import { inTransaction } from "../nested-transaction";
import { now } from "../sandbox/clock";
import { evaluatePolicy, lockAgent } from "./evaluate-policy";
import { getAgentOrThrow } from "./get-agent-or-throw";
import { policyCheckOf, runAgentAction } from "./run-agent-action";
import type { AgentAction } from "./schemas";
import { showAgentAction } from "./serialize-agent-action";

interface Decision {
  platformId: string;
  agentId: string;
  actionId: string;
}

/**
 * POST /agents/{agentId}/actions/{actionId}/approve (BEHAVIORS.md §8): re-checks the pause, the
 * policy and the limits as they are now, then runs the action → APPROVED with its transaction; a
 * check or the operation failing → FAILED with the reason in `rejectionReason` (nothing moved).
 * Throws: NOT_FOUND; CONFLICT when the action is no longer pending.
 */
export async function approveAgentAction(db: Db, input: Decision): Promise<AgentAction> {
  return inTransaction(db, async (scoped) => {
    const tx = scoped as unknown as Tx;
    const { agent, action } = await lockPendingAction(tx, input);
    const at = await now(tx, input.platformId);
    let outcome: { status: "APPROVED"; transactionId: string; spendAmount: bigint } | { status: "FAILED"; reason: string };
    try {
      const { spendAmount } = await evaluatePolicy(tx, agent, await policyCheckOf(tx, action), at);
      outcome = { status: "APPROVED", transactionId: await runAgentAction(scoped, action), spendAmount };
    } catch (e) {
      if (!isServiceError(e)) throw e;
      outcome = { status: "FAILED", reason: e.message };
    }
    const row = await tx.agentAction.update({
      where: { id: action.id },
      data:
        outcome.status === "APPROVED"
          ? { status: "APPROVED", transactionId: outcome.transactionId, spendAmount: outcome.spendAmount, executedAt: at, updatedAt: at }
          : { status: "FAILED", rejectionReason: outcome.reason, updatedAt: at },
    });
    return showAgentAction(tx, row);
  });
}

/** POST /agents/{agentId}/actions/{actionId}/reject → REJECTED with the reason. Throws: NOT_FOUND; CONFLICT when not pending. */
export async function rejectAgentAction(db: Db, input: Decision & { reason?: string }): Promise<AgentAction> {
  return inTransaction(db, async (scoped) => {
    const tx = scoped as unknown as Tx;
    const { action } = await lockPendingAction(tx, input);
    const at = await now(tx, input.platformId);
    const row = await tx.agentAction.update({ where: { id: action.id }, data: { status: "REJECTED", rejectionReason: input.reason?.trim() || "Rejected by the platform", updatedAt: at } });
    return showAgentAction(tx, row);
  });
}

async function lockPendingAction(tx: Tx, input: Decision) {
  const { id: agentId } = await getAgentOrThrow(tx, input.platformId, input.agentId);
  const agent = await lockAgent(tx, input.platformId, agentId);
  const id = parseId("AgentAction", input.actionId);
  if (id) await tx.$queryRaw`SELECT id FROM "AgentAction" WHERE id = ${id}::uuid AND "platformId" = ${input.platformId}::uuid FOR UPDATE`;
  const action = id ? await tx.agentAction.findFirst({ where: { id, agentId, platformId: input.platformId } }) : null;
  if (!action) throw new ServiceError("NOT_FOUND", `Agent action ${input.actionId} not found for agent ${input.agentId}`);
  if (action.status !== "PENDING_APPROVAL")
    throw new ServiceError("CONFLICT", `Agent action ${input.actionId} is ${action.status}, not PENDING_APPROVAL; only pending actions can be approved or rejected`, { details: { status: action.status } });
  return { agent, action };
}
