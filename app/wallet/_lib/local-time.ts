import { roughDuration } from "@/components/clock-gap";

/**
 * A platform time as the end user's own clock reads it, past or future: a deadline (an expiresAt)
 * or a stamp (when a session signed in, a payment moved). The platform's clock can run ahead
 * (sandbox), so it is moved back by `gapMs` (clockGapMs), shown in the browser's zone with the zone
 * named, the date added when it is not today, and how far away it is: "13:22 GMT+9 (in 4 min)",
 * "13:22 GMT+9 on Dec 1 (in 23 h)", "09:40 CET (5 min ago)". `timeZone` and `locale` are for
 * tests; the page uses the browser's.
 */
export function localTime(iso: string, gapMs: number, localNow: number, { timeZone, locale }: { timeZone?: string; locale?: string } = {}): string {
  const at = new Date(Date.parse(iso) - gapMs);
  const time = at.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", timeZoneName: "short", timeZone });
  const day = (d: Date) => d.toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric", timeZone });
  const date = day(at) === day(new Date(localNow)) ? "" : ` on ${day(at)}`;
  const left = at.getTime() - localNow;
  return `${time}${date} (${left >= 0 ? `in ${roughDuration(left)}` : `${roughDuration(left)} ago`})`;
}
