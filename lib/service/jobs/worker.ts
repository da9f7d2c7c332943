import type { Db } from "../db";
import { claimDueEvents, type ClaimedEvent } from "../webhooks/deliver-event";
import { claimDueJobs, runEventDeliveries, runJobs } from "./run-jobs";
import { sweepStaleRows } from "./sweep-stale-rows";

const ABANDONED_CHECK_MS = 1_000;
/** How often a worker deletes rows nothing reads again (sweepStaleRows); the first sweep runs a minute after start. */
const SWEEP_INTERVAL_MS = 10 * 60_000;
const FIRST_SWEEP_AFTER_MS = 60_000;

/**
 * Webhook attempts one worker keeps in flight. An attempt waits on the receiver (up to the 30 s
 * timeout) without holding a database connection, so many run side by side and each freed slot is
 * refilled at once: a receiver slow or silent on some events holds back only those events' resources.
 */
const DELIVERIES_IN_FLIGHT = 100;

export interface Worker {
  stop(): Promise<void>;
}

/**
 * The background worker: polls for due jobs and due webhook events and claims up to `concurrency`
 * of each at a time. Jobs run side by side (at most 8 at once) and the next claim waits for them;
 * webhook attempts are started and left running (up to DELIVERIES_IN_FLIGHT), and each one that
 * ends makes the worker look again, as its resource's next event may now be due. Ticks never overlap.
 * Several workers (in several processes) may share one PostgreSQL database.
 */
export function startWorker(
  getDb: () => Promise<Db>,
  options: { intervalMs?: number; concurrency?: number; /** serve one platform only (tests, dedicated tenants) */ platformId?: string } = {},
): Worker {
  const intervalMs = options.intervalMs ?? 250;
  const concurrency = options.concurrency ?? 32;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let isTicking = false;
  /** A delivery ended while a tick ran: look again as soon as it is over. */
  let hasDeliveryEnded = false;
  /** Attempts in flight, by event id. */
  const deliveries = new Map<string, Promise<unknown>>();
  let abandonedCheckedAt = -Infinity;
  let sweptAt = performance.now() - SWEEP_INTERVAL_MS + FIRST_SWEEP_AFTER_MS;

  async function tick() {
    const db = await getDb();
    if (!options.platformId && performance.now() - sweptAt >= SWEEP_INTERVAL_MS) {
      sweptAt = performance.now();
      const deleted = await sweepStaleRows(db).catch((e) => console.error(JSON.stringify({ level: "error", msg: "sweep of stale rows failed", error: String(e) })));
      if (deleted && Object.values(deleted).some((n) => n > 0)) console.log(JSON.stringify({ level: "info", msg: "swept stale rows", deleted }));
    }
    for (;;) {
      if (stopped) return;
      // Jobs of a crashed worker wait out their lease (minutes) anyway: looking once a second is plenty.
      const includeAbandoned = performance.now() - abandonedCheckedAt >= ABANDONED_CHECK_MS;
      if (includeAbandoned) abandonedCheckedAt = performance.now();
      const freeSlots = DELIVERIES_IN_FLIGHT - deliveries.size;
      const [jobs, events] = await Promise.all([
        claimDueJobs(db, { limit: concurrency, platformId: options.platformId, includeAbandoned }),
        // Never an event this worker is still sending, even once its claim ran out (a stalled event
        // loop, a slow database): the lease is for workers that crashed, not for this one.
        freeSlots > 0 ? claimDueEvents(db, { limit: Math.min(concurrency, freeSlots), platformId: options.platformId, except: [...deliveries.keys()] }) : [],
      ]);
      for (const event of events) startDelivery(db, event);
      if (jobs.length > 0) await runJobs(db, jobs);
      else if (events.length === 0) return;
    }
  }

  /** Runs one attempt in the background (runEventDeliveries records its outcome and never throws). */
  function startDelivery(db: Db, event: ClaimedEvent) {
    const delivery = runEventDeliveries(db, [event]).finally(() => {
      deliveries.delete(event.id);
      lookAgain();
    });
    deliveries.set(event.id, delivery);
  }

  function runTick() {
    isTicking = true;
    hasDeliveryEnded = false;
    current = tick()
      .catch((e) => console.error(JSON.stringify({ level: "error", msg: "worker tick failed", error: String(e) })))
      .finally(() => {
        isTicking = false;
        if (hasDeliveryEnded) lookAgain();
        else schedule();
      });
  }

  function lookAgain() {
    if (stopped) return;
    if (isTicking) {
      hasDeliveryEnded = true;
      return;
    }
    clearTimeout(timer);
    runTick();
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(runTick, intervalMs);
  }
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      await Promise.all(deliveries.values());
    },
  };
}
