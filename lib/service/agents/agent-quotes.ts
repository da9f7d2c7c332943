import type { Db, Tx } from "../db";
import { invalidInput, ServiceError } from "../http/errors";
import { formatId, parseId, notFoundMessage } from "../http/ids";
import { inTransaction } from "../nested-transaction";
import { createQuote } from "../quotes/create-quote";
import { getQuoteOrThrow } from "../quotes/get-quote";
import type { Quote, QuoteRequest } from "../quotes/schemas";
import { serializeQuote, type QuoteRow } from "../quotes/serialize-quote";
import { now } from "../sandbox/clock";
import { assertAgentMayUse, evaluatePolicy, lockAgent } from "./evaluate-policy";
import { recordAgentAction } from "./record-agent-action";
import { customerExternalAccount, customerInternalAccount } from "./customer-accounts";
import { quotePolicyCheck } from "./run-agent-action";
import type { AgentAction } from "./schemas";

/**
 * POST /agents/me/quotes: a quote on the agent's customer's money (CREATE_QUOTES). The source
 * account, a realtime-funding customer and an account destination must be the customer's (else
 * 404) and allowed by the policy (403); `immediatelyExecute` is refused (execution goes through the
 * policy at POST /agents/me/quotes/{quoteId}/execute). The quote's transaction carries the agent's id,
 * which is also how the agent sees only its own quotes.
 * Throws: NOT_FOUND, FORBIDDEN, INVALID_INPUT and what createQuote throws.
 */
export async function createAgentQuote(db: Db, input: { platformId: string; agentId: string; request: QuoteRequest }): Promise<Quote> {
  const { platformId } = input;
  if (input.request.immediatelyExecute)
    throw invalidInput(
      [{ field: "immediatelyExecute", message: "is not available to agents", constraint: { notAllowed: true } }],
      "Agents execute quotes with POST /agents/me/quotes/{quoteId}/execute, so the agent's policy and approvals apply",
    );
  return inTransaction(db, async (scoped) => {
    const tx = scoped as unknown as Tx;
    const agent = await lockAgent(tx, platformId, input.agentId);
    const customerRef = formatId("Customer", agent.customerId);
    let request = input.request;
    const accountIds: string[] = [];
    if (request.source.sourceType === "ACCOUNT") {
      accountIds.push(formatId("InternalAccount", (await customerInternalAccount(tx, platformId, agent.customerId, request.source.accountId)).id));
      if (request.source.customerId !== undefined && parseId("Customer", request.source.customerId) !== agent.customerId)
        throw new ServiceError("NOT_FOUND", notFoundMessage("Customer", request.source.customerId));
    } else {
      if (request.source.customerId !== undefined && parseId("Customer", request.source.customerId) !== agent.customerId)
        throw new ServiceError("NOT_FOUND", notFoundMessage("Customer", request.source.customerId));
      request = { ...request, source: { ...request.source, customerId: customerRef } };
    }
    if (request.destination.destinationType === "ACCOUNT") {
      const ref = request.destination.accountId;
      const id = ref.startsWith("InternalAccount:")
        ? formatId("InternalAccount", (await customerInternalAccount(tx, platformId, agent.customerId, ref)).id)
        : formatId("ExternalAccount", (await customerExternalAccount(tx, platformId, agent.customerId, ref)).id);
      accountIds.push(id);
    }
    assertAgentMayUse(agent, "CREATE_QUOTES", accountIds);
    const quote = await createQuote(scoped, { platformId, request });
    await tx.transaction.update({ where: { id: parseId("Transaction", quote.transactionId)! }, data: { agentId: agent.id } });
    return quote;
  });
}

/** GET /agents/me/quotes/{quoteId}: one of the agent's own quotes. Throws: QUOTE_NOT_FOUND (another's too). */
export async function getAgentQuote(db: Db, input: { platformId: string; agentId: string; quoteId: string }): Promise<Quote> {
  return serializeQuote(await agentsQuote(db as unknown as Tx, input));
}

/**
 * POST /agents/me/quotes/{quoteId}/execute (EXECUTE_QUOTES): the policy decides on the quote's total
 * sending amount. AUTO executes now → APPROVED with the transaction; otherwise PENDING_APPROVAL with
 * AGENT_ACTION.PENDING_APPROVAL; when the quote expires first, the waiting action ends FAILED
 * (failActionsOfExpiredQuote). Throws: QUOTE_NOT_FOUND, QUOTE_EXPIRED, FORBIDDEN, and in AUTO what
 * executing the quote throws.
 */
export async function executeAgentQuote(db: Db, input: { platformId: string; agentId: string; quoteId: string; walletSignature?: string }): Promise<AgentAction> {
  const { platformId } = input;
  return inTransaction(db, async (scoped) => {
    const tx = scoped as unknown as Tx;
    const agent = await lockAgent(tx, platformId, input.agentId);
    const quote = await agentsQuote(tx, input);
    const at = await now(tx, platformId);
    // Refused now, as in AUTO: an action waiting for approval on it could never run.
    if (quote.status === "EXPIRED" || (quote.status === "PENDING" && at >= quote.expiresAt)) {
      const id = formatId("Quote", quote.id);
      throw new ServiceError("QUOTE_EXPIRED", `Quote ${id} expired at ${quote.expiresAt.toISOString()}; create a new quote`, { details: { quoteId: id, expiresAt: quote.expiresAt.toISOString() } });
    }
    const decision = await evaluatePolicy(tx, agent, quotePolicyCheck(quote), at);
    // An embedded wallet's signature is kept with the action: the execution may run only once approved.
    const request = input.walletSignature === undefined ? undefined : { walletSignature: input.walletSignature };
    return recordAgentAction(scoped, { agent, decision, at, action: { type: "EXECUTE_QUOTE", quoteId: quote.id, request } });
  });
}

async function agentsQuote(tx: Tx, input: { platformId: string; agentId: string; quoteId: string }): Promise<QuoteRow> {
  const quote = await getQuoteOrThrow(tx, input.platformId, input.quoteId);
  const transaction = await tx.transaction.findFirst({ where: { id: quote.transactionId, platformId: input.platformId }, select: { agentId: true } });
  if (transaction?.agentId !== input.agentId) throw new ServiceError("QUOTE_NOT_FOUND", `Quote ${input.quoteId} not found`);
  return quote;
}
