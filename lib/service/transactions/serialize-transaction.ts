import type { Transaction as TransactionRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import { currencyAmount } from "../internal-accounts/serialize-internal-account";
import type {
  IncomingTransaction,
  OutgoingTransaction,
  PaymentRail,
  QuotePaymentInstructions,
  RailDetails,
  Refund,
  Transaction,
  TransactionDestination,
  TransactionSource,
} from "./schemas";

export type { TransactionRow };

type IncomingFailureReason = NonNullable<IncomingTransaction["failureReason"]>;
type OutgoingFailureReason = NonNullable<OutgoingTransaction["failureReason"]>;

/**
 * A transaction as the API returns it, in responses and in webhook `data` (SPEC.md "Transaction",
 * BEHAVIORS.md §3): source and destination with their currency and, on ACH sides, railDetails;
 * `reconciliationInstructions` on every status but CREATED; `failureReason` only when FAILED.
 * Amounts are JSON integers in the smallest unit.
 */
export function serializeTransaction(row: TransactionRow): Transaction {
  const common = {
    id: formatId("Transaction", row.id),
    ...(row.pendingReason !== null && { pendingReason: row.pendingReason }),
    destination: withRailDetails(row.destination as TransactionDestination, row.destinationRailDetails),
    ...(row.customerId !== null && { customerId: formatId("Customer", row.customerId) }),
    ...(row.platformCustomerId !== null && { platformCustomerId: row.platformCustomerId }),
    ...(row.settledAt !== null && { settledAt: row.settledAt.toISOString() }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.receiptDeliveryConfirmedAt !== null && { receiptDeliveryConfirmedAt: row.receiptDeliveryConfirmedAt.toISOString() }),
    ...(row.description !== null && { description: row.description }),
    ...(row.exchangeRate !== null && { exchangeRate: row.exchangeRate.toNumber() }),
    ...(row.quoteId !== null && { quoteId: formatId("Quote", row.quoteId) }),
    ...(row.agentId !== null && { agentId: formatId("Agent", row.agentId) }),
    ...(row.refund !== null && { refund: row.refund as Refund }),
    ...(row.counterpartyInformation !== null && { counterpartyInformation: row.counterpartyInformation as Record<string, unknown> }),
    ...(row.status !== "CREATED" && { reconciliationInstructions: { reference: row.reference } }),
    ...(row.fees !== null && { fees: Number(row.fees) }),
    ...(row.rateDetails !== null && { rateDetails: row.rateDetails as Record<string, unknown> }),
  };
  const source = row.source === null ? undefined : withRailDetails(row.source as TransactionSource, row.sourceRailDetails);
  const sent = row.sentAmount !== null && row.sentCurrency !== null ? currencyAmount(row.sentAmount, row.sentCurrency) : undefined;
  const received = row.receivedAmount !== null && row.receivedCurrency !== null ? currencyAmount(row.receivedAmount, row.receivedCurrency) : undefined;
  const failureReason = row.status === "FAILED" && row.failureReason !== null ? row.failureReason : undefined;

  if (row.type === "INCOMING") {
    return {
      ...common,
      status: row.status,
      type: "INCOMING",
      direction: "CREDIT",
      ...(source && { source }),
      ...(sent && { sentAmount: sent }),
      receivedAmount: received ?? currencyAmount(0n, row.receivedCurrency ?? row.sentCurrency ?? ""),
      ...(failureReason && { failureReason: failureReason as IncomingFailureReason }),
    } satisfies IncomingTransaction;
  }
  return {
    ...common,
    // REJECTED and REFUNDED are not outgoing statuses; an outgoing row never holds them.
    status: row.status as OutgoingTransaction["status"],
    type: "OUTGOING",
    direction: "DEBIT",
    source: source!,
    sentAmount: sent ?? currencyAmount(0n, row.sentCurrency ?? ""),
    ...(received && { receivedAmount: received }),
    ...(row.platformFees !== null && { platformFees: Number(row.platformFees) }),
    ...(row.paymentInstructions !== null && { paymentInstructions: row.paymentInstructions as QuotePaymentInstructions[] }),
    ...(failureReason && { failureReason: failureReason as OutgoingFailureReason }),
    paymentRail: (row.paymentRail as PaymentRail | null) ?? null,
    railSelectionMode: (row.railSelectionMode as "AUTO" | "MANUAL" | null) ?? null,
    expectedSettlementAt: row.expectedSettlementAt?.toISOString() ?? null,
    settlementTimelineSeconds: row.settledAt === null ? null : Math.round((row.settledAt.getTime() - row.createdAt.getTime()) / 1000),
  } satisfies OutgoingTransaction;
}

function withRailDetails<T extends TransactionSource | TransactionDestination>(side: T, railDetails: unknown): T {
  return railDetails === null || railDetails === undefined ? side : { ...side, railDetails: railDetails as RailDetails };
}
