import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import { convertMinorUnits, hasRate } from "../exchange-rates/rate-table";
import { now } from "../sandbox/clock";
import { dailyVolume, lockPayer } from "../transactions/daily-volume";

/**
 * Sandbox payment limits (SPEC.md § Limits: "threshold values not shown" — these are ours, in US
 * dollar value so one number covers every currency; documented in the API description):
 * - one payment may send at most USD 10,000,000 (TRANSACTION_SIZE_LIMIT_EXCEEDED, 400);
 * - a customer (or the platform, for its own accounts) may send at most USD 25,000,000 per UTC day
 *   on the sandbox clock (DAILY_VOLUME_LIMIT_EXCEEDED, 429 with Retry-After until midnight UTC);
 * - an ACH_SAME_DAY entry may carry at most 1,000,000 USD, 10,000,000 from 2027-09-17.
 */
export const MAX_TRANSACTION_USD_CENTS = 1_000_000_000n;
export const DAILY_VOLUME_USD_CENTS = 2_500_000_000n;
export const ACH_SAME_DAY_CAP_CENTS = 100_000_000n;
export const ACH_SAME_DAY_CAP_RAISED_CENTS = 1_000_000_000n;
export const ACH_SAME_DAY_CAP_RAISED_FROM = new Date("2027-09-17T00:00:00.000Z");

/** An amount's value in US cents (rounded down); currencies without a sandbox rate count 1:1. */
export function usdCents(amount: bigint, currency: string): bigint {
  if (!hasRate(currency) || !hasRate("USD")) return amount;
  return convertMinorUnits(amount, currency, "USD");
}

/** Throws: TRANSACTION_SIZE_LIMIT_EXCEEDED when one payment is worth more than the per-payment limit. */
export function assertTransactionSize(amount: bigint, currency: string): void {
  const value = usdCents(amount, currency);
  if (value > MAX_TRANSACTION_USD_CENTS)
    throw new ServiceError(
      "TRANSACTION_SIZE_LIMIT_EXCEEDED",
      `A single payment may move at most USD ${MAX_TRANSACTION_USD_CENTS / 100n} in value; this one moves ${amount} ${currency} (about USD ${value / 100n}). Split it into smaller payments.`,
      { details: { limitUsdCents: Number(MAX_TRANSACTION_USD_CENTS), amount: Number(amount), currency } },
    );
}

/**
 * The per-entry cap of ACH_SAME_DAY (SPEC.md § Limits), by the sandbox clock.
 * Throws: TRANSACTION_SIZE_LIMIT_EXCEEDED naming ACH as the way out.
 */
export function assertAchSameDayCap(amountCents: bigint, at: Date): void {
  const cap = at >= ACH_SAME_DAY_CAP_RAISED_FROM ? ACH_SAME_DAY_CAP_RAISED_CENTS : ACH_SAME_DAY_CAP_CENTS;
  if (amountCents > cap)
    throw new ServiceError(
      "TRANSACTION_SIZE_LIMIT_EXCEEDED",
      `An ACH_SAME_DAY entry may carry at most USD ${cap / 100n}; this payout is ${amountCents} cents. Send it over ACH instead (omit paymentRail or name ACH).`,
      { details: { paymentRail: "ACH_SAME_DAY", capCents: Number(cap), amount: Number(amountCents) } },
    );
}

/**
 * The daily volume check (SPEC.md § Limits, BEHAVIORS.md §2.7, §2.8): what the customer (or, with
 * customerId null, the platform's own accounts) sent today (UTC, sandbox clock) in outgoing
 * payments that are under way or done, plus `amount`, must stay within the daily limit.
 *
 * `paying`: the caller pays in this database transaction. It then first waits for the payer's
 * other payments in flight to commit and holds the next ones off until it commits (lockPayer), so
 * that two concurrent payments cannot both take the day's last room. The running totals
 * (lib/service/transactions/daily-volume.ts) make this one row per currency however many payments
 * the payer made today. `payerLocked`: the caller took that lock in an earlier statement already
 * (resolveTransferParties with lockPayer).
 * Throws: DAILY_VOLUME_LIMIT_EXCEEDED (429) with Retry-After = seconds until the next UTC day.
 */
export async function assertDailyVolume(db: SqlTx, input: { platformId: string; customerId: string | null; amount: bigint; currency: string; paying: boolean; payerLocked?: boolean }): Promise<void> {
  await dailyVolumeCheck(db, input).check(input.amount);
}

/**
 * assertDailyVolume in two steps, for a caller that knows the amount only after reads of its own
 * (a quote's fees): the read of the day's volume goes out now, in the same write as the caller's
 * next statements, and `check(amount)` throws DAILY_VOLUME_LIMIT_EXCEEDED as assertDailyVolume does.
 * Call check on every path that goes on to pay. `at`: the sandbox clock's now, when the caller has
 * read it already; the read is then sent before this returns, ahead of the caller's next statements.
 */
export function dailyVolumeCheck(db: SqlTx, input: { platformId: string; customerId: string | null; currency: string; paying: boolean; payerLocked?: boolean; at?: Date }): { check(amount: bigint): Promise<void> } {
  const reading = usedToday(db, input);
  reading.catch(() => undefined); // its failure is check's, never an unhandled rejection
  return {
    async check(amount) {
      const { used, at } = await reading;
      const adding = usdCents(amount, input.currency);
      if (used + adding <= DAILY_VOLUME_USD_CENTS) return;
      const dayStart = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
      const retryAfter = Math.max(1, Math.ceil((dayStart + 24 * 3600 * 1000 - at.getTime()) / 1000));
      const who = input.customerId === null ? "the platform's own accounts" : `customer ${formatId("Customer", input.customerId)}`;
      throw new ServiceError(
        "DAILY_VOLUME_LIMIT_EXCEEDED",
        `Daily volume limit reached: ${who} may send at most USD ${DAILY_VOLUME_USD_CENTS / 100n} per UTC day and has sent about USD ${used / 100n} today; this payment (about USD ${adding / 100n}) would exceed it. Retry after ${retryAfter} s (next UTC day).`,
        { details: { limitUsdCents: Number(DAILY_VOLUME_USD_CENTS), usedUsdCents: Number(used), retryAfterSeconds: retryAfter }, headers: { "Retry-After": String(retryAfter) } },
      );
    },
  };
}

/** What the payer sent today in US cents (taking the payer's lock first when paying and not yet taken), and the sandbox clock's now. */
async function usedToday(db: SqlTx, input: { platformId: string; customerId: string | null; paying: boolean; payerLocked?: boolean; at?: Date }): Promise<{ used: bigint; at: Date }> {
  if (input.paying && !input.payerLocked) await lockPayer(db, input);
  const at = input.at ?? (await now(db, input.platformId));
  let used = 0n;
  for (const row of await dailyVolume(db, { platformId: input.platformId, customerId: input.customerId, at, fold: input.paying })) used += usdCents(row.amount, row.currency);
  return { used, at };
}
