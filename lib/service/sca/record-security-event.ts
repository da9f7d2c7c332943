import type { Db } from "../db";
import { now } from "../sandbox/clock";
import { getScaCustomerOrThrow } from "./get-sca-customer-or-throw";
import { loadScaState, saveScaState } from "./sca-state";

/** Lockout after the nth failed login (BEHAVIORS.md §9.4); from the 9th on the customer is suspended. */
const LOCK_MINUTES: Record<number, number> = { 5: 15, 6: 30, 7: 60, 8: 24 * 60 };
const SUSPEND_AT = 9;

/**
 * POST /sca/record-event: FAILED_LOGIN_ATTEMPT counts towards lockout (5 → 15 min, 6 → 30 min,
 * 7 → 1 h, 8 → 24 h, 9+ suspended); a successful SCA login sets the count back to 0 (completeScaLogin);
 * RESET_PASSWORD_COMPLETED clears the count, the lock and the
 * suspension and revokes the SCA session. Throws: CONFLICT (region).
 */
export async function recordSecurityEvent(db: Db, input: { platformId: string; customerId: string; eventType: "RESET_PASSWORD_COMPLETED" | "FAILED_LOGIN_ATTEMPT" }) {
  const { platformId, eventType } = input;
  const state = await db.$transaction(async (tx) => {
    // Locked: the count is read, raised and written back; concurrent failures each read the same
    // count, so five at once counted as one and never locked the customer.
    const customer = await getScaCustomerOrThrow(tx, platformId, input.customerId, { isLocking: true });
    if (eventType === "RESET_PASSWORD_COMPLETED")
      return saveScaState(tx, platformId, customer.id, { failedLoginCount: 0, lockedUntil: null, isSuspended: false, sessionExpiresAt: null });
    const count = (await loadScaState(tx, platformId, customer.id)).failedLoginCount + 1;
    const at = await now(tx, platformId);
    const minutes = LOCK_MINUTES[count];
    return saveScaState(tx, platformId, customer.id, {
      failedLoginCount: count,
      isSuspended: count >= SUSPEND_AT,
      ...(minutes !== undefined && { lockedUntil: new Date(at.getTime() + minutes * 60_000) }),
    });
  });
  return { eventType, suspended: state.isSuspended, lockedUntil: state.lockedUntil?.toISOString() ?? null, failedAttempts: state.failedLoginCount };
}
