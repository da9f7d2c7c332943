import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import type { PlatformCurrencyConfig } from "../config/schemas";

type CurrencyLimits = Pick<PlatformCurrencyConfig, "currencyCode" | "minAmount" | "maxAmount" | "enabledTransactionTypes">;

/**
 * The platform's own limits on money it sends out in one currency (PATCH /config
 * `supportedCurrencies[]`: `minAmount`, `maxAmount`, `enabledTransactionTypes`), as
 * POST /sandbox/uma/receive applies them to money coming in. Read in two steps like
 * dailyVolumeCheck: the platform's configuration is asked for now (it goes out with the caller's
 * next statements), `check(amount, currency)` runs once the amount sent is known. A currency the
 * platform has not configured has no platform limits (the Service's own still apply).
 */
export function outgoingCurrencyLimits(db: SqlTx, platformId: string): { check(amount: bigint, currency: string): Promise<void> } {
  const reading = db.$queryRaw<{ supportedCurrencies: unknown }[]>`SELECT "supportedCurrencies" FROM "Platform" WHERE id = ${platformId}::uuid`;
  reading.catch(() => undefined); // its failure is check's, never an unhandled rejection
  return {
    async check(amount, currency) {
      const [row] = await reading;
      assertPlatformSends(row?.supportedCurrencies, amount, currency);
    },
  };
}

/** outgoingCurrencyLimits' check on the platform's `supportedCurrencies` read by another statement (a transfer's parties). */
export function assertPlatformSends(supportedCurrencies: unknown, amount: bigint, currency: string): void {
  const configured = Array.isArray(supportedCurrencies) ? (supportedCurrencies as CurrencyLimits[]) : [];
  const config = configured.find((c) => c.currencyCode === currency);
  if (config) assertOutgoingWithinLimits(config, amount);
}

/**
 * Throws: INVALID_CURRENCY when the currency is not enabled for OUTGOING payments;
 * AMOUNT_OUT_OF_RANGE (details `currency`, `min`, `max`, `amount`) when `amount` (smallest unit,
 * fees included) is below `minAmount` or above `maxAmount`.
 */
export function assertOutgoingWithinLimits(config: CurrencyLimits, amount: bigint): void {
  const currency = config.currencyCode;
  if (!config.enabledTransactionTypes.includes("OUTGOING"))
    throw new ServiceError(
      "INVALID_CURRENCY",
      `The platform does not send ${currency}: its configuration enables ${currency} for ${config.enabledTransactionTypes.join(", ") || "no"} transactions only; add OUTGOING to supportedCurrencies[].enabledTransactionTypes with PATCH /config`,
      { details: { currency, enabledTransactionTypes: config.enabledTransactionTypes } },
    );
  if (amount < BigInt(config.minAmount) || amount > BigInt(config.maxAmount))
    throw new ServiceError(
      "AMOUNT_OUT_OF_RANGE",
      `This payment sends ${amount} ${currency} (smallest unit, fees included); the platform allows ${config.minAmount} to ${config.maxAmount} ${currency} per payment (supportedCurrencies[].minAmount and maxAmount in GET /config)`,
      { details: { currency, min: config.minAmount, max: config.maxAmount, amount: Number(amount) } },
    );
}
