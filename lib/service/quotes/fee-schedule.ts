import type { SqlTx } from "../db";
import { invalidInput } from "../http/errors";
import type { FeeSchedule } from "../exchange-rates/sending-locked-amounts";
import { serviceVariableFeeBps } from "../exchange-rates/rate-table";
import type { QuoteRequest } from "./schemas";

/** The service's own fixed fee (BEHAVIORS.md 10.12: 0, configurable). */
export const SERVICE_FIXED_FEE = 0n;

/**
 * The fees of one quote (BEHAVIORS.md §2.3, 10.12): the service's variable rate for the corridor
 * (0.5% cross-currency, none same-currency or among dollar forms) and fixed fee 0, plus the
 * platform's fees: the request's `platformFeeOverride` (USD sources only, both fields, fixed fee in
 * the sending currency), else the standing CROSS_CURRENCY_TRANSACTION feeConfig of the sending
 * currency when the currencies differ, else none.
 * Throws: INVALID_INPUT (override on a non-USD source, or in another currency).
 */
export async function feeScheduleFor(
  db: SqlTx,
  input: { platformId: string; sendingCurrency: string; receivingCurrency: string; override: QuoteRequest["platformFeeOverride"] },
): Promise<FeeSchedule> {
  const { sendingCurrency, receivingCurrency, override } = input;
  const service = { serviceFixedFee: SERVICE_FIXED_FEE, serviceVariableBps: serviceVariableFeeBps(sendingCurrency, receivingCurrency) };
  if (override) {
    const errors = [];
    if (sendingCurrency !== "USD")
      errors.push({ field: "platformFeeOverride", message: `is available for USD sources only; this quote sends ${sendingCurrency}`, constraint: { sendingCurrency: ["USD"] } });
    if (override.platformFixedFee.currency !== sendingCurrency)
      errors.push({
        field: "platformFeeOverride.platformFixedFee.currency",
        message: `must be the sending currency ${sendingCurrency}, not ${override.platformFixedFee.currency}`,
        constraint: { enum: [sendingCurrency] },
      });
    if (errors.length > 0) throw invalidInput(errors);
    return { ...service, platformFixedFee: BigInt(override.platformFixedFee.amount), platformVariableBps: BigInt(override.platformVariableFeeBps) };
  }
  if (sendingCurrency === receivingCurrency) return { ...service, platformFixedFee: 0n, platformVariableBps: 0n };
  const [standing] = await db.$queryRaw<{ fixedFeeCurrency: string; fixedFeeAmount: bigint; variableFeeBps: number }[]>`
    SELECT "fixedFeeCurrency", "fixedFeeAmount", "variableFeeBps" FROM "PlatformFeeConfig"
    WHERE "platformId" = ${input.platformId}::uuid AND "feeType" = 'CROSS_CURRENCY_TRANSACTION' AND "sourceCurrency" = ${sendingCurrency}`;
  if (!standing || standing.fixedFeeCurrency !== sendingCurrency) return { ...service, platformFixedFee: 0n, platformVariableBps: 0n };
  return { ...service, platformFixedFee: standing.fixedFeeAmount, platformVariableBps: BigInt(standing.variableFeeBps) };
}
