import { Prisma } from "@/lib/generated/prisma/client";
import type { SqlTx } from "../db";
import { formatId, uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";

/** The kind a webhook delivery attempt is reported as beside the jobs that ran (runDueJobs). */
export const DELIVER_WEBHOOK = "webhook.deliver";

/** A webhook event about to be written: its id, time and the exact body every attempt sends. */
export interface OutboxEvent {
  id: string;
  platformId: string;
  type: string;
  body: string;
  at: Date;
  /** `data.id`: the resource whose events are delivered in the order they were written (outboxRows). */
  resourceId: string | null;
}

/**
 * Writes a webhook event in the caller's transaction (transactional outbox), due for delivery at
 * once. `data` is the resource exactly as the API returns it. The body is fixed now, so every
 * attempt sends the same bytes and the same envelope id. SPEC.md § Events.
 */
export async function enqueueEvent(tx: SqlTx, event: EventInput): Promise<string> {
  const outbox = await prepareEvent(tx, event);
  await tx.$executeRaw`WITH ${outboxRows(outbox)} SELECT 1`;
  return formatId("Webhook", outbox.id);
}

interface EventInput {
  platformId: string;
  type: string;
  data: unknown;
  /** The time of the change the event reports, when the caller already read it (default: the clock now). */
  at?: Date;
}

/** The event's id, time and body, for callers that write it with other rows in one statement (outboxRows). */
export async function prepareEvent(tx: SqlTx, event: EventInput): Promise<OutboxEvent> {
  const at = event.at ?? (await now(tx, event.platformId));
  const id = uuidv7(at.getTime());
  return { id, platformId: event.platformId, type: event.type, body: eventBody(id, event.type, at, event.data), at, resourceId: resourceIdOf(event.data) };
}

function resourceIdOf(data: unknown): string | null {
  const id = typeof data === "object" && data !== null ? (data as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : null;
}

/**
 * The event rows as a data-modifying CTE (`WITH <this>, … <statement>`): written inside whatever
 * statement the caller writes anyway. Their first attempt falls due at once; the worker finds them
 * by `nextAttemptAt` (deliver-event.ts). A platform without a webhook endpoint has nothing to
 * deliver to: its events are written settled (NO_ENDPOINT), as the worker's claim would settle them,
 * and the worker never reads or rewrites them. `name` prefixes the CTE's name (a fixed identifier,
 * never input) when one statement writes several.
 * A resource's events go out in the order the database numbers them (`writeOrder`, drawn as each
 * row is inserted). The rows of one INSERT are numbered in the order listed, but the data-modifying
 * CTEs of one statement run in no set order (PostgreSQL runs them last first): so one statement's
 * events of the same resource are passed in ONE call, in the order they happened.
 */
export function outboxRows(events: OutboxEvent | OutboxEvent[], name = "outbox"): Prisma.Sql {
  const rows = (Array.isArray(events) ? events : [events]).map((event) => {
    const noEndpoint = Prisma.sql`(SELECT "webhookEndpoint" IS NULL FROM "Platform" WHERE "id" = ${event.platformId}::uuid)`;
    return Prisma.sql`(${event.id}::uuid, ${event.platformId}::uuid, ${event.type}, ${event.body}, ${event.resourceId}::text,
        (CASE WHEN ${noEndpoint} THEN 'NO_ENDPOINT' ELSE 'PENDING' END)::"WebhookDeliveryStatus", 0,
        CASE WHEN ${noEndpoint} THEN NULL ELSE ${event.at}::timestamptz END, ${event.at}::timestamptz)`;
  });
  return Prisma.sql`
    ${Prisma.raw(`"${name}_event"`)} AS (
      INSERT INTO "WebhookEvent" ("id", "platformId", "type", "body", "resourceId", "deliveryStatus", "attemptCount", "nextAttemptAt", "createdAt")
      VALUES ${Prisma.join(rows, ", ")}
    )`;
}

/** The envelope text. TEST events also carry `test: true` (SPEC.md § Delivery rules). */
export function eventBody(id: string, type: string, at: Date, data: unknown): string {
  const envelope = { id: formatId("Webhook", id), type, timestamp: at.toISOString(), data };
  return JSON.stringify(type === TEST_EVENT ? { test: true, ...envelope } : envelope);
}

export const TEST_EVENT = "TEST";
