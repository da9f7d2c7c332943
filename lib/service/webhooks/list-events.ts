import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import { now } from "../sandbox/clock";
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
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("Webhook", eventId, { noun: "Webhook event" }));
  return row;
}

/** One event with every delivery attempt. Throws: NOT_FOUND. */
export async function getEvent(db: Db, platformId: string, eventId: string): Promise<WebhookEvent> {
  const row = await getEventRow(db, platformId, eventId);
  return serializeEvent(row, row.attempts);
}

/**
 * Delivers an event again now, whatever happened before (same id, same body). The event is its
 * own queue entry, so a retry already waiting is brought forward rather than joined by a second
 * chain, and an attempt in flight keeps its outcome out of the event's state (its lease is freed
 * here). Throws: NOT_FOUND.
 */
export async function replayEvent(db: Db, platformId: string, eventId: string): Promise<WebhookEvent> {
  const row = await getEventRow(db, platformId, eventId);
  const at = await now(db, platformId);
  await db.webhookEvent.updateMany({
    where: { id: row.id, platformId },
    data: { deliveryStatus: "PENDING", nextAttemptAt: at, deliveredAt: null, lockedUntil: null },
  });
  return getEvent(db, platformId, eventId);
}
