import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/db/sql";
import type { Db, SqlTx } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { deliveryJobRow, TEST_EVENT } from "../jobs/enqueue-event";
import { postSigned } from "./post-signed";
import { MAX_ATTEMPTS, RETRY_WINDOW_MS, outcomeOf, retryDelayMs } from "./retry-policy";

export interface EventDelivery {
  platformId: string;
  eventId: string;
}

interface EventToDeliver {
  id: string;
  platformId: string;
  type: string;
  body: string;
  deliveryStatus: string;
  attemptCount: number;
  createdAt: Date;
  webhookEndpoint: string | null;
  webhookPrivateKeyPem: string;
}

/**
 * One delivery attempt for each of a batch of webhook events (the `webhook.deliver` jobs a worker
 * claimed together): POST each to its platform's current endpoint, record the attempt, then mark
 * it delivered, schedule the next try, or give up. Every payment writes several events, so the
 * batch is read in one query, events without an endpoint are settled in one statement, and each
 * attempt is recorded in one statement. Returns, per delivery, the error that stopped it or null.
 */
export async function deliverEvents(db: Db, deliveries: EventDelivery[]): Promise<(unknown | null)[]> {
  const sql = sqlOf(db); // the worker's hottest statements: straight on the pool outside a transaction
  const rows = await sql.$queryRaw<EventToDeliver[]>`
    SELECT e."id", e."platformId", e."type", e."body", e."deliveryStatus"::text, e."attemptCount", e."createdAt", p."webhookEndpoint", p."webhookPrivateKeyPem"
    FROM "WebhookEvent" e JOIN "Platform" p ON p."id" = e."platformId"
    WHERE e."id" = ANY(${deliveries.map((d) => d.eventId)}::uuid[]) AND e."platformId" = ANY(${deliveries.map((d) => d.platformId)}::uuid[])`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const events = deliveries.map((d) => {
    const event = byId.get(d.eventId);
    return event && event.platformId === d.platformId && event.deliveryStatus !== "DELIVERED" ? event : null;
  });

  const withoutEndpoint = events.filter((e) => e !== null && !e.webhookEndpoint).map((e) => e!);
  if (withoutEndpoint.length > 0)
    await sql.$executeRaw`UPDATE "WebhookEvent" SET "deliveryStatus" = 'NO_ENDPOINT', "nextAttemptAt" = NULL
      WHERE "id" = ANY(${withoutEndpoint.map((e) => e.id)}::uuid[]) AND "platformId" = ANY(${withoutEndpoint.map((e) => e.platformId)}::uuid[])`;

  return Promise.all(
    events.map((event) =>
      event?.webhookEndpoint
        ? attemptDelivery(sql, event, event.webhookEndpoint).then(
            () => null,
            (e: unknown) => e,
          )
        : null,
    ),
  );
}

/** One event, one endpoint, one attempt; the attempt, the event's new state and any retry job are written as one statement. */
async function attemptDelivery(db: SqlTx, event: EventToDeliver, endpoint: string): Promise<void> {
  const { platformId } = event;
  const startedAt = await now(db, platformId);
  const result = await postSigned(endpoint, event.body, event.webhookPrivateKeyPem);
  const attemptNumber = event.attemptCount + 1;
  const outcome = outcomeOf(result.responseStatus);
  const giveUp =
    event.type === TEST_EVENT || // test events are never retried (BEHAVIORS.md §7.2)
    (outcome === "RETRY" && (attemptNumber >= MAX_ATTEMPTS || startedAt.getTime() - event.createdAt.getTime() >= RETRY_WINDOW_MS));
  const nextAttemptAt = outcome === "RETRY" && !giveUp ? new Date(startedAt.getTime() + retryDelayMs(attemptNumber)) : null;
  const deliveryStatus = outcome === "DELIVERED" ? "DELIVERED" : giveUp ? "FAILED" : "RETRYING";
  const retry = nextAttemptAt ? Prisma.sql`, ${deliveryJobRow({ platformId, eventId: event.id, runAt: nextAttemptAt, at: startedAt }, "retry_job")}` : Prisma.empty;
  await db.$executeRaw`
    WITH "attempt" AS (
      INSERT INTO "WebhookAttempt" ("id", "platformId", "eventId", "attemptNumber", "url", "startedAt", "latencyMs", "responseStatus", "responseSnippet", "error")
      VALUES (${uuidv7()}::uuid, ${platformId}::uuid, ${event.id}::uuid, ${attemptNumber}::int, ${result.url}, ${startedAt}::timestamptz, ${result.latencyMs}::int,
        ${result.responseStatus}::int, ${result.responseSnippet}::text, ${result.error}::text)
    )${retry}
    UPDATE "WebhookEvent" SET "attemptCount" = ${attemptNumber}::int, "deliveryStatus" = ${deliveryStatus}::"WebhookDeliveryStatus",
      "deliveredAt" = ${outcome === "DELIVERED" ? startedAt : null}::timestamptz, "nextAttemptAt" = ${nextAttemptAt}::timestamptz
    WHERE "id" = ${event.id}::uuid AND "platformId" = ${platformId}::uuid`;
}
