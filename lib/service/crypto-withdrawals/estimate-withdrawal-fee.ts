import type { Db } from "../db";
import { invalidInput, type FieldError } from "../http/errors";
import { formatId } from "../http/ids";
import { getInternalAccountOrThrow } from "../internal-accounts/get-internal-account-or-throw";
import { feeScheduleFor } from "../quotes/fee-schedule";
import { priceQuote } from "../quotes/create-quote";
import { NETWORK_RULES } from "./network-rules";
import type { EstimateCryptoWithdrawalFeeRequest, EstimateCryptoWithdrawalFeeResponse } from "./schemas";

/**
 * POST /crypto/estimate-withdrawal-fee (BEHAVIORS.md §9.3): what a withdrawal of `amount` from an
 * internal account to `destinationAddress` on `cryptoNetwork` would cost. A withdrawal is a quote
 * from the account to a wallet external account of that network, so the fees are the quote's own,
 * priced by the same functions (fee schedule and SENDING-locked pricing, BEHAVIORS.md 10.11–10.12):
 * `applicationFee` is the quote's `feesIncluded`, `networkFee` 0 (the sandbox's rail fees are 0).
 * Throws: NOT_FOUND (account), INVALID_INPUT (every field that does not fit: currency not the
 * account's, network not carrying it, address not in the network's format), AMOUNT_OUT_OF_RANGE
 * (nothing would arrive after the fees).
 */
export async function estimateWithdrawalFee(db: Db, input: { platformId: string; request: EstimateCryptoWithdrawalFeeRequest }): Promise<EstimateCryptoWithdrawalFeeResponse> {
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
  const fees = await feeScheduleFor(db, { platformId: input.platformId, sendingCurrency: request.currency, receivingCurrency: request.currency, override: undefined });
  const amounts = priceQuote(request.currency, request.currency, "SENDING", BigInt(request.amount), fees);
  return {
    networkFee: 0,
    networkFeeAsset: request.currency,
    applicationFee: Number(amounts.feesIncluded),
    totalFee: Number(amounts.feesIncluded),
    netAmount: Number(amounts.receivingAmount),
  };
}
