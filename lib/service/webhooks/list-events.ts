import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import { now } from "../sandbox/clock";
import { scheduleJob } from "../jobs/schedule-job";
import { DELIVER_WEBHOOK } from "../jobs/enqueue-event";
import { serializeEvent } from "./serialize-event";
import type { WebhookEvent, WebhookEventListQuery } from "./schemas";

/** The platform's webhook events, newest first. */
export async function listEvents(db: Db, platformId: string, query: WebhookEventListQuery): Promise<Page<WebhookEvent>> {
  const where = {
    platformId,
    ...(query.type !== undefined && { type: query.type }),
    ...(query.deliveryStatus !== undefined && { deliveryStatus: query.deliveryStatus }),
  };
  const [rows, count] = await Promise.all([
    db.webhookEvent.findMany({ where: { AND: [where, afterCursor(decodeCursor(query.cursor))] }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 }),
    db.webhookEvent.count(countArgs(where)),
  ]);
  return toPage(rows, query.limit, count, (row) => serializeEvent(row));
}

async function getEventRow(db: Db, platformId: string, eventId: string) {
  const id = parseId("Webhook", eventId);
  const row = id ? await db.webhookEvent.findFirst({ where: { id, platformId }, include: { attempts: { orderBy: { attemptNumber: "asc" } } } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", `Webhook event ${eventId} not found`);
  return row;
}

/** One event with every delivery attempt. Throws: NOT_FOUND. */
export async function getEvent(db: Db, platformId: string, eventId: string): Promise<WebhookEvent> {
  const row = await getEventRow(db, platformId, eventId);
  return serializeEvent(row, row.attempts);
}

/**
 * Delivers an event again now, whatever happened before (same id, same body). A delivery already
 * waiting (a scheduled retry) is brought forward rather than joined by a second one: each would
 * go on with its own chain of retries against a failing endpoint. Throws: NOT_FOUND.
 */
export async function replayEvent(db: Db, platformId: string, eventId: string): Promise<WebhookEvent> {
  const row = await getEventRow(db, platformId, eventId);
  const at = await now(db, platformId);
  await db.$transaction(async (tx) => {
    // Locked: concurrent replays of one event queue one delivery between them.
    await tx.$queryRaw`SELECT "id" FROM "WebhookEvent" WHERE "id" = ${row.id}::uuid FOR UPDATE`;
    await tx.webhookEvent.update({ where: { id: row.id }, data: { deliveryStatus: "PENDING", nextAttemptAt: at, deliveredAt: null } });
    const waiting = await tx.job.updateMany({
      where: { platformId, kind: DELIVER_WEBHOOK, status: "PENDING", payload: { path: ["eventId"], equals: row.id } },
      data: { runAt: at },
    });
    if (waiting.count === 0) await scheduleJob(tx, { platformId, kind: DELIVER_WEBHOOK, payload: { eventId: row.id, replay: true }, runAt: at });
  });
  return getEvent(db, platformId, eventId);
}
