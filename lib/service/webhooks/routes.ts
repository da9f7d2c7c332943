import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { requireSandbox } from "../sandbox/require-sandbox";
import { createRouter, BASIC_AUTH, errorResponses, jsonResponse } from "../http/openapi";
import { TestWebhookResponseSchema, WebhookEventIdParamSchema, WebhookEventListQuerySchema, WebhookEventListResponseSchema, WebhookEventSchema } from "./schemas";
import { sendTestWebhook } from "./send-test-webhook";
import { getEvent, listEvents, replayEvent } from "./list-events";

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
    testRoute("/webhooks/test", "sendTestWebhook", {
      description: "Sends `{test: true, timestamp, id, type: TEST, data: {}}`, signed, to the configured endpoint now and reports its answer. Never retried.",
      sandboxOnly: false,
    }),
    async (c) => c.json(await sendTestWebhook(c.get("db"), c.get("auth").platformId), 200),
  )
  .openapi(
    testRoute("/sandbox/webhooks/test", "sendSandboxTestWebhook", { description: "Alias of POST /webhooks/test.", sandboxOnly: true }),
    async (c) => c.json(await sendTestWebhook(c.get("db"), c.get("auth").platformId), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/webhooks/events",
      operationId: "listWebhookEvents",
      summary: "List webhook events and their delivery state (extension)",
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
      description: "Same envelope id and body as before, so receivers that deduplicate on `id` stay correct.",
      tags,
      security: BASIC_AUTH,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: WebhookEventIdParamSchema },
      responses: { 200: jsonResponse(WebhookEventSchema, "The event, queued for delivery"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(await replayEvent(c.get("db"), c.get("auth").platformId, c.req.valid("param").eventId), 200),
  );
