import type { DbOrTx, SqlTx } from "../db";

/**
 * The only source of time for domain code (DESIGN.md "Time"). In sandbox each platform's clock can
 * run ahead of the wall clock by `Platform.clockOffsetMs`; the offset is cached briefly because
 * almost every request asks for the time.
 */
const offsets = new Map<string, { offsetMs: number; readAt: number }>();
const CACHE_MS = 1_000;

export function wallClock(): Date {
  return new Date();
}

export async function now(db: SqlTx, platformId: string): Promise<Date> {
  const wall = Date.now();
  const cached = offsets.get(platformId);
  if (cached && wall - cached.readAt < CACHE_MS) return new Date(wall + cached.offsetMs);
  const [platform] = await db.$queryRaw<{ clockOffsetMs: bigint }[]>`SELECT "clockOffsetMs" FROM "Platform" WHERE "id" = ${platformId}::uuid`;
  const offsetMs = Number(platform?.clockOffsetMs ?? 0n);
  offsets.set(platformId, { offsetMs, readAt: wall });
  return new Date(wall + offsetMs);
}

/** Called after the offset changes so the next read sees it at once. */
export function forgetClockOffset(platformId: string): void {
  offsets.delete(platformId);
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
