import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db, Tx } from "../db";
import { uuidv7 } from "../http/ids";
import { enqueueEvent } from "../jobs/enqueue-event";
import type { PolicyDecision } from "./evaluate-policy";
import { runAgentAction } from "./run-agent-action";
import { lockLiveParties } from "../transfers/lock-live-parties";
import type { AgentAction } from "./schemas";
import { showAgentAction } from "./serialize-agent-action";
import type { AgentRow } from "./serialize-agent";

export const AGENT_ACTION_PENDING_APPROVAL = "AGENT_ACTION.PENDING_APPROVAL";

/**
 * Records an agent's action as the policy decided: AUTO runs it now → APPROVED with its
 * transaction; otherwise it waits as PENDING_APPROVAL and the platform gets
 * AGENT_ACTION.PENDING_APPROVAL. Runs inside the caller's transaction (`scoped` for the operation's
 * own savepoints). Throws: CUSTOMER_DELETED (the agent's customer was deleted), and what the
 * operation throws in AUTO mode.
 */
export async function recordAgentAction(
  scoped: Db,
  input: { agent: AgentRow; decision: PolicyDecision; at: Date; action: Pick<Prisma.AgentActionUncheckedCreateInput, "type" | "quoteId" | "transferDetails" | "request"> },
): Promise<AgentAction> {
  const tx = scoped as unknown as Tx;
  const { agent, decision, at } = input;
  // The agent's customer deleted: nothing to act on (410), whether it would run now or wait for approval.
  await lockLiveParties(tx, agent.platformId, { customerIds: [agent.customerId] });
  let row = await tx.agentAction.create({
    data: { ...input.action, id: uuidv7(at.getTime()), platformId: agent.platformId, agentId: agent.id, customerId: agent.customerId, status: "PENDING_APPROVAL", spendAmount: decision.spendAmount, createdAt: at, updatedAt: at },
  });
  if (decision.mode === "AUTO") {
    const transactionId = await runAgentAction(scoped, row);
    row = await tx.agentAction.update({ where: { id: row.id }, data: { status: "APPROVED", transactionId, executedAt: at, updatedAt: at } });
    return showAgentAction(tx, row);
  }
  const action = await showAgentAction(tx, row);
  await enqueueEvent(tx, { platformId: agent.platformId, type: AGENT_ACTION_PENDING_APPROVAL, data: action });
  return action;
}
