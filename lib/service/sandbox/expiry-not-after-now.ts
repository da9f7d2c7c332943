import type { DbOrTx } from "../db";

/**
 * The message for an `expiresAt` at or before the platform's time `at`. It names that time: a
 * sandbox platform's clock can run far ahead of the caller's (POST /sandbox/clock/advance), so an
 * expiry that is hours ahead on the caller's clock can already be past on the platform's.
 */
export async function expiryNotAfterNowMessage(db: DbOrTx, platformId: string, at: Date): Promise<string> {
  const platform = await db.platform.findUnique({ where: { id: platformId }, select: { environment: true } });
  return `must be after the platform's current time, ${at.toISOString()}${platform?.environment === "SANDBOX" ? " (its sandbox clock)" : ""}`;
}
