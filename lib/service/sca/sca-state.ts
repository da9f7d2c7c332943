import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { now } from "../sandbox/clock";

export interface ScaState {
  sessionExpiresAt: Date | null;
  failedLoginCount: number;
  lockedUntil: Date | null;
  isSuspended: boolean;
}

const FRESH: ScaState = { sessionExpiresAt: null, failedLoginCount: 0, lockedUntil: null, isSuspended: false };

export async function loadScaState(db: DbOrTx, platformId: string, customerId: string): Promise<ScaState> {
  return (await db.scaCustomerState.findFirst({ where: { platformId, customerId } })) ?? FRESH;
}

export async function saveScaState(db: DbOrTx, platformId: string, customerId: string, change: Partial<ScaState>): Promise<ScaState> {
  const at = await now(db, platformId);
  return db.scaCustomerState.upsert({
    where: { customerId },
    create: { ...FRESH, ...change, customerId, platformId, updatedAt: at },
    update: { ...change, updatedAt: at },
  });
}

/** Throws 423 ACCOUNT_LOCKED while the customer is locked out or suspended (BEHAVIORS.md §9.4). */
export async function assertNotLocked(db: DbOrTx, platformId: string, customerId: string): Promise<void> {
  const state = await loadScaState(db, platformId, customerId);
  const at = await now(db, platformId);
  const isLocked = state.lockedUntil !== null && state.lockedUntil > at;
  if (!state.isSuspended && !isLocked) return;
  throw new ServiceError(
    "ACCOUNT_LOCKED",
    state.isSuspended
      ? "The customer is suspended after repeated failed logins; record RESET_PASSWORD_COMPLETED once the customer has reset their password"
      : `The customer is locked out until ${state.lockedUntil!.toISOString()} after ${state.failedLoginCount} failed logins`,
    { details: { suspended: state.isSuspended, lockedUntil: state.lockedUntil?.toISOString() ?? null, failedAttempts: state.failedLoginCount } },
  );
}

/**
 * Throws 409 SCA_SESSION_REQUIRED unless the customer completed an SCA login within its 180-day
 * session (POST /sca/login/complete). For other areas (quotes) too. BEHAVIORS.md §9.4.
 */
export async function requireScaSession(db: DbOrTx, platformId: string, customerId: string): Promise<void> {
  const state = await loadScaState(db, platformId, customerId);
  if (state.sessionExpiresAt && state.sessionExpiresAt > (await now(db, platformId))) return;
  throw new ServiceError("SCA_SESSION_REQUIRED", "The customer has no SCA session: authenticate them with POST /sca/login/start and /sca/login/complete, then retry");
}
