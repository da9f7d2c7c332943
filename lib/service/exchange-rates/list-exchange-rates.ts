import type { Db } from "../db";
import { now } from "../sandbox/clock";
import { currencyShape, DEFAULT_RAIL, CURRENCY_CODES } from "../sandbox/currencies";
import { hasRate, rateToNumber, serviceVariableFeeBps } from "./rate-table";
import { sendingLockedAmounts } from "./sending-locked-amounts";
import type { PlatformCurrencyConfig } from "../config/schemas";
import type { ExchangeRate, ExchangeRateQuery } from "./schemas";
import { MAX_LOCKED_AMOUNT } from "../quotes/schemas";

/** Rates are published in 5-minute windows; within a window every caller sees the same rate. */
export const RATE_WINDOW_MS = 5 * 60 * 1000;
/** A sending currency the platform has not configured has no platform limits: the request's own range. */
const DEFAULT_MIN = 1;
const DEFAULT_MAX = MAX_LOCKED_AMOUNT;

/**
 * GET /exchange-rates: the sandbox rate for each corridor with the caller's platform fees
 * included (SPEC.md § Exchange Rates, BEHAVIORS.md §9.3).
 */
export async function listExchangeRates(db: Db, platformId: string, query: ExchangeRateQuery): Promise<{ data: ExchangeRate[] }> {
  const [at, platform] = await Promise.all([
    now(db, platformId),
    db.platform.findUniqueOrThrow({ where: { id: platformId }, select: { supportedCurrencies: true, feeConfigs: true } }),
  ]);
  const source = query.sourceCurrency;
  const destinations = (query.destinationCurrency ?? CURRENCY_CODES.filter((c) => c !== source)).filter(hasRate);
  const fee = platform.feeConfigs.find((f) => f.feeType === "CROSS_CURRENCY_TRANSACTION" && f.sourceCurrency === source);
  const limits = (platform.supportedCurrencies as PlatformCurrencyConfig[]).find((c) => c.currencyCode === source);
  const updatedAt = new Date(Math.floor(at.getTime() / RATE_WINDOW_MS) * RATE_WINDOW_MS).toISOString();

  const data = destinations.map((destination): ExchangeRate => {
    const crossCurrency = destination !== source;
    const amounts = sendingLockedAmounts(source, destination, BigInt(query.sendingAmount), {
      serviceFixedFee: 0n,
      serviceVariableBps: serviceVariableFeeBps(source, destination),
      // Platform fee configs apply to cross-currency transactions only (FeeType).
      platformFixedFee: crossCurrency && fee ? fee.fixedFeeAmount : 0n,
      platformVariableBps: crossCurrency && fee ? BigInt(fee.variableFeeBps) : 0n,
    });
    return {
      sourceCurrency: currencyShape(source),
      destinationCurrency: currencyShape(destination),
      destinationPaymentRail: DEFAULT_RAIL[destination] ?? "BANK_TRANSFER",
      sendingAmount: query.sendingAmount,
      minSendingAmount: limits?.minAmount ?? DEFAULT_MIN,
      maxSendingAmount: limits?.maxAmount ?? DEFAULT_MAX,
      receivingAmount: Number(amounts.receivingAmount),
      exchangeRate: rateToNumber(amounts.exchangeRateScaled),
      fees: { fixed: Number(amounts.fixedFees), total: Number(amounts.feesIncluded) },
      updatedAt,
    };
  });
  return { data };
}
