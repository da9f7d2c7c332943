import { ServiceError } from "../http/errors";
import { MAX_FAILED_ATTEMPTS } from "./authorize-sca-challenge";

/**
 * Limits shared by the customer's one-time codes sent by SMS or email (SCA challenges, contact
 * verification), as the wallet's OTPs have them (BEHAVIORS.md §9.8, 10.27): 5 wrong answers spend
 * a code, and a code goes out at most once per 30 s of sandbox time, its first sending included.
 */
export const MAX_CODE_FAILED_ATTEMPTS = MAX_FAILED_ATTEMPTS;
export const CODE_RESEND_INTERVAL_SECONDS = 30;

/**
 * Whole seconds until a code last sent at `lastSentAt` may be sent again; 0 = now. At most the
 * interval: a concurrent request may have stamped its sending a moment after `at` was read.
 */
export function codeResendWaitSeconds(lastSentAt: Date | null, at: Date): number {
  if (!lastSentAt) return 0;
  const seconds = Math.ceil((lastSentAt.getTime() + CODE_RESEND_INTERVAL_SECONDS * 1000 - at.getTime()) / 1000);
  return Math.min(CODE_RESEND_INTERVAL_SECONDS, Math.max(0, seconds));
}

/** 429 RATE_LIMITED with Retry-After (and `details.retryAfterSeconds`): `message` says what to do then. */
export function codeRateLimited(message: string, retryAfterSeconds: number): ServiceError {
  return new ServiceError("RATE_LIMITED", message, { headers: { "Retry-After": String(retryAfterSeconds) }, details: { retryAfterSeconds } });
}
