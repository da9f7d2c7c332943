import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { TEST_EVENT, eventBody } from "../jobs/enqueue-event";
import { postSigned } from "./post-signed";
import { outcomeOf } from "./retry-policy";

/**
 * POST /webhooks/test: sends `{test: true, timestamp, id, type: TEST, data: {}}` to the endpoint now
 * and reports its answer; the event and the attempt are recorded like any other, never retried.
 * Throws: WEBHOOK_ENDPOINT_NOT_SET, WEBHOOK_DELIVERY_ERROR (SPEC.md § Events, BEHAVIORS.md §7.4).
 */
export async function sendTestWebhook(db: Db, platformId: string) {
  const platform = await db.platform.findUniqueOrThrow({ where: { id: platformId } });
  if (!platform.webhookEndpoint)
    throw new ServiceError("WEBHOOK_ENDPOINT_NOT_SET", "No webhook endpoint is configured; set webhookEndpoint with PATCH /config first");

  const at = await now(db, platformId);
  const id = uuidv7(at.getTime());
  const body = eventBody(id, TEST_EVENT, at, {});
  const result = await postSigned(platform.webhookEndpoint, body, platform.webhookPrivateKeyPem);
  const delivered = outcomeOf(result.responseStatus) === "DELIVERED" && result.responseStatus !== 409;
  await db.$transaction([
    db.webhookEvent.create({
      data: { id, platformId, type: TEST_EVENT, body, createdAt: at, attemptCount: 1, deliveryStatus: delivered ? "DELIVERED" : "FAILED", deliveredAt: delivered ? at : null },
    }),
    db.webhookAttempt.create({ data: { id: uuidv7(), platformId, eventId: id, attemptNumber: 1, startedAt: at, ...result } }),
  ]);

  if (!delivered) {
    const reason = result.error ?? `endpoint answered HTTP ${result.responseStatus}`;
    throw new ServiceError("WEBHOOK_DELIVERY_ERROR", `Test webhook to ${result.url} failed: ${reason}`, {
      details: { url: result.url, reason, ...(result.responseStatus !== null && { response_status: result.responseStatus }) },
    });
  }
  // BEHAVIORS.md §7.4: response_body is always present; an endpoint that answers 204 sent "".
  return { url: result.url, response_status: result.responseStatus!, response_body: result.responseSnippet ?? "" };
}
