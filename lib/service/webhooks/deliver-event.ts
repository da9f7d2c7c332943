import type { Db } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { scheduleJob } from "../jobs/schedule-job";
import { DELIVER_WEBHOOK, TEST_EVENT } from "../jobs/enqueue-event";
import { postSigned } from "./post-signed";
import { MAX_ATTEMPTS, RETRY_WINDOW_MS, outcomeOf, retryDelayMs } from "./retry-policy";

/**
 * One delivery attempt of a webhook event (the `webhook.deliver` job): POST to the platform's
 * current endpoint, record the attempt, then mark it delivered, schedule the next try, or give up.
 */
export async function deliverEvent(db: Db, platformId: string, eventId: string): Promise<void> {
  const event = await db.webhookEvent.findFirst({ where: { id: eventId, platformId }, include: { platform: true } });
  if (!event || event.deliveryStatus === "DELIVERED") return;
  const endpoint = event.platform.webhookEndpoint;
  if (!endpoint) {
    await db.webhookEvent.update({ where: { id: eventId }, data: { deliveryStatus: "NO_ENDPOINT", nextAttemptAt: null } });
    return;
  }

  const startedAt = await now(db, platformId);
  const result = await postSigned(endpoint, event.body, event.platform.webhookPrivateKeyPem);
  const attemptNumber = event.attemptCount + 1;
  const outcome = outcomeOf(result.responseStatus);
  const giveUp =
    outcome === "GIVE_UP" ||
    event.type === TEST_EVENT || // test events are never retried (BEHAVIORS.md §7.2)
    (outcome === "RETRY" && (attemptNumber >= MAX_ATTEMPTS || startedAt.getTime() - event.createdAt.getTime() >= RETRY_WINDOW_MS));
  const nextAttemptAt = outcome === "RETRY" && !giveUp ? new Date(startedAt.getTime() + retryDelayMs(attemptNumber)) : null;

  await db.$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: { id: uuidv7(), platformId, eventId, attemptNumber, startedAt, ...result },
    });
    await tx.webhookEvent.update({
      where: { id: eventId },
      data: {
        attemptCount: attemptNumber,
        deliveryStatus: outcome === "DELIVERED" ? "DELIVERED" : giveUp ? "FAILED" : "RETRYING",
        deliveredAt: outcome === "DELIVERED" ? startedAt : null,
        nextAttemptAt,
      },
    });
    if (nextAttemptAt) await scheduleJob(tx, { platformId, kind: DELIVER_WEBHOOK, payload: { eventId }, runAt: nextAttemptAt });
  });
}
