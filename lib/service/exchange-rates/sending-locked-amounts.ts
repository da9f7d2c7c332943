import { RATE_SCALE, decimalsOf, divideHalfEven, exchangeRateScaled } from "./rate-table";

export interface FeeSchedule {
  serviceFixedFee: bigint;
  serviceVariableBps: bigint;
  platformFixedFee: bigint;
  platformVariableBps: bigint;
}

export interface SendingLockedAmounts {
  sendingAmount: bigint;
  receivingAmount: bigint;
  exchangeRateScaled: bigint;
  fixedFees: bigint;
  serviceVariableFee: bigint;
  platformVariableFee: bigint;
  feesIncluded: bigint;
  platformFeesIncluded: bigint;
}

/**
 * Amounts for a SENDING-locked conversion (BEHAVIORS.md §2.2): variable fees apply to the amount
 * net of fixed fees, each rounded half-to-even on its own; R is rounded down.
 */
export function sendingLockedAmounts(source: string, destination: string, sendingAmount: bigint, fees: FeeSchedule): SendingLockedAmounts {
  const rate = exchangeRateScaled(source, destination);
  const fixedFees = fees.serviceFixedFee + fees.platformFixedFee;
  const base = sendingAmount > fixedFees ? sendingAmount - fixedFees : 0n;
  const serviceVariableFee = divideHalfEven(base * fees.serviceVariableBps, 10_000n);
  const platformVariableFee = divideHalfEven(base * fees.platformVariableBps, 10_000n);
  const feesIncluded = fixedFees + serviceVariableFee + platformVariableFee;
  const net = sendingAmount > feesIncluded ? sendingAmount - feesIncluded : 0n;
  // R = net * 10^(dR-dS) / x, with x scaled by RATE_SCALE; floor.
  const shift = decimalsOf(destination) - decimalsOf(source);
  const numerator = net * RATE_SCALE * 10n ** BigInt(Math.max(shift, 0));
  const denominator = rate * 10n ** BigInt(Math.max(-shift, 0));
  return {
    sendingAmount,
    receivingAmount: numerator / denominator,
    exchangeRateScaled: rate,
    fixedFees,
    serviceVariableFee,
    platformVariableFee,
    feesIncluded,
    platformFeesIncluded: fees.platformFixedFee + platformVariableFee,
  };
}
