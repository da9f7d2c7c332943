import type { Transaction as TransactionRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import { currencyAmount } from "../internal-accounts/serialize-internal-account";
import type {
  IncomingRateDetails,
  IncomingTransaction,
  OutgoingRateDetails,
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
 * The columns serializeTransaction reads, for reads that only answer them (a page of transactions):
 * the accounts' snapshots and the identifier arrays the list's filters match stay in the database.
 */
export const TRANSACTION_WIRE_FIELDS = {
  id: "id",
  type: "type",
  status: "status",
  customerId: "customerId",
  platformCustomerId: "platformCustomerId",
  source: "source",
  destination: "destination",
  sourceRailDetails: "sourceRailDetails",
  destinationRailDetails: "destinationRailDetails",
  sentAmount: "sentAmount",
  sentCurrency: "sentCurrency",
  receivedAmount: "receivedAmount",
  receivedCurrency: "receivedCurrency",
  fees: "fees",
  platformFees: "platformFees",
  exchangeRate: "exchangeRate",
  quoteId: "quoteId",
  agentId: "agentId",
  paymentRail: "paymentRail",
  railSelectionMode: "railSelectionMode",
  expectedSettlementAt: "expectedSettlementAt",
  reference: "reference",
  description: "description",
  failureReason: "failureReason",
  pendingReason: "pendingReason",
  refund: "refund",
  rateDetails: "rateDetails",
  paymentInstructions: "paymentInstructions",
  counterpartyInformation: "counterpartyInformation",
  receiptDeliveryConfirmedAt: "receiptDeliveryConfirmedAt",
  settledAt: "settledAt",
  createdAt: "createdAt",
  updatedAt: "updatedAt",
} as const satisfies { [K in keyof TransactionRow]?: K };
export type TransactionWireRow = Pick<TransactionRow, keyof typeof TRANSACTION_WIRE_FIELDS>;

/**
 * A transaction as the API returns it, in responses and in webhook `data` (SPEC.md "Transaction",
 * BEHAVIORS.md §3): source and destination with their currency and, on ACH sides, railDetails;
 * `reconciliationInstructions` on every status but CREATED; `failureReason` only when FAILED.
 * Amounts are JSON integers in the smallest unit.
 */
export function serializeTransaction(row: TransactionWireRow): Transaction {
  const source = row.source === null ? undefined : withRailDetails(row.source as TransactionSource, row.sourceRailDetails);
  const destination = withRailDetails(row.destination as TransactionDestination, row.destinationRailDetails);
  const sent = row.sentAmount !== null && row.sentCurrency !== null ? currencyAmount(row.sentAmount, row.sentCurrency) : undefined;
  const received = row.receivedAmount !== null && row.receivedCurrency !== null ? currencyAmount(row.receivedAmount, row.receivedCurrency) : undefined;
  const failureReason = row.status === "FAILED" && row.failureReason !== null ? row.failureReason : undefined;

  // One literal per type, then the optional fields assigned: a list serializes many rows, and
  // spreading a shared part into the literal (`{ ...common, status, … }`) made V8 add every
  // following property the slow way (~15 µs a row, three quarters of this function).
  let tx: IncomingTransaction | OutgoingTransaction;
  if (row.type === "INCOMING") {
    const incoming: IncomingTransaction = {
      id: formatId("Transaction", row.id),
      status: row.status,
      type: "INCOMING",
      direction: "CREDIT",
      destination,
      receivedAmount: received ?? currencyAmount(0n, row.receivedCurrency ?? row.sentCurrency ?? ""),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
    if (source) incoming.source = source;
    if (sent) incoming.sentAmount = sent;
    if (failureReason) incoming.failureReason = failureReason as IncomingFailureReason;
    tx = incoming;
  } else {
    const outgoing: OutgoingTransaction = {
      id: formatId("Transaction", row.id),
      // REJECTED and REFUNDED are not outgoing statuses; an outgoing row never holds them.
      status: row.status as OutgoingTransaction["status"],
      type: "OUTGOING",
      direction: "DEBIT",
      source: source!,
      destination,
      sentAmount: sent ?? currencyAmount(0n, row.sentCurrency ?? ""),
      paymentRail: (row.paymentRail as PaymentRail | null) ?? null,
      railSelectionMode: (row.railSelectionMode as "AUTO" | "MANUAL" | null) ?? null,
      expectedSettlementAt: row.expectedSettlementAt?.toISOString() ?? null,
      settlementTimelineSeconds: row.settledAt === null ? null : Math.round((row.settledAt.getTime() - row.createdAt.getTime()) / 1000),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
    if (received) outgoing.receivedAmount = received;
    if (row.platformFees !== null) outgoing.platformFees = Number(row.platformFees);
    if (row.paymentInstructions !== null) outgoing.paymentInstructions = row.paymentInstructions as QuotePaymentInstructions[];
    if (failureReason) outgoing.failureReason = failureReason as OutgoingFailureReason;
    tx = outgoing;
  }
  if (row.pendingReason !== null) tx.pendingReason = row.pendingReason;
  if (row.customerId !== null) tx.customerId = formatId("Customer", row.customerId);
  if (row.platformCustomerId !== null) tx.platformCustomerId = row.platformCustomerId;
  if (row.settledAt !== null) tx.settledAt = row.settledAt.toISOString();
  if (row.receiptDeliveryConfirmedAt !== null) tx.receiptDeliveryConfirmedAt = row.receiptDeliveryConfirmedAt.toISOString();
  if (row.description !== null) tx.description = row.description;
  if (row.exchangeRate !== null) tx.exchangeRate = row.exchangeRate.toNumber();
  if (row.quoteId !== null) tx.quoteId = formatId("Quote", row.quoteId);
  if (row.agentId !== null) tx.agentId = formatId("Agent", row.agentId);
  if (row.refund !== null) tx.refund = row.refund as Refund;
  if (row.counterpartyInformation !== null) tx.counterpartyInformation = row.counterpartyInformation as Record<string, unknown>;
  if (row.status !== "CREATED") tx.reconciliationInstructions = { reference: row.reference };
  if (row.fees !== null) tx.fees = Number(row.fees);
  // Stored as the row's type has it: the quote's OutgoingRateDetails, or an incoming payment's IncomingRateDetails.
  if (row.rateDetails !== null) tx.rateDetails = row.rateDetails as OutgoingRateDetails & IncomingRateDetails;
  return tx;
}

function withRailDetails<T extends TransactionSource | TransactionDestination>(side: T, railDetails: unknown): T {
  return railDetails === null || railDetails === undefined ? side : { ...side, railDetails: railDetails as RailDetails };
}
