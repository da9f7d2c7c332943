import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse, OptionalIdempotencyHeaderSchema } from "../http/openapi";
import { TransferInRequestSchema, TransferOutRequestSchema } from "../transfers/schemas";
import { approveAgentAction, rejectAgentAction } from "./decide-agent-action";
import { getMyAgentAction, listAgentApprovals, listMyAgentActions } from "./list-agent-actions";
import { requestAgentTransfer } from "./request-agent-transfer";
import { AGENT_AUTH, agentIdOf, requireActiveAgent } from "./require-agent";
import {
  AgentActionListResponseSchema,
  AgentActionParamsSchema,
  AgentActionRejectRequestSchema,
  AgentActionSchema,
  AgentApprovalsQuerySchema,
  AgentMyActionsQuerySchema,
  MyActionParamSchema,
} from "./schemas";

const POLICY_NOTE =
  "The agent's policy decides (403 FORBIDDEN with `details.policyRule` when it refuses: PAUSED, PERMISSION, ACCOUNT, PER_TRANSACTION_LIMIT, DAILY_LIMIT, MONTHLY_LIMIT, DAILY_TRANSACTION_LIMIT). AUTO → `APPROVED` with the transaction; APPROVAL_REQUIRED (or above `approvalThresholds`) → `PENDING_APPROVAL` and the platform gets AGENT_ACTION.PENDING_APPROVAL. Accounts must be the agent's customer's (another's → 404). The customer deleted → 410 CUSTOMER_DELETED (an action already waiting for approval ends FAILED when approved).";

/** /agents/me/** money actions (AgentAuth) and the platform's approval queue. Mounted before agentsRouter: fixed paths first. */
export const agentActionsRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/agents/me/transfer-out",
      operationId: "agentCreateTransferOut",
      summary: "Transfer from the customer's internal account to its external account (agent)",
      description: `Same currency; needs CREATE_TRANSFERS. ${POLICY_NOTE}`,
      tags: ["Agent Operations"],
      security: AGENT_AUTH,
      middleware: [requireActiveAgent] as const,
      request: { headers: OptionalIdempotencyHeaderSchema, body: jsonBody(TransferOutRequestSchema) },
      responses: { 201: jsonResponse(AgentActionSchema, "The action"), ...errorResponses(400, 401, 403, 404, 409, 410, 429) },
    }),
    async (c) => {
      const auth = c.get("auth");
      return c.json(await requestAgentTransfer(c.get("db"), { platformId: auth.platformId, agentId: agentIdOf(auth), type: "TRANSFER_OUT", request: c.req.valid("json") }), 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/agents/me/transfer-in",
      operationId: "agentCreateTransferIn",
      summary: "Pull from the customer's bank account into its internal account (agent)",
      description: `Same currency; needs CREATE_TRANSFERS. Money coming in counts toward the daily action count, not the spending limits. ${POLICY_NOTE}`,
      tags: ["Agent Operations"],
      security: AGENT_AUTH,
      middleware: [requireActiveAgent] as const,
      request: { headers: OptionalIdempotencyHeaderSchema, body: jsonBody(TransferInRequestSchema) },
      responses: { 201: jsonResponse(AgentActionSchema, "The action"), ...errorResponses(400, 401, 403, 404, 409, 410) },
    }),
    async (c) => {
      const auth = c.get("auth");
      return c.json(await requestAgentTransfer(c.get("db"), { platformId: auth.platformId, agentId: agentIdOf(auth), type: "TRANSFER_IN", request: c.req.valid("json") }), 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/agents/me/actions",
      operationId: "agentListActions",
      summary: "List the agent's actions",
      description: "Newest first; poll with `status=PENDING_APPROVAL` to see what still waits for the platform.",
      tags: ["Agent Operations"],
      security: AGENT_AUTH,
      middleware: [requireActiveAgent] as const,
      request: { query: AgentMyActionsQuerySchema },
      responses: { 200: jsonResponse(AgentActionListResponseSchema, "A page of actions"), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const auth = c.get("auth");
      return c.json(await listMyAgentActions(c.get("db"), auth.platformId, agentIdOf(auth), c.req.valid("query")), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/agents/me/actions/{actionId}",
      operationId: "agentGetAction",
      summary: "Get one of the agent's actions",
      tags: ["Agent Operations"],
      security: AGENT_AUTH,
      middleware: [requireActiveAgent] as const,
      request: { params: MyActionParamSchema },
      responses: { 200: jsonResponse(AgentActionSchema, "The action"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const auth = c.get("auth");
      return c.json(await getMyAgentAction(c.get("db"), auth.platformId, agentIdOf(auth), c.req.valid("param").actionId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/agents/approvals",
      operationId: "listAgentApprovals",
      summary: "List agent actions waiting for approval",
      description: "Actions in PENDING_APPROVAL of the platform's live agents; `startDate`/`endDate` inclusive; newest first unless `sortOrder=asc`.",
      tags: ["Agent Management"],
      security: BASIC_AUTH,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: AgentApprovalsQuerySchema },
      responses: { 200: jsonResponse(AgentActionListResponseSchema, "A page of pending actions"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listAgentApprovals(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/agents/{agentId}/actions/{actionId}/approve",
      operationId: "approveAgentAction",
      summary: "Approve an agent's pending action",
      description:
        "Re-checks the pause, the policy and the limits as they are now, then runs the action → APPROVED with its transaction; a failed check or operation → FAILED with the reason in `rejectionReason` (nothing moves). Not pending → 409 (also an EXECUTE_QUOTE action whose quote expired meanwhile: it ended FAILED then). A TRANSFER_OUT or TRANSFER_IN action has no deadline and waits until approved or rejected. Requires TRANSACT.",
      tags: ["Agent Management"],
      security: BASIC_AUTH,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: AgentActionParamsSchema },
      responses: { 200: jsonResponse(AgentActionSchema, "The action after the decision"), ...errorResponses(403, 404, 409) },
    }),
    async (c) => c.json(await approveAgentAction(c.get("db"), { platformId: c.get("auth").platformId, ...c.req.valid("param") }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/agents/{agentId}/actions/{actionId}/reject",
      operationId: "rejectAgentAction",
      summary: "Reject an agent's pending action",
      description: "→ REJECTED with `reason` (or a default) in `rejectionReason`. Not pending → 409. Requires TRANSACT.",
      tags: ["Agent Management"],
      security: BASIC_AUTH,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: AgentActionParamsSchema, body: { ...jsonBody(AgentActionRejectRequestSchema), required: false } },
      responses: { 200: jsonResponse(AgentActionSchema, "The action after the decision"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => c.json(await rejectAgentAction(c.get("db"), { platformId: c.get("auth").platformId, ...c.req.valid("param"), reason: c.req.valid("json")?.reason }), 200),
  );
