import { z } from "@hono/zod-openapi";
import { PageQuerySchema, pageResponseSchema } from "../http/pagination";

export const TestWebhookResponseSchema = z
  .object({
    url: z.string(),
    response_status: z.number().int(),
    response_body: z.string().openapi({ description: "The start of the endpoint's reply body; empty string when it sent none (e.g. 204)." }),
  })
  .openapi("TestWebhookResponse");

export const WebhookAttemptSchema = z
  .object({
    attemptNumber: z.number().int(),
    url: z.string(),
    startedAt: z.string().datetime(),
    latencyMs: z.number().int(),
    responseStatus: z.number().int().optional(),
    responseSnippet: z.string().optional(),
    error: z.string().optional(),
  })
  .openapi("WebhookAttempt");

export const DELIVERY_STATUSES = ["PENDING", "DELIVERED", "RETRYING", "FAILED", "NO_ENDPOINT"] as const;

export const WebhookEventSchema = z
  .object({
    id: z.string().openapi({ example: "Webhook:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    type: z.string(),
    createdAt: z.string().datetime(),
    deliveryStatus: z.enum(DELIVERY_STATUSES),
    attemptCount: z.number().int(),
    nextAttemptAt: z.string().datetime().optional(),
    deliveredAt: z.string().datetime().optional(),
    payload: z.record(z.string(), z.unknown()).openapi({ description: "The envelope exactly as delivered." }),
    attempts: z.array(WebhookAttemptSchema).optional().openapi({ description: "Every attempt, oldest first (single-event reads only)." }),
  })
  .openapi("WebhookEvent", { description: "Extension: a webhook event and its delivery state." });
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

export const WebhookEventListQuerySchema = PageQuerySchema.extend({
  type: z.string().max(100).optional().openapi({ description: "Exact event type, e.g. OUTGOING_PAYMENT.COMPLETED." }),
  deliveryStatus: z.enum(DELIVERY_STATUSES).optional(),
});
export type WebhookEventListQuery = z.infer<typeof WebhookEventListQuerySchema>;

export const WebhookEventListResponseSchema = pageResponseSchema(WebhookEventSchema, "WebhookEventListResponse");

export const WebhookEventIdParamSchema = z.object({
  eventId: z.string().openapi({ param: { name: "eventId", in: "path" }, example: "Webhook:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});
