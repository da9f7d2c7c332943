import type { Db, Tx } from "../db";
import { formatId } from "../http/ids";
import { inTransaction } from "../nested-transaction";
import { now } from "../sandbox/clock";
import type { TransferInRequest, TransferOutRequest } from "../transfers/schemas";
import { isSpendingAction } from "./agent-usage";
import { evaluatePolicy, lockAgent } from "./evaluate-policy";
import { customerExternalAccount, customerInternalAccount } from "./customer-accounts";
import { recordAgentAction } from "./record-agent-action";
import type { AgentAction } from "./schemas";

type TransferRequest = { type: "TRANSFER_OUT"; request: TransferOutRequest } | { type: "TRANSFER_IN"; request: TransferInRequest };

/**
 * POST /agents/me/transfer-out and /transfer-in (BEHAVIORS.md §8): both accounts must be the agent's
 * customer's (else 404), the policy must allow it (evaluatePolicy → 403). AUTO runs the transfer at
 * once → APPROVED with its transaction; otherwise the action waits as PENDING_APPROVAL and the
 * platform gets AGENT_ACTION.PENDING_APPROVAL — all in one database transaction.
 * Throws: NOT_FOUND, FORBIDDEN, and what the transfer itself throws in AUTO mode.
 */
export async function requestAgentTransfer(db: Db, input: { platformId: string; agentId: string } & TransferRequest): Promise<AgentAction> {
  const { platformId, type, request } = input;
  return inTransaction(db, async (scoped) => {
    const tx = scoped as unknown as Tx;
    const agent = await lockAgent(tx, platformId, input.agentId);
    const [internalRef, externalRef] = type === "TRANSFER_OUT" ? [request.source.accountId, request.destination.accountId] : [request.destination.accountId, request.source.accountId];
    const internal = await customerInternalAccount(tx, platformId, agent.customerId, internalRef);
    const external = await customerExternalAccount(tx, platformId, agent.customerId, externalRef);
    const internalId = formatId("InternalAccount", internal.id);
    const externalId = formatId("ExternalAccount", external.id);
    const at = await now(tx, platformId);
    const amount = BigInt(request.amount);
    const decision = await evaluatePolicy(tx, agent, { permission: "CREATE_TRANSFERS", accountIds: [internalId, externalId], ruleAccountId: internalId, amount, currency: internal.currency, isSpend: isSpendingAction(type) }, at);

    const transferDetails = {
      amount: request.amount,
      currency: internal.currency,
      sourceAccountId: type === "TRANSFER_OUT" ? internalId : externalId,
      destinationAccountId: type === "TRANSFER_OUT" ? externalId : internalId,
    };
    return recordAgentAction(scoped, { agent, decision, at, action: { type, transferDetails, request } });
  });
}
