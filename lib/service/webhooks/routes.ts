import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { requireSandbox } from "../sandbox/require-sandbox";
import { createRouter, BASIC_AUTH, errorResponses, jsonResponse } from "../http/openapi";
import { TestWebhookResponseSchema, WebhookEventIdParamSchema, WebhookEventListQuerySchema, WebhookEventListResponseSchema, WebhookEventSchema } from "./schemas";
import { sendTestWebhook } from "./send-test-webhook";
import { getEvent, listEvents, replayEvent } from "./list-events";
import { RETRY_LIMIT_TEXT } from "./retry-policy";

const tags = ["Webhooks"];

const testRoute = (path: string, operationId: string, extra: { description: string; sandboxOnly: boolean }) =>
  createRoute({
    method: "post",
    path,
    operationId,
    summary: "Send a test webhook",
    description: extra.description,
    tags: extra.sandboxOnly ? ["Sandbox"] : tags,
    security: BASIC_AUTH,
    middleware: extra.sandboxOnly ? ([requirePermission("MANAGE"), requireSandbox] as const) : ([requirePermission("MANAGE")] as const),
    responses: { 200: jsonResponse(TestWebhookResponseSchema, "The endpoint answered 2xx"), ...errorResponses(400, 403) },
  });

export const webhooksRouter = createRouter()
  .openapi(
    testRoute("/webhooks/test", "testWebhookEndpoint", {
      description: "Sends `{test: true, timestamp, id, type: TEST, data: {}}`, signed, to the configured endpoint now and reports its answer. Never retried.",
      sandboxOnly: false,
    }),
    async (c) => c.json(await sendTestWebhook(c.get("db"), c.get("auth").platformId), 200),
  )
  .openapi(
    testRoute("/sandbox/webhooks/test", "sendTestWebhook", { description: "Alias of POST /webhooks/test.", sandboxOnly: true }),
    async (c) => c.json(await sendTestWebhook(c.get("db"), c.get("auth").platformId), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/webhooks/events",
      operationId: "listWebhookEvents",
      summary: "List webhook events and their delivery state (extension)",
      description:
        `Every event written for the platform, newest first: \`payload\` is the envelope exactly as sent (the \`webhooks\` section describes each type). \`deliveryStatus\`: PENDING or RETRYING (with \`nextAttemptAt\`, when the next attempt falls due or the one in flight fell due; \`attemptCount\` counts an attempt from when it starts), DELIVERED, FAILED (given up after ${RETRY_LIMIT_TEXT}; an approval request that got no usable answer), or NO_ENDPOINT (raised while no \`webhookEndpoint\` was set: replay it once one is). Filter by exact \`type\` and by \`deliveryStatus\`.`,
      tags,
      security: BASIC_AUTH,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: WebhookEventListQuerySchema },
      responses: { 200: jsonResponse(WebhookEventListResponseSchema, "A page of events, newest first"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listEvents(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/webhooks/events/{eventId}",
      operationId: "getWebhookEvent",
      summary: "Get a webhook event with every delivery attempt (extension)",
      description: "The event and each attempt, oldest first: the URL, when it started, the latency, and the receiver's status with the start of its answer, or the network error (for example a timeout after 30 s). An attempt still in flight has neither yet (and `latencyMs` 0); one cut short by a restart of the service keeps neither (it may have reached the receiver) and the event is attempted again.",
      tags,
      security: BASIC_AUTH,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: WebhookEventIdParamSchema },
      responses: { 200: jsonResponse(WebhookEventSchema, "The event"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(await getEvent(c.get("db"), c.get("auth").platformId, c.req.valid("param").eventId), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/webhooks/events/{eventId}/replay",
      operationId: "replayWebhookEvent",
      summary: "Deliver a webhook event again now (extension)",
      description:
        "Queues the event for delivery now, whatever its state (DELIVERED, FAILED and NO_ENDPOINT included), to the current `webhookEndpoint`, then retried like any delivery. The body is the original one, byte for byte: same envelope `id`, same `timestamp`, a valid signature. Receivers that deduplicate on `id` stay correct, and must not reject it for its age. Without an endpoint it settles NO_ENDPOINT again.",
      tags,
      security: BASIC_AUTH,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: WebhookEventIdParamSchema },
      responses: { 200: jsonResponse(WebhookEventSchema, "The event, queued for delivery"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(await replayEvent(c.get("db"), c.get("auth").platformId, c.req.valid("param").eventId), 200),
  );
