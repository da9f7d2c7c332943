import type { Quote as QuoteRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import { currencyShape } from "../sandbox/currencies";
import type { ScaChallenge } from "../sca/schemas";
import type { OutgoingRateDetails, Quote, QuoteDestination, QuoteSource } from "./schemas";
import type { QuotePaymentInstructions } from "../transactions/schemas";

export type { QuoteRow };

/**
 * A quote as the API returns it (SPEC.md "Quote", BEHAVIORS.md §2): amounts as JSON integers in
 * each currency's smallest unit, `exchangeRate` sending units per receiving unit,
 * `paymentInstructions` only for realtime-funded and embedded-wallet sources, realtime ones
 * withheld while the quote is PENDING_AUTHORIZATION (then `scaChallenge` says what to answer, BEHAVIORS.md §9.4);
 * one that expires unauthorized loses them (expireUnrunQuote).
 */
export function serializeQuote(row: QuoteRow): Quote {
  const isAwaitingSca = row.status === "PENDING_AUTHORIZATION";
  return {
    id: formatId("Quote", row.id),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    source: row.source as QuoteSource,
    destination: row.destination as QuoteDestination,
    sendingCurrency: currencyShape(row.sendingCurrency),
    receivingCurrency: currencyShape(row.receivingCurrency),
    totalSendingAmount: Number(row.totalSendingAmount),
    totalReceivingAmount: Number(row.totalReceivingAmount),
    exchangeRate: row.exchangeRate.toNumber(),
    feesIncluded: Number(row.feesIncluded),
    platformFeesIncluded: Number(row.platformFeesIncluded),
    ...(row.paymentInstructions !== null && !(isAwaitingSca && row.sourceType === "REALTIME_FUNDING") && { paymentInstructions: row.paymentInstructions as QuotePaymentInstructions[] }),
    transactionId: formatId("Transaction", row.transactionId),
    ...(row.counterpartyInformation !== null && { counterpartyInformation: row.counterpartyInformation as Record<string, unknown> }),
    rateDetails: row.rateDetails as OutgoingRateDetails,
    lockedCurrencySide: row.lockedCurrencySide as "SENDING" | "RECEIVING",
    lockedCurrencyAmount: Number(row.lockedCurrencyAmount),
    ...(row.description !== null && { description: row.description }),
    ...(row.remittanceInformation !== null && { remittanceInformation: row.remittanceInformation }),
    ...(row.purposeOfPayment !== null && { purposeOfPayment: row.purposeOfPayment as Quote["purposeOfPayment"] }),
    ...(row.statementDescriptor !== null && { statementDescriptor: row.statementDescriptor }),
    ...(isAwaitingSca && row.scaChallenge !== null && { scaChallenge: row.scaChallenge as ScaChallenge }),
  };
}
