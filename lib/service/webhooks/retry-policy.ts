/**
 * Delivery outcome rules (SPEC.md § Delivery rules, BEHAVIORS.md §7.2 and 10.21): 2xx delivered,
 * 409 means the receiver already has it; every other answer (5xx, 4xx such as a 401 for a
 * signature the receiver could not verify, an unfollowed redirect), a timeout or a network error
 * is a failed delivery and is retried until the attempts or the window run out.
 */
export type Outcome = "DELIVERED" | "RETRY";

export function outcomeOf(status: number | null): Outcome {
  if (status !== null && ((status >= 200 && status < 300) || status === 409)) return "DELIVERED";
  return "RETRY";
}

export const MAX_ATTEMPTS = 160;
export const RETRY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** delay after attempt n (1-based) = min(30 min, 10 s × 2^(n−1)) ± 10% jitter. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30 * 60 * 1000, 10_000 * 2 ** Math.min(attempt - 1, 20));
  return Math.round(base * (0.9 + 0.2 * random()));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long after an event's first attempt its last one comes when every attempt fails: the
 * MAX_ATTEMPTS-th attempt at the schedule's middle delays (about 3.2 days), or the window's end if
 * that came first. Whichever limit is reached first ends the retries (BEHAVIORS.md 10.21).
 */
export const RETRY_SPAN_MS = Math.min(
  RETRY_WINDOW_MS,
  Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, () => 0.5)).reduce((sum, delay) => sum + delay, 0),
);

/** The give-up rule in words, for the API's descriptions: "160 attempts or 7 days, whichever comes first (about 3.2 days …)". */
export const RETRY_LIMIT_TEXT = `${MAX_ATTEMPTS} attempts or ${RETRY_WINDOW_MS / DAY_MS} days, whichever comes first (about ${(RETRY_SPAN_MS / DAY_MS).toFixed(1)} days after the first attempt with this schedule)`;

/** The same, short: "for about 3.2 days, up to 160 attempts". */
export const RETRY_SPAN_TEXT = `for about ${(RETRY_SPAN_MS / DAY_MS).toFixed(1)} days, up to ${MAX_ATTEMPTS} attempts`;
