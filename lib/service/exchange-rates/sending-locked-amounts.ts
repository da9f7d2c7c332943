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

/**
 * Amounts for a RECEIVING-locked conversion (BEHAVIORS.md §2.2, §2.4, 10.11): the sender pays the
 * fees on top, `S = F + ceil(R·x·10^(dS−dR) / (1 − v))` with `v` the service and platform variable
 * rates together, then the forward (SENDING) formula is run on S and S grows one unit at a time
 * while it yields less than R. The fees are those of the forward run on the final S;
 * `receivingAmount` is the R asked for. Returns null when the variable rates reach 100%.
 */
export function receivingLockedAmounts(source: string, destination: string, receivingAmount: bigint, fees: FeeSchedule): SendingLockedAmounts | null {
  const variableBps = fees.serviceVariableBps + fees.platformVariableBps;
  if (variableBps >= 10_000n) return null;
  const rate = exchangeRateScaled(source, destination);
  const fixedFees = fees.serviceFixedFee + fees.platformFixedFee;
  const shift = decimalsOf(source) - decimalsOf(destination);
  // R·x·10^(dS−dR)/(1−v) with x = rate/RATE_SCALE and 1−v = (10000 − bps)/10000; rounded up.
  const numerator = receivingAmount * rate * 10n ** BigInt(Math.max(shift, 0)) * 10_000n;
  const denominator = RATE_SCALE * 10n ** BigInt(Math.max(-shift, 0)) * (10_000n - variableBps);
  let sendingAmount = fixedFees + ceilDiv(numerator, denominator);
  let forward = sendingLockedAmounts(source, destination, sendingAmount, fees);
  // Each unit more sent yields at least as much; the first estimate is at most a few units short.
  while (forward.receivingAmount < receivingAmount) {
    sendingAmount += 1n;
    forward = sendingLockedAmounts(source, destination, sendingAmount, fees);
  }
  return { ...forward, receivingAmount };
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
