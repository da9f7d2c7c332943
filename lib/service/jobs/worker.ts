import type { Db } from "../db";
import { claimDueEvents } from "../webhooks/deliver-event";
import { claimDueJobs, runEventDeliveries, runJobs } from "./run-jobs";
import { sweepStaleRows } from "./sweep-stale-rows";

const ABANDONED_CHECK_MS = 1_000;
/** How often a worker deletes rows nothing reads again (sweepStaleRows); the first sweep runs a minute after start. */
const SWEEP_INTERVAL_MS = 10 * 60_000;
const FIRST_SWEEP_AFTER_MS = 60_000;

export interface Worker {
  stop(): Promise<void>;
}

/**
 * The background worker: polls for due jobs and due webhook events, claims up to `concurrency` of
 * each at a time and runs them side by side (jobs at most 8 at once, a batch of deliveries
 * together), never overlaps ticks.
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
      const [jobs, events] = await Promise.all([
        claimDueJobs(db, { limit: concurrency, platformId: options.platformId, includeAbandoned }),
        claimDueEvents(db, { limit: concurrency, platformId: options.platformId }),
      ]);
      if (jobs.length === 0 && events.length === 0) return;
      await Promise.all([jobs.length > 0 && runJobs(db, jobs), events.length > 0 && runEventDeliveries(db, events)]);
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick()
        .catch((e) => console.error(JSON.stringify({ level: "error", msg: "worker tick failed", error: String(e) })))
        .finally(schedule);
    }, intervalMs);
  }
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
