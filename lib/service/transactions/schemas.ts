import { z } from "@hono/zod-openapi";
import { dateTimeFilterSchema } from "../http/date-schemas";
import { CardTransactionSchema } from "../cards/schemas";
import { PageQuerySchema, pageResponseSchema } from "../http/pagination";
import { CurrencyAmountSchema } from "../internal-accounts/schemas";

// Wire shapes of payment transactions (SPEC.md "Transaction", API-INDEX.md "Payments, quotes,
// transactions", api-shapes.json IncomingTransaction / OutgoingTransaction). Quotes reuse them.

export const TRANSACTION_STATUSES = ["CREATED", "PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "REJECTED", "FAILED", "REFUNDED", "EXPIRED"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const OUTGOING_TRANSACTION_STATUSES = ["PENDING", "PENDING_AUTHORIZATION", "EXPIRED", "PROCESSING", "COMPLETED", "FAILED"] as const;

export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES).openapi("TransactionStatus", {
  description:
    "CREATED: lookup made. PENDING: quote exists, awaiting funds or approval. PROCESSING: funds received, payment initiated. COMPLETED: delivered. REJECTED: refused by the receiver or platform, refunded. FAILED: see failureReason (not terminal: a later event may move it). REFUNDED: deprecated, never sent (read `refund`). EXPIRED: quote expired, the only terminal status.",
});
export const OutgoingTransactionStatusSchema = z.enum(OUTGOING_TRANSACTION_STATUSES).openapi("OutgoingTransactionStatus");
export const TransactionTypeSchema = z.enum(["INCOMING", "OUTGOING"]).openapi("TransactionType");
export const TransactionDirectionSchema = z.enum(["CREDIT", "DEBIT"]).openapi("TransactionDirection");

export const INCOMING_FAILURE_REASONS = [
  "LNURLP_FAILED",
  "PAY_REQUEST_FAILED",
  "PAYMENT_APPROVAL_WEBHOOK_ERROR",
  "PAYMENT_APPROVAL_TIMED_OUT",
  "OFFRAMP_FAILED",
  "MISSING_MANDATORY_PAYEE_DATA",
  "QUOTE_EXPIRED",
  "QUOTE_EXECUTION_FAILED",
  "COMPLIANCE_REJECTED",
  "COLLECTION_FAILED",
  "PAYOUT_RETURNED",
  "LIMIT_EXCEEDED",
  "ACCOUNT_CANNOT_RECEIVE",
  "ACCOUNT_INVALID",
  "SCA_NOT_COMPLETED",
] as const;
export const OUTGOING_FAILURE_REASONS = [
  "QUOTE_EXPIRED",
  "QUOTE_RATE_UNAVAILABLE",
  "QUOTE_EXECUTION_FAILED",
  "FUNDING_AMOUNT_MISMATCH",
  "SCA_NOT_COMPLETED",
  "PAYOUT_RETURNED",
  "LIMIT_EXCEEDED",
  "ACCOUNT_CANNOT_RECEIVE",
  "ACCOUNT_INVALID",
  "COMPLIANCE_REJECTED",
  "LIGHTNING_PAYMENT_FAILED",
  "COUNTERPARTY_POST_TX_FAILED",
] as const;
export type FailureReason = (typeof INCOMING_FAILURE_REASONS)[number] | (typeof OUTGOING_FAILURE_REASONS)[number];

export const IncomingTransactionFailureReasonSchema = z.enum(INCOMING_FAILURE_REASONS).openapi("IncomingTransactionFailureReason");
export const OutgoingTransactionFailureReasonSchema = z.enum(OUTGOING_FAILURE_REASONS).openapi("OutgoingTransactionFailureReason", {
  description: "QUOTE_EXECUTION_FAILED covers the whole path to settlement and implies an automatic refund of anything debited (see `refund`).",
});

export const PAYMENT_RAILS = [
  "ACH",
  "ACH_SAME_DAY",
  "ACH_COLOMBIA",
  "BANK_TRANSFER",
  "BRE_B",
  "CIPS",
  "FAST",
  "FASTER_PAYMENTS",
  "FEDNOW",
  "INSTAPAY",
  "MOBILE_MONEY",
  "NEFT",
  "PAYNOW",
  "PESONET",
  "PIX",
  "RTGS",
  "RTP",
  "SEPA",
  "SEPA_INSTANT",
  "SPEI",
  "SWIFT",
  "UNIONPAY",
  "UPI",
  "WIRE",
] as const;
export type PaymentRail = (typeof PAYMENT_RAILS)[number];
export const PaymentRailSchema = z.enum(PAYMENT_RAILS).openapi("PaymentRail", {
  description: "ACH_SAME_DAY is its own rail, used only when named on the destination.",
});

export const RefundSchema = z
  .object({
    reference: z.string().openapi({ description: "The transaction's reconciliation reference followed by `-REFUND`." }),
    initiatedAt: z.string().datetime(),
    settledAt: z.string().datetime().optional(),
    status: z.enum(["PENDING", "COMPLETED", "FAILED"]),
    reason: z.enum(["TRANSACTION_FAILED", "USER_CANCELLATION", "TIMEOUT"]).optional(),
  })
  .openapi("Refund", { description: "A refund of the transaction's debited amount to its source (replaces the REFUNDED status)." });
export type Refund = z.infer<typeof RefundSchema>;

export const ACH_RAIL_STATUSES = ["PENDING", "PROCESSING", "COMPLETED", "FAILED", "RETURNED", "RETURN_DISHONORED", "RETURN_CONTESTED"] as const;

export const AchRailDetailsSchema = z
  .object({
    paymentRail: z.enum(["ACH", "ACH_SAME_DAY"]),
    status: z.enum(ACH_RAIL_STATUSES).openapi({ description: "The ACH entry's own status, distinct from the transaction's." }),
    statementDescriptor: z.string().max(10).optional().openapi({ description: "Company entry description shown on the bank statement." }),
    returnedAt: z.string().datetime().optional(),
    dishonoredAt: z.string().datetime().optional(),
    contestedAt: z.string().datetime().optional(),
  })
  .openapi("AchRailDetails");
/** One-of by `paymentRail`; only ACH sides carry railDetails. */
export const RailDetailsSchema = AchRailDetailsSchema.openapi("RailDetails");
export type RailDetails = z.infer<typeof RailDetailsSchema>;

const OnChainTransactionSchema = z
  .object({ transactionHash: z.string(), network: z.enum(["BITCOIN", "ETHEREUM", "SOLANA", "BASE", "POLYGON", "TRON", "PLASMA", "SPARK"]) })
  .openapi("OnChainTransaction");

const accountId = z.string().openapi({ description: "`InternalAccount:<uuid>` or `ExternalAccount:<uuid>`.", example: "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" });
const currency = z.string().openapi({ description: "Currency code of this side.", example: "USD" });

export const AccountTransactionSourceSchema = z
  .object({
    sourceType: z.literal("ACCOUNT"),
    accountId,
    currency: currency.optional(),
    railDetails: RailDetailsSchema.optional(),
    onChainTransaction: OnChainTransactionSchema.optional(),
  })
  .openapi("AccountTransactionSource");
export const UmaAddressTransactionSourceSchema = z
  .object({ sourceType: z.literal("UMA_ADDRESS"), umaAddress: z.string(), currency: currency.optional() })
  .openapi("UmaAddressTransactionSource");
export const RealtimeFundingTransactionSourceSchema = z
  .object({
    sourceType: z.literal("REALTIME_FUNDING"),
    customerId: z.string().optional(),
    currency,
    accountHolderName: z.string().optional(),
    accountIdentifier: z.string().optional(),
    bankName: z.string().optional(),
    bankIdentifier: z.string().optional(),
    paymentRail: PaymentRailSchema.optional(),
    remittanceInformation: z.string().optional(),
    endToEndId: z.string().optional(),
    traceNumber: z.string().optional(),
    railDetails: RailDetailsSchema.optional(),
    onChainTransaction: OnChainTransactionSchema.optional(),
  })
  .openapi("RealtimeFundingTransactionSource");
export const TransactionSourceSchema = z
  .discriminatedUnion("sourceType", [AccountTransactionSourceSchema, UmaAddressTransactionSourceSchema, RealtimeFundingTransactionSourceSchema])
  .openapi("TransactionSourceOneOf");
export type TransactionSource = z.infer<typeof TransactionSourceSchema>;

export const AccountTransactionDestinationSchema = z
  .object({
    destinationType: z.literal("ACCOUNT"),
    accountId,
    currency: currency.optional(),
    railDetails: RailDetailsSchema.optional(),
    onChainTransaction: OnChainTransactionSchema.optional(),
  })
  .openapi("AccountTransactionDestination");
export const UmaAddressTransactionDestinationSchema = z
  .object({ destinationType: z.literal("UMA_ADDRESS"), umaAddress: z.string(), currency: currency.optional() })
  .openapi("UmaAddressTransactionDestination");
export const TransactionDestinationSchema = z
  .discriminatedUnion("destinationType", [AccountTransactionDestinationSchema, UmaAddressTransactionDestinationSchema])
  .openapi("TransactionDestinationOneOf");
export type TransactionDestination = z.infer<typeof TransactionDestinationSchema>;

export const ReconciliationInstructionsSchema = z
  .object({ reference: z.string().optional(), transactionHash: z.string().optional().openapi({ deprecated: true }) })
  .openapi("ReconciliationInstructions");

const common = {
  id: z.string().openapi({ example: "Transaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
  pendingReason: z.string().optional().openapi({ description: "Why a transaction is held (compliance review, customer action)." }),
  direction: TransactionDirectionSchema,
  destination: TransactionDestinationSchema,
  customerId: z.string().optional().openapi({ description: "`Customer:<uuid>`; absent when only the platform's own accounts take part." }),
  platformCustomerId: z.string().optional(),
  settledAt: z.string().datetime().optional(),
  createdAt: z.string().datetime().optional(),
  updatedAt: z.string().datetime().optional(),
  receiptDeliveryConfirmedAt: z.string().datetime().optional(),
  agentId: z.string().optional(),
  description: z.string().optional(),
  exchangeRate: z.number().positive().optional().openapi({ description: "Sending-currency units per receiving-currency unit." }),
  quoteId: z.string().optional(),
  refund: RefundSchema.optional(),
  counterpartyInformation: z.record(z.string(), z.unknown()).optional(),
  reconciliationInstructions: ReconciliationInstructionsSchema.optional(),
  fees: z.number().int().min(0).optional(),
};

/** A quote's and its OUTGOING transaction's rates and fees (SPEC.md "Quote": rateDetails). */
export const OutgoingRateDetailsSchema = z
  .object({
    counterpartyMultiplier: z.number(),
    counterpartyFixedFee: z.number().int(),
    serviceApiMultiplier: z.number(),
    serviceApiFixedFee: z.number().int(),
    serviceApiVariableFeeRate: z.number(),
    serviceApiVariableFeeAmount: z.number().int(),
  })
  .openapi("OutgoingRateDetails");
export type OutgoingRateDetails = z.infer<typeof OutgoingRateDetailsSchema>;

/** An INCOMING transaction's: the Service's side only (SPEC.md "Transaction": rateDetails). */
export const IncomingRateDetailsSchema = z
  .object({
    serviceApiMultiplier: z.number(),
    serviceApiFixedFee: z.number().int(),
    serviceApiVariableFeeRate: z.number(),
    serviceApiVariableFeeAmount: z.number().int(),
  })
  .openapi("IncomingRateDetails");
export type IncomingRateDetails = z.infer<typeof IncomingRateDetailsSchema>;

export const IncomingTransactionSchema = z
  .object({
    ...common,
    status: TransactionStatusSchema,
    type: z.literal("INCOMING"),
    source: TransactionSourceSchema.optional(),
    sentAmount: CurrencyAmountSchema.optional(),
    receivedAmount: CurrencyAmountSchema,
    failureReason: IncomingTransactionFailureReasonSchema.optional(),
    rateDetails: IncomingRateDetailsSchema.optional(),
  })
  .openapi("IncomingTransaction");

/** How to fund a quote: realtime-funded sources (where to send, quoting the reference) and embedded-wallet sources (what to sign). Quotes and their OUTGOING transactions show it. */
export const QuotePaymentInstructionsSchema = z
  .object({
    instructionsNotes: z.string().optional(),
    isPlatformAccount: z.boolean().optional(),
    accountOrWalletInfo: z
      .object({ accountType: z.string() })
      .catchall(z.unknown())
      .openapi("QuoteAccountOrWalletInfo", {
        description: "Bank form (`USD_ACCOUNT`…, with the `reference` the payer must quote), wallet form (`<NETWORK>_WALLET`, `BITCOIN_L1`) or `EMBEDDED_WALLET` with `payloadToSign`.",
      }),
  })
  .openapi("QuotePaymentInstructions");
export type QuotePaymentInstructions = z.infer<typeof QuotePaymentInstructionsSchema>;

export const OutgoingTransactionSchema = z
  .object({
    ...common,
    status: OutgoingTransactionStatusSchema,
    type: z.literal("OUTGOING"),
    source: TransactionSourceSchema,
    sentAmount: CurrencyAmountSchema,
    receivedAmount: CurrencyAmountSchema.optional(),
    platformFees: z.number().int().min(0).optional(),
    rateDetails: OutgoingRateDetailsSchema.optional(),
    paymentInstructions: z.array(QuotePaymentInstructionsSchema).optional().openapi({
      description: "The quote's paymentInstructions: where to send a realtime-funded payment (withheld while it awaits strong customer authentication, and for good once it expired unauthorized) or what an embedded wallet signs.",
    }),
    failureReason: OutgoingTransactionFailureReasonSchema.optional(),
    // A union, not .nullable(): on a registered schema .nullable().openapi() renders allOf [ref, nullable], which refuses null.
    paymentRail: z.union([PaymentRailSchema, z.null()]).openapi({ description: "null when no external rail is used." }),
    railSelectionMode: z.enum(["AUTO", "MANUAL"]).nullable(),
    expectedSettlementAt: z.string().datetime().nullable().openapi({ description: "Next business day for ACH, the same day for ACH_SAME_DAY (end of the UTC day; a weekend's: the next business day), null for instant rails. Counted from when the payment is sent: a quote's is first estimated at its creation and set again when it is executed." }),
    settlementTimelineSeconds: z.number().int().nullable().openapi({ description: "Seconds from creation to settlement, once settled." }),
  })
  .openapi("OutgoingTransaction");

export const TransactionSchema = z.discriminatedUnion("type", [IncomingTransactionSchema, OutgoingTransactionSchema]).openapi("TransactionOneOf");
export type IncomingTransaction = z.infer<typeof IncomingTransactionSchema>;
export type OutgoingTransaction = z.infer<typeof OutgoingTransactionSchema>;
export type Transaction = z.infer<typeof TransactionSchema>;

export const TransactionIdParamSchema = z.object({
  transactionId: z.string().openapi({ param: { name: "transactionId", in: "path" }, example: "Transaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});

export const TransactionListQuerySchema = PageQuerySchema.extend({
  customerId: z.string().optional().openapi({ description: "`Customer:<uuid>`; the platform's own id (`Platform:<uuid>`) lists transactions of platform accounts only." }),
  platformCustomerId: z.string().optional(),
  accountIdentifier: z.string().optional().openapi({ description: "An account on either side: `InternalAccount:`/`ExternalAccount:` id, or an external account's number, IBAN or address." }),
  senderAccountIdentifier: z.string().optional().openapi({ description: "As accountIdentifier, on the sending side only." }),
  receiverAccountIdentifier: z.string().optional().openapi({ description: "As accountIdentifier, on the receiving side only." }),
  status: TransactionStatusSchema.optional().openapi({ description: "Payment transactions only: 400 together with type=CARD." }),
  type: z.enum(["INCOMING", "OUTGOING", "CARD"]).optional(),
  reference: z.string().optional().openapi({ description: "Reconciliation reference (or the refund's)." }),
  startDate: dateTimeFilterSchema("Created at or after (inclusive)."),
  endDate: dateTimeFilterSchema("Created at or before (inclusive); not before startDate (400)."),
  sortOrder: z.enum(["asc", "desc"]).default("desc"),
  cardId: z.string().optional().openapi({ description: "`Card:<uuid>` or bare uuid: card transactions of that card." }),
});
export type TransactionListQuery = z.infer<typeof TransactionListQuerySchema>;

/** A listed transaction: a payment, or a card transaction (type CARD, lib/service/cards). */
export const TransactionListItemSchema = z
  .discriminatedUnion("type", [IncomingTransactionSchema, OutgoingTransactionSchema, CardTransactionSchema])
  .openapi("TransactionListItem", { description: "TransactionOneOf plus CARD → CardTransaction." });
export type TransactionListItem = z.infer<typeof TransactionListItemSchema>;

export const TransactionListResponseSchema = pageResponseSchema(TransactionListItemSchema, "TransactionListResponse");

export const TransactionStatusChangeSchema = z
  .object({
    status: z
      .union([TransactionStatusSchema, CardTransactionSchema.shape.status])
      .openapi({ description: "The status after this step: a TransactionStatus for a payment, a CardTransactionStatus for a card transaction." }),
    failureReason: z.string().optional().openapi({ description: "A payment's failureReason; a card transaction's cardDeclinedReason." }),
    refundStatus: z.enum(["PENDING", "COMPLETED", "FAILED"]).optional().openapi({ description: "Set when the step moved the refund." }),
    eventType: z.string().optional().openapi({ description: "Webhook event written with this step, if any." }),
    webhookEventId: z.string().optional().openapi({ description: "`Webhook:<uuid>` of that event (see GET /webhooks/events)." }),
    note: z.string().optional(),
    createdAt: z.string().datetime(),
  })
  .openapi("TransactionStatusChange");
export type TransactionStatusChange = z.infer<typeof TransactionStatusChangeSchema>;

export const TransactionStatusHistorySchema = z
  .object({ transactionId: z.string(), data: z.array(TransactionStatusChangeSchema) })
  .openapi("TransactionStatusHistory");
