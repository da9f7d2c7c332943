import type { DbOrTx } from "../db";
import { formatId, uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { scheduleJob } from "./schedule-job";

export const DELIVER_WEBHOOK = "webhook.deliver";

/**
 * Writes a webhook event in the caller's transaction (transactional outbox) and schedules its
 * delivery. `data` is the resource exactly as the API returns it. The body is fixed now, so every
 * attempt sends the same bytes and the same envelope id. SPEC.md § Events.
 */
export async function enqueueEvent(tx: DbOrTx, event: { platformId: string; type: string; data: unknown }): Promise<string> {
  const at = await now(tx, event.platformId);
  const id = uuidv7(at.getTime());
  const body = eventBody(id, event.type, at, event.data);
  await tx.webhookEvent.create({ data: { id, platformId: event.platformId, type: event.type, body, createdAt: at } });
  await scheduleJob(tx, { platformId: event.platformId, kind: DELIVER_WEBHOOK, payload: { eventId: id }, runAt: at });
  return formatId("Webhook", id);
}

/** The envelope text. TEST events also carry `test: true` (SPEC.md § Delivery rules). */
export function eventBody(id: string, type: string, at: Date, data: unknown): string {
  const envelope = { id: formatId("Webhook", id), type, timestamp: at.toISOString(), data };
  return JSON.stringify(type === TEST_EVENT ? { test: true, ...envelope } : envelope);
}

export const TEST_EVENT = "TEST";
