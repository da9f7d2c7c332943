import type { DbOrTx } from "../db";
import { invalidInput, ServiceError, type FieldError } from "../http/errors";
import { formatId } from "../http/ids";
import { getInternalAccountOrThrow } from "../internal-accounts/get-internal-account-or-throw";
import { decimalsOf, divideHalfEven, exchangeRateScaled, RATE_SCALE } from "../exchange-rates/rate-table";
import { APPLICATION_FEE_BPS, NETWORK_RULES } from "./network-rules";
import type { EstimateCryptoWithdrawalFeeRequest, EstimateCryptoWithdrawalFeeResponse } from "./schemas";

/**
 * POST /crypto/estimate-withdrawal-fee (BEHAVIORS.md §9.3): what a withdrawal of `amount` from an
 * internal account to `destinationAddress` on `cryptoNetwork` would cost. Deterministic sandbox
 * fees: the network's fixed fee converted from US dollars into the currency (rounded up), plus a
 * 10 bps application fee (rounded half-even); both in the withdrawn currency.
 * Throws: NOT_FOUND (account), INVALID_INPUT (every field that does not fit: currency not the
 * account's, network not carrying it, address not in the network's format), AMOUNT_OUT_OF_RANGE
 * (the amount does not exceed the fees).
 */
export async function estimateWithdrawalFee(db: DbOrTx, input: { platformId: string; request: EstimateCryptoWithdrawalFeeRequest }): Promise<EstimateCryptoWithdrawalFeeResponse> {
  const { request } = input;
  const account = await getInternalAccountOrThrow(db, input.platformId, request.internalAccountId);
  const rule = NETWORK_RULES[request.cryptoNetwork];
  const errors: FieldError[] = [];
  if (account.currency !== request.currency)
    errors.push({ field: "currency", message: `${formatId("InternalAccount", account.id)} holds ${account.currency}, not ${request.currency}`, constraint: { equals: account.currency } });
  if (!rule.currencies.includes(request.currency))
    errors.push({ field: "cryptoNetwork", message: `${request.cryptoNetwork} does not carry ${request.currency}; it carries ${rule.currencies.join(", ")}`, constraint: { carries: rule.currencies } });
  const address = rule.address.safeParse(request.destinationAddress);
  if (!address.success)
    errors.push({ field: "destinationAddress", message: `${address.error.issues[0]?.message ?? "invalid"} on ${request.cryptoNetwork}`, constraint: { network: request.cryptoNetwork } });
  if (errors.length > 0) throw invalidInput(errors);

  const amount = BigInt(request.amount);
  const networkFee = networkFeeIn(request.currency, rule.networkFeeUsdMicros);
  // 10 bps application fee, rounded half-even (rounding rule of BEHAVIORS.md 10.11).
  const applicationFee = divideHalfEven(amount * APPLICATION_FEE_BPS, 10_000n);
  const totalFee = networkFee + applicationFee;
  if (amount <= totalFee)
    throw new ServiceError("AMOUNT_OUT_OF_RANGE", `amount ${amount} does not cover the fees of ${totalFee} ${request.currency} on ${request.cryptoNetwork}; withdraw more than ${totalFee}`, {
      details: { amount: request.amount, totalFee: Number(totalFee), currency: request.currency },
    });
  return { networkFee: Number(networkFee), networkFeeAsset: request.currency, applicationFee: Number(applicationFee), totalFee: Number(totalFee), netAmount: Number(amount - totalFee) };
}

/** A fee of `usdMicros` millionths of a dollar in `currency`'s smallest unit, rounded up. */
function networkFeeIn(currency: string, usdMicros: bigint): bigint {
  if (usdMicros === 0n) return 0n;
  const perUsd = exchangeRateScaled(currency, "USD"); // currency units per 1 USD, × RATE_SCALE
  const numerator = usdMicros * perUsd * 10n ** BigInt(decimalsOf(currency));
  const denominator = 1_000_000n * RATE_SCALE;
  return (numerator + denominator - 1n) / denominator;
}
