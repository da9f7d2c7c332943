import type { SendingLockedAmounts } from "../exchange-rates/sending-locked-amounts";
import { formatId } from "../http/ids";
import { sandboxFundingInstructions } from "../internal-accounts/sandbox-funding-instructions";
import type { QuoteDestination } from "./schemas";
import type { QuotePaymentInstructions } from "../transactions/schemas";

const WALLET_TYPE: Readonly<Record<string, string>> = { ETHEREUM: "ETHEREUM_WALLET", BASE: "BASE_WALLET", POLYGON: "POLYGON_WALLET", SOLANA: "SOLANA_WALLET" };
const CRYPTO = new Set(["USDC", "USDB", "BTC"]);

/**
 * What the payer of a realtime-funded quote is told (BEHAVIORS.md §2.1, SPEC.md "Quote"): fiat gets
 * the bank form with the `reference` to quote (the transaction's reconciliation reference); crypto
 * gets the deposit address on the requested network (BTC: regtest). Details are derived from the
 * quote id, so they never change. In the sandbox, POST /sandbox/send simulates the payment.
 */
export function realtimePaymentInstructions(input: { quoteId: string; currency: string; cryptoNetwork?: string; reference: string; isPlatform: boolean }): QuotePaymentInstructions[] {
  const simulate = `In the sandbox nothing is sent: simulate the payment with POST /sandbox/send {"quoteId": "${formatId("Quote", input.quoteId)}", "currencyCode": "${input.currency}"}.`;
  const isCrypto = CRYPTO.has(input.currency);
  const forms = sandboxFundingInstructions({ id: input.quoteId, type: isCrypto ? "INTERNAL_CRYPTO" : "INTERNAL_FIAT", currency: input.currency, customerId: input.isPlatform ? null : input.quoteId });
  if (!isCrypto)
    return forms.map((form) => ({
      instructionsNotes: `Send exactly the quote's totalSendingAmount in ${input.currency} with the reference ${input.reference} before expiresAt. ${simulate}`,
      ...(input.isPlatform && { isPlatformAccount: true }),
      accountOrWalletInfo: { ...form.accountOrWalletInfo, reference: input.reference },
    }));
  const wanted = input.currency === "BTC" ? "BITCOIN_L1" : WALLET_TYPE[input.cryptoNetwork ?? ""];
  return forms
    .filter((form) => form.accountOrWalletInfo.accountType === wanted)
    .map((form) => ({
      instructionsNotes: `Send exactly the quote's totalSendingAmount in ${input.currency} to this address before expiresAt. ${simulate}`,
      ...(input.isPlatform && { isPlatformAccount: true }),
      accountOrWalletInfo: { ...form.accountOrWalletInfo },
    }));
}

/**
 * The text an embedded wallet signs to execute a quote (BEHAVIORS.md §2.1): deterministic JSON
 * (fixed key order) naming the quote, both amounts and currencies, the destination and expiresAt.
 */
export function walletPayloadToSign(input: { quoteId: string; amounts: SendingLockedAmounts; sendingCurrency: string; receivingCurrency: string; destination: QuoteDestination; expiresAt: Date }): string {
  const destination =
    input.destination.destinationType === "UMA_ADDRESS"
      ? { destinationType: "UMA_ADDRESS", umaAddress: input.destination.umaAddress, currency: input.destination.currency }
      : { destinationType: "ACCOUNT", accountId: input.destination.accountId };
  return JSON.stringify({
    type: "QUOTE_EXECUTION",
    quoteId: formatId("Quote", input.quoteId),
    sendingAmount: input.amounts.sendingAmount.toString(),
    sendingCurrency: input.sendingCurrency,
    receivingAmount: input.amounts.receivingAmount.toString(),
    receivingCurrency: input.receivingCurrency,
    destination,
    expiresAt: input.expiresAt.toISOString(),
  });
}
