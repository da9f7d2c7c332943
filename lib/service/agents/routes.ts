import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { formatId } from "../http/ids";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { createAgent } from "./create-agent";
import { createDeviceCode } from "./create-device-code";
import { deleteAgent } from "./delete-agent";
import { getAgentOrThrow } from "./get-agent-or-throw";
import { getDeviceCodeStatus } from "./get-device-code-status";
import { listAgents } from "./list-agents";
import { redeemDeviceCode } from "./redeem-device-code";
import { AGENT_AUTH, agentIdOf, requireActiveAgent } from "./require-agent";
import {
  AgentCreateRequestSchema,
  AgentCreateResponseSchema,
  AgentDeviceCodeRedeemResponseSchema,
  AgentDeviceCodeSchema,
  AgentDeviceCodeStatusResponseSchema,
  AgentIdParamSchema,
  AgentListQuerySchema,
  AgentListResponseSchema,
  AgentPolicyUpdateRequestSchema,
  AgentSchema,
  AgentUpdateRequestSchema,
  DeviceCodeParamSchema,
} from "./schemas";
import { showAgent } from "./serialize-agent";
import { updateAgent } from "./update-agent";
import { updateAgentPolicy } from "./update-agent-policy";

const tags = ["Agent Management"];
const security = BASIC_AUTH;

// Fixed /agents/... paths (device codes) come before /agents/{agentId}: Hono tries routes in order.
export const agentsRouter = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/agents/me",
      operationId: "getAgentMe",
      summary: "Get the calling agent",
      description: "The agent, its policy and usage. AgentAuth only; a paused agent → 403.",
      tags: ["Agent Operations"],
      security: AGENT_AUTH,
      middleware: [requireActiveAgent] as const,
      responses: { 200: jsonResponse(AgentSchema, "The agent"), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await showAgent(c.get("db"), await getAgentOrThrow(c.get("db"), c.get("auth").platformId, formatId("Agent", agentIdOf(c.get("auth"))))), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/agents/device-codes/{code}/status",
      operationId: "getAgentDeviceCodeStatus",
      summary: "Check whether a device code was redeemed",
      description:
        "Poll after showing the code to the person installing the agent: 200 `{code, redeemed}` while the code can still be redeemed (`redeemed` false) or once it was (`redeemed` true, for good). A code that can no longer be redeemed answers 404 NOT_FOUND saying why, never 200 (`details.reason` REPLACED by a newer code from POST /agents/{agentId}/device-codes, or EXPIRED unredeemed 15 minutes after issue, with `details.expiresAt`): stop polling it and poll the newest code, or issue a new one. Unknown codes and deleted agents' codes → 404.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: DeviceCodeParamSchema },
      responses: { 200: jsonResponse(AgentDeviceCodeStatusResponseSchema, "The code's state"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(await getDeviceCodeStatus(c.get("db"), { platformId: c.get("auth").platformId, code: c.req.valid("param").code }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/agents/device-codes/{code}/redeem",
      operationId: "redeemAgentDeviceCode",
      summary: "Redeem a device code (agent installation, no auth)",
      description:
        "Called by the agent software without credentials. Returns the AgentAuth access token once (send it as `Authorization: Bearer <accessToken>`); it is stored only hashed and works until the agent is deleted. A redeemed, replaced or expired (15 minutes) code → 400; unknown → 404.",
      tags,
      security: [],
      request: { params: DeviceCodeParamSchema },
      responses: { 200: jsonResponse(AgentDeviceCodeRedeemResponseSchema, "The agent and its access token"), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(await redeemDeviceCode(c.get("db"), c.req.valid("param").code), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/agents",
      operationId: "createAgent",
      summary: "Create an agent",
      description: "An agent acting for one of the platform's customers under `policy`; returns its first device code (valid 15 minutes). Unknown customer → 404, deleted → 410. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { body: jsonBody(AgentCreateRequestSchema) },
      responses: { 201: jsonResponse(AgentCreateResponseSchema, "The agent and its device code"), ...errorResponses(400, 403, 404, 410) },
    }),
    async (c) => c.json(await createAgent(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") }), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/agents",
      operationId: "listAgents",
      summary: "List agents",
      description: "Newest first; deleted agents are not listed.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: AgentListQuerySchema },
      responses: { 200: jsonResponse(AgentListResponseSchema, "A page of agents"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listAgents(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/agents/{agentId}",
      operationId: "getAgentById",
      summary: "Get an agent",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: AgentIdParamSchema },
      responses: { 200: jsonResponse(AgentSchema, "The agent"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(await showAgent(c.get("db"), await getAgentOrThrow(c.get("db"), c.get("auth").platformId, c.req.valid("param").agentId)), 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/agents/{agentId}",
      operationId: "updateAgent",
      summary: "Rename, pause or resume an agent",
      description: "`isPaused: true` stops every agent operation (403) until `isPaused: false`. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: AgentIdParamSchema, body: jsonBody(AgentUpdateRequestSchema) },
      responses: { 200: jsonResponse(AgentSchema, "The agent"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await updateAgent(c.get("db"), { platformId: c.get("auth").platformId, agentId: c.req.valid("param").agentId, request: c.req.valid("json") }), 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/agents/{agentId}",
      operationId: "deleteAgent",
      summary: "Delete an agent",
      description: "Its access token stops working at once (401) and its unredeemed device codes are void. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: AgentIdParamSchema },
      responses: { 204: { description: "Deleted" }, ...errorResponses(403, 404) },
    }),
    async (c) => {
      await deleteAgent(c.get("db"), { platformId: c.get("auth").platformId, agentId: c.req.valid("param").agentId });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/agents/{agentId}/policy",
      operationId: "updateAgentPolicy",
      summary: "Update an agent's policy",
      description: "Only the fields sent change: `spendingLimits` field by field, the others replaced whole. Live at once. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: AgentIdParamSchema, body: jsonBody(AgentPolicyUpdateRequestSchema) },
      responses: { 200: jsonResponse(AgentSchema, "The agent with its new policy"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await updateAgentPolicy(c.get("db"), { platformId: c.get("auth").platformId, agentId: c.req.valid("param").agentId, request: c.req.valid("json") }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/agents/{agentId}/device-codes",
      operationId: "regenerateAgentDeviceCode",
      summary: "Issue a new device code",
      description: "Voids the agent's unredeemed codes; the new one is valid 15 minutes. Already connected → 409. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: AgentIdParamSchema },
      responses: { 201: jsonResponse(AgentDeviceCodeSchema, "The new code"), ...errorResponses(403, 404, 409) },
    }),
    async (c) => c.json(await createDeviceCode(c.get("db"), { platformId: c.get("auth").platformId, agentId: c.req.valid("param").agentId }), 201),
  );
