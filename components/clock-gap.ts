import { useEffect, useState } from "react";

/**
 * A sandbox platform's clock can run ahead of real time (POST /sandbox/clock/advance): every
 * expiresAt the API sends or checks is on it. These helpers turn its times into the user's own.
 */

/** Below a minute the clocks count as the same (network delay, a slightly wrong device clock). */
const NOTICEABLE_GAP_MS = 60_000;

/** How far the platform's clock (`platformNow`, as it answered at `localNow`) runs ahead of this one's. */
export function clockGapMs(platformNow: string, localNow: number): number {
  return Date.parse(platformNow) - localNow;
}

export function isNoticeableGap(gapMs: number): boolean {
  return Math.abs(gapMs) >= NOTICEABLE_GAP_MS;
}

/** A length of time in rough words: "less than a minute", "4 min", "21 h", "3 days" (rounded down, so a deadline is never overstated). */
export function roughDuration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * The gap between the platform's clock and this browser's, measured once the page runs in the
 * browser (null before, and when the platform did not say its time): the server-rendered HTML and
 * the first render agree.
 */
export function useClockGap(platformNow: string | undefined): number | null {
  const [gap, setGap] = useState<number | null>(null);
  useEffect(() => {
    setGap(platformNow ? clockGapMs(platformNow, Date.now()) : null);
  }, [platformNow]);
  return gap;
}

/**
 * For a form that takes an expiry in the user's local time: what to know when the platform's clock
 * is not this device's ("… 21 h ahead of this device's: it reads Nov 30, 2026, 2:12 AM here, so
 * choose a later time."), else null. `timeZone` is for tests; the page uses the browser's.
 */
export function clockGapHint(gapMs: number, localNow: number, timeZone?: string): string | null {
  if (!isNoticeableGap(gapMs)) return null;
  const reads = new Date(localNow + gapMs).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
  return `The platform's sandbox clock is ${roughDuration(gapMs)} ${gapMs > 0 ? "ahead of" : "behind"} this device's: it reads ${reads} in your time, so choose a later time.`;
}
