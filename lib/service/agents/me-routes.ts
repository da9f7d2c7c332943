import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../http/context";
import { createRouter, errorResponses, jsonBody, jsonResponse, OptionalIdempotencyHeaderSchema } from "../http/openapi";
import { ExternalAccountIdParamSchema, ExternalAccountListResponseSchema, ExternalAccountSchema, PlatformExternalAccountListQuerySchema } from "../external-accounts/schemas";
import type { AccountInfo } from "../external-accounts/schemas";
import { InternalAccountListQuerySchema, InternalAccountListResponseSchema } from "../internal-accounts/schemas";
import { ExecuteQuoteHeadersSchema, QuoteIdParamSchema, QuoteRequestSchema, QuoteSchema } from "../quotes/schemas";
import { TransactionIdParamSchema, TransactionListQuerySchema, TransactionListItemSchema, TransactionListResponseSchema } from "../transactions/schemas";
import { createAgentExternalAccount, deleteAgentExternalAccount, getAgentExternalAccount, getAgentTransaction, listAgentExternalAccounts, listAgentInternalAccounts, listAgentTransactions } from "./agent-reads";
import { createAgentQuote, executeAgentQuote, getAgentQuote } from "./agent-quotes";
import { agentRowOf } from "./get-agent-or-throw";
import { AGENT_AUTH, agentIdOf, requireActiveAgent } from "./require-agent";
import { AgentActionSchema, AgentExternalAccountCreateRequestSchema } from "./schemas";

const tags = ["Agent Operations"];
const security = AGENT_AUTH;
const middleware = [requireActiveAgent];

/** The calling agent's scope: its platform and its (live) row. */
async function scope(c: Context<AppEnv>) {
  const auth = c.get("auth");
  return { platformId: auth.platformId, agent: await agentRowOf(c.get("db"), auth.platformId, agentIdOf(auth)) };
}
const ids = (c: Context<AppEnv>) => ({ platformId: c.get("auth").platformId, agentId: agentIdOf(c.get("auth")) });

/** /agents/me/** quotes and reads (AgentAuth), scoped to the agent's one customer. Mounted before agentsRouter. */
export const agentMeRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/agents/me/quotes",
      operationId: "agentCreateQuote",
      summary: "Create a quote on the customer's money (agent)",
      description:
        "As POST /quotes, for the agent's customer only (needs CREATE_QUOTES): the source account and an account destination must be the customer's (else 404) and allowed by the policy (403); `immediatelyExecute` is refused — execute with POST /agents/me/quotes/{quoteId}/execute so the policy applies. The customer deleted → 410 CUSTOMER_DELETED. Answers 200.",
      tags,
      security,
      middleware,
      request: { headers: OptionalIdempotencyHeaderSchema, body: jsonBody(QuoteRequestSchema) },
      responses: { 200: jsonResponse(QuoteSchema, "The quote"), ...errorResponses(400, 401, 403, 404, 409, 410, 429) },
    }),
    async (c) => c.json(await createAgentQuote(c.get("db"), { ...ids(c), request: c.req.valid("json") }), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/agents/me/quotes/{quoteId}",
      operationId: "agentGetQuote",
      summary: "Get one of the agent's quotes",
      description: "Only quotes this agent created (others → 404).",
      tags,
      security,
      middleware,
      request: { params: QuoteIdParamSchema },
      responses: { 200: jsonResponse(QuoteSchema, "The quote"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getAgentQuote(c.get("db"), { ...ids(c), quoteId: c.req.valid("param").quoteId }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/agents/me/quotes/{quoteId}/execute",
      operationId: "agentExecuteQuote",
      summary: "Execute one of the agent's quotes",
      description:
        "Needs EXECUTE_QUOTES; the policy decides on the quote's total sending amount (403 with `details.policyRule` when it refuses). AUTO → the AgentAction `APPROVED` with the transaction; otherwise `PENDING_APPROVAL` and AGENT_ACTION.PENDING_APPROVAL for the platform. When the quote expires before the approval, the action ends `FAILED` at once, with a `rejectionReason` naming the expiry, and leaves the approvals queue (no webhook: AGENT_ACTION.PENDING_APPROVAL is the only agent-action event); a quote already expired → 409 QUOTE_EXPIRED. The customer deleted → 410 CUSTOMER_DELETED (an execution already waiting for approval ends `FAILED` when approved). An embedded-wallet source needs `Service-Wallet-Signature` as for POST /quotes/{quoteId}/execute: checked when the execution runs (AUTO: now, 401 WALLET_SIGNATURE_* without a valid one; else at the approval, where a missing or no longer valid one ends the action `FAILED`).",
      tags,
      security,
      middleware,
      request: { headers: ExecuteQuoteHeadersSchema, params: QuoteIdParamSchema },
      responses: { 200: jsonResponse(AgentActionSchema, "The action"), ...errorResponses(400, 401, 403, 404, 409, 410, 429) },
    }),
    async (c) => c.json(await executeAgentQuote(c.get("db"), { ...ids(c), quoteId: c.req.valid("param").quoteId, walletSignature: c.req.header("service-wallet-signature") }), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/agents/me/transactions",
      operationId: "agentListTransactions",
      summary: "List the customer's transactions (agent)",
      description: "Needs VIEW_TRANSACTIONS; the filters of GET /transactions, always for the agent's customer.",
      tags,
      security,
      middleware,
      request: { query: TransactionListQuerySchema.omit({ customerId: true, platformCustomerId: true, cardId: true }) },
      responses: { 200: jsonResponse(TransactionListResponseSchema, "A page of transactions"), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listAgentTransactions(c.get("db"), await scope(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/agents/me/transactions/{transactionId}",
      operationId: "agentGetTransaction",
      summary: "Get one of the customer's transactions (agent)",
      description: "A payment (`Transaction:<uuid>`) or card transaction (`CardTransaction:<uuid>`) of the customer, as the list shows it. Needs VIEW_TRANSACTIONS; another customer's → 404.",
      tags,
      security,
      middleware,
      request: { params: TransactionIdParamSchema },
      responses: { 200: jsonResponse(TransactionListItemSchema, "The transaction"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getAgentTransaction(c.get("db"), await scope(c), c.req.valid("param").transactionId), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/agents/me/internal-accounts",
      operationId: "agentListInternalAccounts",
      summary: "List the customer's internal accounts (agent)",
      tags,
      security,
      middleware,
      request: { query: InternalAccountListQuerySchema.omit({ customerId: true }) },
      responses: { 200: jsonResponse(InternalAccountListResponseSchema, "A page of internal accounts"), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listAgentInternalAccounts(c.get("db"), await scope(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/agents/me/external-accounts",
      operationId: "agentListExternalAccounts",
      summary: "List the customer's external accounts (agent)",
      tags,
      security,
      middleware,
      request: { query: PlatformExternalAccountListQuerySchema },
      responses: { 200: jsonResponse(ExternalAccountListResponseSchema, "A page of external accounts"), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listAgentExternalAccounts(c.get("db"), await scope(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/agents/me/external-accounts",
      operationId: "agentCreateExternalAccount",
      summary: "Add an external account for the customer (agent)",
      description: "Needs MANAGE_EXTERNAL_ACCOUNTS; as POST /customers/external-accounts for the agent's customer (deleted → 410 CUSTOMER_DELETED).",
      tags,
      security,
      middleware,
      request: { body: jsonBody(AgentExternalAccountCreateRequestSchema) },
      responses: { 201: jsonResponse(ExternalAccountSchema, "The external account, unmasked this once"), ...errorResponses(400, 401, 403, 404, 409, 410) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      return c.json(await createAgentExternalAccount(c.get("db"), await scope(c), { ...body, accountInfo: body.accountInfo as AccountInfo }), 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/agents/me/external-accounts/{externalAccountId}",
      operationId: "agentGetExternalAccount",
      summary: "Get one of the customer's external accounts (agent)",
      tags,
      security,
      middleware,
      request: { params: ExternalAccountIdParamSchema },
      responses: { 200: jsonResponse(ExternalAccountSchema, "The external account"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getAgentExternalAccount(c.get("db"), await scope(c), c.req.valid("param").externalAccountId), 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/agents/me/external-accounts/{externalAccountId}",
      operationId: "agentDeleteExternalAccount",
      summary: "Delete one of the customer's external accounts (agent)",
      description: "Needs MANAGE_EXTERNAL_ACCOUNTS.",
      tags,
      security,
      middleware,
      request: { params: ExternalAccountIdParamSchema },
      responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      await deleteAgentExternalAccount(c.get("db"), await scope(c), c.req.valid("param").externalAccountId);
      return c.body(null, 204);
    },
  );
