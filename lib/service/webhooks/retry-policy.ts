/**
 * Delivery outcome rules (SPEC.md § Delivery rules, BEHAVIORS.md §7.2 and 10.21): 2xx delivered,
 * 409 means the receiver already has it; 5xx, 408, 429, timeouts and network errors are retried;
 * any other 4xx is final.
 */
export type Outcome = "DELIVERED" | "RETRY" | "GIVE_UP";

export function outcomeOf(status: number | null): Outcome {
  if (status === null) return "RETRY";
  if ((status >= 200 && status < 300) || status === 409) return "DELIVERED";
  if (status >= 500 || status === 408 || status === 429) return "RETRY";
  return "GIVE_UP";
}

export const MAX_ATTEMPTS = 160;
export const RETRY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** delay after attempt n (1-based) = min(30 min, 10 s × 2^(n−1)) ± 10% jitter. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30 * 60 * 1000, 10_000 * 2 ** Math.min(attempt - 1, 20));
  return Math.round(base * (0.9 + 0.2 * random()));
}
