import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";

/**
 * Refuses the platform's own POST /quotes/{quoteId}/execute of a quote an agent created
 * (BEHAVIORS.md §8): the agent's policy governs its quotes, so they run only through an
 * AgentAction, whose approval re-checks pause, policy, limits and expiry and counts usage. With a
 * PENDING_APPROVAL action the message names it and its approve path; with none (the agent has not
 * asked, or its request was rejected or failed) the agent must execute it, or the platform quotes
 * the payment itself. Throws: CONFLICT (409).
 */
export async function assertQuoteNotAgents(tx: SqlTx, quote: { platformId: string; id: string; transactionId: string }): Promise<void> {
  const [owner] = await tx.$queryRaw<{ agentId: string | null; deletedAt: Date | null }[]>`
    SELECT t."agentId", a."deletedAt" FROM "Transaction" t LEFT JOIN "Agent" a ON a.id = t."agentId" AND a."platformId" = t."platformId"
    WHERE t.id = ${quote.transactionId}::uuid AND t."platformId" = ${quote.platformId}::uuid`;
  if (!owner?.agentId) return;
  const quoteId = formatId("Quote", quote.id);
  const agentId = formatId("Agent", owner.agentId);
  const details = { quoteId, agentId };
  if (owner.deletedAt)
    throw new ServiceError("CONFLICT", `Quote ${quoteId} was created by agent ${agentId}, which was deleted, so it cannot run; create a new quote with POST /quotes`, { details });
  const [pending] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "AgentAction" WHERE "platformId" = ${quote.platformId}::uuid AND "quoteId" = ${quote.id}::uuid AND type = 'EXECUTE_QUOTE' AND status = 'PENDING_APPROVAL'
    ORDER BY "createdAt" DESC LIMIT 1`;
  if (pending) {
    const actionId = formatId("AgentAction", pending.id);
    const approvePath = `/agents/${agentId}/actions/${actionId}/approve`;
    throw new ServiceError(
      "CONFLICT",
      `Quote ${quoteId} was created by agent ${agentId} and waits for your approval as ${actionId}: approve it with POST ${approvePath} (or reject it with POST /agents/${agentId}/actions/${actionId}/reject), so the agent's policy is re-checked and its usage counted`,
      { details: { ...details, agentActionId: actionId, approvePath } },
    );
  }
  throw new ServiceError(
    "CONFLICT",
    `Quote ${quoteId} was created by agent ${agentId}: it runs only when the agent executes it (POST /agents/me/quotes/{quoteId}/execute) under its policy and approvals; to pay without the agent, create your own quote with POST /quotes`,
    { details },
  );
}
