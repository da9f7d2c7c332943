import type { DbOrTx, SqlTx } from "../db";

/**
 * The only source of time for domain code (DESIGN.md "Time"). In sandbox each platform's clock can
 * run ahead of the wall clock by `Platform.clockOffsetMs`; the offset is cached briefly because
 * almost every request asks for the time.
 */
const offsets = new Map<string, { offsetMs: number; readAt: number }>();
const CACHE_MS = 1_000;
/** Bumped whenever a platform's cached offset is replaced or dropped: a read that was on its way meanwhile may carry the old offset and is not cached. */
const generations = new Map<string, number>();

export function wallClock(): Date {
  return new Date();
}

export async function now(db: SqlTx, platformId: string): Promise<Date> {
  const wall = Date.now();
  const cached = offsets.get(platformId);
  if (cached && wall - cached.readAt < CACHE_MS) return new Date(wall + cached.offsetMs);
  const generation = generations.get(platformId);
  const [platform] = await db.$queryRaw<{ clockOffsetMs: bigint }[]>`SELECT "clockOffsetMs" FROM "Platform" WHERE "id" = ${platformId}::uuid`;
  const offsetMs = Number(platform?.clockOffsetMs ?? 0n);
  if (generations.get(platformId) === generation) offsets.set(platformId, { offsetMs, readAt: wall });
  return new Date(wall + offsetMs);
}

/** Called after the offset changes so the next read sees it at once. */
export function forgetClockOffset(platformId: string): void {
  offsets.delete(platformId);
  generations.set(platformId, (generations.get(platformId) ?? 0) + 1);
}

/**
 * Caches the offset a worker's claim read along with the steps it found due: those steps then
 * stamp their times (a webhook attempt's `startedAt`, its next retry) on the clock that made them
 * due, not on an offset cached before an advance moved the clock (in this process a moment before
 * the advance forgot it, in another process up to a second earlier). The clock only moves forward:
 * a larger offset cached meanwhile is kept.
 */
export function rememberClockOffset(platformId: string, offsetMs: number): void {
  const cached = offsets.get(platformId);
  generations.set(platformId, (generations.get(platformId) ?? 0) + 1);
  offsets.set(platformId, { offsetMs: Math.max(offsetMs, cached?.offsetMs ?? offsetMs), readAt: Date.now() });
}

/** Moves a platform's clock to `at` (forward only) by setting its offset from the wall clock. */
export async function setClockForward(db: DbOrTx, platformId: string, at: Date): Promise<void> {
  const current = await now(db, platformId);
  if (at.getTime() <= current.getTime()) return;
  const offsetMs = BigInt(at.getTime() - Date.now());
  // Only if still ahead: a concurrent advance (or another process, whose cached `current` is stale)
  // may have moved the clock further since it was read, and the clock never goes back.
  await db.platform.updateMany({ where: { id: platformId, clockOffsetMs: { lt: offsetMs } }, data: { clockOffsetMs: offsetMs } });
  forgetClockOffset(platformId);
}
