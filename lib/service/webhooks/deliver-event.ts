import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/db/sql";
import type { Db, SqlTx } from "../db";
import { uuidv7 } from "../http/ids";
import { rememberClockOffset } from "../sandbox/clock";
import { TEST_EVENT } from "../jobs/enqueue-event";
import { LEASE_MS } from "../jobs/lease";
import { postSigned, webhookTimeoutMs } from "./post-signed";
import { MAX_ATTEMPTS, RETRY_WINDOW_MS, outcomeOf, retryDelayMs } from "./retry-policy";

/** An event a worker claimed: due, its lease taken until `lockedUntil`, with its platform's endpoint and key. */
export interface ClaimedEvent {
  id: string;
  platformId: string;
  type: string;
  body: string;
  attemptCount: number;
  createdAt: Date;
  /** When it fell due. */
  nextAttemptAt: Date;
  /** Null (as webhookEndpoint) when the claim settled it: its platform has no endpoint. */
  lockedUntil: Date | null;
  /** The attempt the claim recorded as started (null when it settled the event): its outcome is written into it. */
  attemptId: string | null;
  /** When that attempt started, on the platform clock. */
  startedAt: Date | null;
  webhookEndpoint: string | null;
  webhookPrivateKeyPem: string;
  /** The platform's clock offset as the claim read it (rememberClockOffset). */
  clockOffsetMs: bigint;
}

/**
 * Claims up to `limit` events whose next attempt has come on their platform's clock, oldest first,
 * and whose lease is free: never taken, or expired (a crashed worker's events are attempted again).
 * `FOR UPDATE SKIP LOCKED` lets workers claim side by side without taking the same event twice.
 * An event is due exactly while `nextAttemptAt` is set, and `IS NOT NULL` stops the index scan
 * before the delivered events' nulls. The claimed rows are updated by primary key (`= ANY(ARRAY(…))`):
 * a join to "due" may be planned as a scan of the whole table while statistics are missing.
 * One resource's events (same `data.id`) go out one at a time, in the order they were written: an
 * event waits while an earlier one of its resource is still to be delivered (due, in flight or
 * retrying), so a receiver that applies each status as it arrives (SPEC.md § States) never sees
 * PROCESSING after COMPLETED. A retrying event holds its resource's later events back until it is
 * delivered or given up (FAILED); other resources are not held.
 * An event whose platform has no endpoint is settled (NO_ENDPOINT, nothing left to do) by the same
 * update instead of being leased: one write per event instead of two. It is returned with
 * `webhookEndpoint` and `lockedUntil` null. Every other event's attempt is recorded as started by
 * the same statement (counted, with no answer yet), so the API shows an attempt in flight as one,
 * and one cut short by a crash stays listed. The attempts are timed on the platform clock the claim
 * read (rememberClockOffset).
 */
export async function claimDueEvents(
  db: Db,
  options: { limit: number; platformId?: string; /** this event only, if it is due (an advance of the sandbox clock) */ id?: string; /** events the caller is still sending */ except?: string[] },
): Promise<ClaimedEvent[]> {
  // Its own statement text when scoped, so a generic plan never serves both (planCacheMode).
  const onePlatform = options.platformId ? Prisma.sql`AND e."platformId" = ${options.platformId}::uuid` : Prisma.empty;
  const scope = options.id ? Prisma.sql`${onePlatform} AND e."id" = ${options.id}::uuid` : onePlatform;
  const settles = Prisma.sql`e."id" = ANY(ARRAY(SELECT "id" FROM "due" WHERE "noEndpoint"))`;
  const attemptIds = Array.from({ length: options.limit }, () => uuidv7());
  const claimed = await sqlOf(db).$queryRaw<ClaimedEvent[]>`
    WITH "due" AS (
      SELECT e."id", e."nextAttemptAt", p."webhookEndpoint" IS NULL AS "noEndpoint" FROM "WebhookEvent" e JOIN "Platform" p ON p."id" = e."platformId"
      WHERE e."nextAttemptAt" IS NOT NULL
        AND e."nextAttemptAt" <= now() + p."clockOffsetMs" * interval '1 millisecond'
        AND (e."lockedUntil" IS NULL OR e."lockedUntil" < now())
        AND NOT (e."id" = ANY(${options.except ?? []}::uuid[]))
        AND ${isNextOfItsResource("e")}
        ${scope}
      ORDER BY e."nextAttemptAt", e."id"
      LIMIT ${options.limit}
      FOR UPDATE OF e SKIP LOCKED
    ), "claimed" AS (
      UPDATE "WebhookEvent" e SET
        "lockedUntil" = CASE WHEN ${settles} THEN NULL ELSE now() + ${deliveryLeaseMs()} * interval '1 millisecond' END,
        "nextAttemptAt" = CASE WHEN ${settles} THEN NULL ELSE e."nextAttemptAt" END,
        "deliveryStatus" = CASE WHEN ${settles} THEN 'NO_ENDPOINT' ELSE e."deliveryStatus" END,
        "attemptCount" = CASE WHEN ${settles} THEN e."attemptCount" ELSE e."attemptCount" + 1 END
      WHERE e."id" = ANY(ARRAY(SELECT "id" FROM "due"))
      RETURNING e."id", e."platformId", e."type", e."body", e."attemptCount", e."createdAt", e."nextAttemptAt", e."lockedUntil"
    ), "started" AS (
      SELECT c.*, d."nextAttemptAt" AS "dueAt", p."webhookEndpoint", p."webhookPrivateKeyPem", p."clockOffsetMs",
        (${attemptIds}::uuid[])[row_number() OVER (ORDER BY d."nextAttemptAt", c."id")] AS "attemptId",
        now() + p."clockOffsetMs" * interval '1 millisecond' AS "startedAt"
      FROM "claimed" c JOIN "due" d ON d."id" = c."id" JOIN "Platform" p ON p."id" = c."platformId"
      WHERE c."lockedUntil" IS NOT NULL
    ), "attempt" AS (
      INSERT INTO "WebhookAttempt" ("id", "platformId", "eventId", "attemptNumber", "url", "startedAt", "latencyMs")
      SELECT "attemptId", "platformId", "id", "attemptCount", "webhookEndpoint", "startedAt", 0 FROM "started"
    )
    SELECT c."id", c."platformId", c."type", c."body", c."attemptCount", c."createdAt", d."nextAttemptAt", c."lockedUntil",
      CASE WHEN c."lockedUntil" IS NULL THEN NULL ELSE p."webhookEndpoint" END AS "webhookEndpoint", p."webhookPrivateKeyPem", p."clockOffsetMs",
      s."attemptId", s."startedAt"
    FROM "claimed" c JOIN "due" d ON d."id" = c."id" JOIN "Platform" p ON p."id" = c."platformId" LEFT JOIN "started" s ON s."id" = c."id"
    ORDER BY d."nextAttemptAt", c."id"`;
  for (const event of claimed) rememberClockOffset(event.platformId, Number(event.clockOffsetMs));
  return claimed;
}

/**
 * How long a claimed event stays reserved for its worker (wall clock): the attempt, which gives up
 * after the webhook timeout, and as long again to record it. A worker that could not record it
 * (its database connection dropped) or crashed leaves it to be attempted again that soon, not after
 * a job's lease (minutes) with its resource's later events held behind it. JOB_LEASE_SECONDS, if
 * shorter, shortens it too.
 */
function deliveryLeaseMs(): number {
  return Math.min(LEASE_MS, 2 * webhookTimeoutMs());
}

/**
 * Whether the event (`alias` of "WebhookEvent") is the first written of its resource's events still
 * to be delivered, or belongs to no resource: only then may it go out (claimDueEvents). Written
 * order is `writeOrder`, which the database assigns: `createdAt` and the id come from the clocks of
 * whichever process wrote the event and can sort one millisecond's events the other way.
 */
export function isNextOfItsResource(alias: string): Prisma.Sql {
  const e = Prisma.raw(`"${alias}"`); // a fixed identifier, never input
  return Prisma.sql`(${e}."resourceId" IS NULL OR NOT EXISTS (
    SELECT 1 FROM "WebhookEvent" earlier
    WHERE earlier."platformId" = ${e}."platformId" AND earlier."resourceId" = ${e}."resourceId" AND earlier."nextAttemptAt" IS NOT NULL
      AND earlier."writeOrder" < ${e}."writeOrder"
  ))`;
}

/** How one claimed event's turn ended: the attempt it recorded (none without an endpoint), or the error that stopped it. */
export interface DeliveryOutcome {
  attemptId: string | null;
  error: unknown | null;
}

/**
 * One delivery attempt for each claimed event: POST each to its platform's current endpoint,
 * record the attempt, then mark it delivered, schedule the next try, or give up, in one statement
 * per attempt. Events without an endpoint were settled by the claim. An event whose turn throws
 * keeps its lease, so it is attempted again once the lease runs out.
 */
export async function deliverEvents(db: Db, events: ClaimedEvent[]): Promise<DeliveryOutcome[]> {
  const sql = sqlOf(db); // the worker's hottest statements: straight on the pool outside a transaction
  return Promise.all(
    events.map(async (event): Promise<DeliveryOutcome> => {
      if (!event.webhookEndpoint || !event.attemptId || !event.startedAt) return { attemptId: null, error: null };
      const { attemptId } = event;
      return attemptDelivery(sql, event, event.webhookEndpoint, attemptId, event.startedAt).then(
        () => ({ attemptId, error: null }),
        (error: unknown) => ({ attemptId: null, error }),
      );
    }),
  );
}

/**
 * One event, one endpoint, one attempt (recorded as started by the claim); its outcome and the
 * event's new state are written as one statement. The state is written only while this worker
 * still holds the lease it claimed: a replay meanwhile (which frees the lease and makes the event
 * due now) keeps its own next attempt.
 */
async function attemptDelivery(db: SqlTx, event: ClaimedEvent, endpoint: string, attemptId: string, startedAt: Date): Promise<void> {
  const { platformId } = event;
  const result = await postSigned(endpoint, event.body, event.webhookPrivateKeyPem);
  const attemptNumber = event.attemptCount; // counted by the claim
  const outcome = outcomeOf(result.responseStatus);
  const giveUp =
    event.type === TEST_EVENT || // test events are never retried (BEHAVIORS.md §7.2)
    (outcome === "RETRY" && (attemptNumber >= MAX_ATTEMPTS || startedAt.getTime() - event.createdAt.getTime() >= RETRY_WINDOW_MS));
  // The backoff counts from when the attempt ended: counted from its start, a receiver that always
  // times out (30 s) would be retried before its last attempt had even given up.
  const endedAt = startedAt.getTime() + result.latencyMs;
  const nextAttemptAt = outcome === "RETRY" && !giveUp ? new Date(endedAt + retryDelayMs(attemptNumber)) : null;
  const deliveryStatus = outcome === "DELIVERED" ? "DELIVERED" : giveUp ? "FAILED" : "RETRYING";
  const owned = Prisma.sql`"lockedUntil" = ${event.lockedUntil}::timestamptz`;
  await db.$executeRaw`
    WITH "event" AS (
      UPDATE "WebhookEvent" SET
        "deliveryStatus" = CASE WHEN ${owned} THEN ${deliveryStatus}::"WebhookDeliveryStatus" ELSE "deliveryStatus" END,
        "deliveredAt" = CASE WHEN ${owned} THEN ${outcome === "DELIVERED" ? startedAt : null}::timestamptz ELSE "deliveredAt" END,
        "nextAttemptAt" = CASE WHEN ${owned} THEN ${nextAttemptAt}::timestamptz ELSE "nextAttemptAt" END,
        "lockedUntil" = CASE WHEN ${owned} THEN NULL ELSE "lockedUntil" END
      WHERE "id" = ${event.id}::uuid AND "platformId" = ${platformId}::uuid
    )
    UPDATE "WebhookAttempt" SET "url" = ${result.url}, "latencyMs" = ${result.latencyMs}::int, "responseStatus" = ${result.responseStatus}::int,
      "responseSnippet" = ${result.responseSnippet}::text, "error" = ${result.error}::text
    WHERE "id" = ${attemptId}::uuid AND "platformId" = ${platformId}::uuid`;
}
