import { RATE_SCALE, decimalsOf, divideHalfEven, exchangeRateScaled, rateToNumber, serviceVariableFeeBps } from "../exchange-rates/rate-table";

export interface IncomingAmounts {
  /** What the customer is credited, receiving currency. */
  receivedAmount: bigint;
  /** The Service's fee on the payment, receiving currency (SPEC.md: incoming fees in receiving units). */
  fees: bigint;
  /** What the sender pays, sending currency. */
  sentAmount: bigint;
  /** Sending units per receiving unit, scaled by RATE_SCALE. */
  exchangeRateScaled: bigint;
  rateDetails: {
    serviceApiMultiplier: number;
    serviceApiFixedFee: number;
    serviceApiVariableFeeRate: number;
    serviceApiVariableFeeAmount: number;
  };
}

/**
 * Amounts of an incoming UMA payment whose receiving amount is fixed (the sender's receive quote,
 * BEHAVIORS.md §2.2, 10.11, 10.12): the variable fee is the sandbox rate (0.5 % cross-currency,
 * 0 same-value) on the received amount, rounded half-to-even; the fixed fee is 0. The sender pays
 * received + fees converted at the corridor rate, rounded up (the sender covers every unit).
 */
export function incomingAmounts(sendingCurrency: string, receivingCurrency: string, receivedAmount: bigint): IncomingAmounts {
  const bps = serviceVariableFeeBps(sendingCurrency, receivingCurrency);
  // BEHAVIORS.md 10.11: each fee rounded half-even.
  const fees = divideHalfEven(receivedAmount * bps, 10_000n);
  const rate = exchangeRateScaled(sendingCurrency, receivingCurrency);
  const shift = decimalsOf(sendingCurrency) - decimalsOf(receivingCurrency);
  // S = (R + fees) × x × 10^(dS − dR), rounded up.
  const numerator = (receivedAmount + fees) * rate * 10n ** BigInt(Math.max(shift, 0));
  const denominator = RATE_SCALE * 10n ** BigInt(Math.max(-shift, 0));
  const sentAmount = (numerator + denominator - 1n) / denominator;
  // BEHAVIORS.md 10.12: multiplier = (1 − sv) / x in minor units (receiving minor units per sending minor unit).
  const multiplierScaled = divideHalfEven((10_000n - bps) * RATE_SCALE * RATE_SCALE * 10n ** BigInt(Math.max(-shift, 0)), 10_000n * rate * 10n ** BigInt(Math.max(shift, 0)));
  return {
    receivedAmount,
    fees,
    sentAmount,
    exchangeRateScaled: rate,
    rateDetails: {
      serviceApiMultiplier: rateToNumber(multiplierScaled),
      serviceApiFixedFee: 0,
      serviceApiVariableFeeRate: Number(bps) / 10_000,
      serviceApiVariableFeeAmount: Number(fees),
    },
  };
}
