import type { WebhookAttempt, WebhookEvent as WebhookEventRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import type { WebhookEvent } from "./schemas";

export function serializeEvent(row: WebhookEventRow, attempts?: WebhookAttempt[]): WebhookEvent {
  const event: WebhookEvent = {
    id: formatId("Webhook", row.id),
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    deliveryStatus: row.deliveryStatus,
    attemptCount: row.attemptCount,
    payload: JSON.parse(row.body) as Record<string, unknown>,
  };
  if (row.nextAttemptAt) event.nextAttemptAt = row.nextAttemptAt.toISOString();
  if (row.deliveredAt) event.deliveredAt = row.deliveredAt.toISOString();
  if (attempts)
    event.attempts = attempts.map((a) => ({
      attemptNumber: a.attemptNumber,
      url: a.url,
      startedAt: a.startedAt.toISOString(),
      latencyMs: a.latencyMs,
      ...(a.responseStatus !== null && { responseStatus: a.responseStatus }),
      ...(a.responseSnippet !== null && { responseSnippet: a.responseSnippet }),
      ...(a.error !== null && { error: a.error }),
    }));
  return event;
}
