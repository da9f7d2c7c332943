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
