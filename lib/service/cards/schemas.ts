import { z } from "@hono/zod-openapi";
import { CurrencySchema } from "../exchange-rates/schemas";
import { PageQuerySchema, pageResponseSchema } from "../http/pagination";
import { CurrencyAmountSchema } from "../internal-accounts/schemas";

export const CARD_STATES = ["PENDING_KYC", "PROCESSING", "ACTIVE", "FROZEN", "CLOSED"] as const;
export const CARD_TRANSACTION_STATUSES = ["AUTHORIZED", "PARTIALLY_SETTLED", "SETTLED", "DECLINED", "VOIDED", "EXCEPTION"] as const;
export type CardTransactionStatus = (typeof CARD_TRANSACTION_STATUSES)[number];
export const CARD_DECLINED_REASONS = [
  "CARD_NOT_ACTIVE",
  "SPEND_LIMIT_EXCEEDED",
  "INSUFFICIENT_FUNDS",
  "NO_ELIGIBLE_FUNDING_SOURCE",
  "BLOCKED",
  "UNSUPPORTED_NETWORK",
  "INCORRECT_CARD_DETAILS",
  "TEMPORARILY_UNAVAILABLE",
  "OTHER",
] as const;
export type CardDeclinedReason = (typeof CARD_DECLINED_REASONS)[number];

const amount = (description: string) => z.number().int().openapi({ description, format: "int64" });
const cardIdParam = z.string().openapi({ param: { name: "id", in: "path" }, example: "Card:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" });
export const CardIdParamSchema = z.object({ id: cardIdParam });

export const CardSchema = z
  .object({
    id: z.string().openapi({ example: "Card:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    cardholderId: z.string().openapi({ description: "`Customer:<uuid>` of the cardholder." }),
    platformCardId: z.string().optional(),
    state: z.enum(CARD_STATES).openapi("CardState", { description: "PROCESSING until the issuer answers; ACTIVE ⇄ FROZEN by PATCH; CLOSED is terminal. PENDING_KYC is unused." }),
    stateReason: z.enum(["ISSUER_REJECTED", "CLOSED_BY_PLATFORM", "CLOSED_BY_SERVICE"]).nullable().openapi({ description: "Why the card is CLOSED; null otherwise. CLOSED_BY_PLATFORM: closed by PATCH, or by deleting the cardholder (a card does not outlive its holder)." }),
    brand: z.enum(["VISA", "MASTERCARD"]).optional(),
    form: z.enum(["VIRTUAL"]),
    last4: z.string().optional(),
    expMonth: z.number().int().min(1).max(12).optional().openapi({ description: "The card is good through the last day of this month (UTC) of `expYear`; later authorizations decline with CARD_NOT_ACTIVE (the card's `state` does not change)." }),
    expYear: z.number().int().optional(),
    fundingSources: z.array(z.string()).openapi({ description: "`InternalAccount:<uuid>` ids in priority order; v1 authorizations use the first." }),
    maxSpendPerTransaction: z.number().int().min(1).nullable().openapi({ description: "Per-authorization ceiling in the card currency's smallest unit; null = none." }),
    currency: z.string().optional(),
    processorRef: z.string().optional(),
    issuerRef: z.string().optional(),
    cardCapabilities: z.object({ supportsDigitalWalletTokenization: z.boolean() }),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("Card");
export type Card = z.infer<typeof CardSchema>;

export const CardCreateRequestSchema = z
  .object({
    cardholderId: z.string().openapi({ description: "`Customer:<uuid>` whose kycStatus is APPROVED." }),
    platformCardId: z.string().min(1).max(255).optional(),
    threeDSecurePassword: z.string().min(1).max(255).optional().openapi({ description: "Forwarded to the issuer, never stored." }),
    form: z.enum(["VIRTUAL"]),
    fundingSources: z.array(z.string()).min(1).max(10).openapi({ description: "The cardholder's `InternalAccount:<uuid>` ids, one card-eligible currency (USD or USDB)." }),
    maxSpendPerTransaction: z.number().int().min(1).optional(),
  })
  .openapi("CardCreateRequest");
export type CardCreateRequest = z.infer<typeof CardCreateRequestSchema>;

export const CardUpdateRequestSchema = z
  .object({
    state: z.enum(["ACTIVE", "FROZEN", "CLOSED"]).optional().openapi({ description: "FROZEN freezes, ACTIVE unfreezes, CLOSED closes (terminal; alone)." }),
    fundingSources: z.array(z.string()).min(1).max(10).optional(),
    maxSpendPerTransaction: z.number().int().min(1).nullable().optional(),
  })
  .openapi("CardUpdateRequest");
export type CardUpdateRequest = z.infer<typeof CardUpdateRequestSchema>;

export const CardListQuerySchema = PageQuerySchema.extend({
  cardholderId: z.string().optional(),
  accountId: z.string().optional().openapi({ description: "`InternalAccount:<uuid>`: cards funded by that account." }),
  platformCardId: z.string().optional(),
  state: z.enum(CARD_STATES).optional(),
  sortOrder: z.enum(["asc", "desc"]).default("desc"),
});
export type CardListQuery = z.infer<typeof CardListQuerySchema>;
export const CardListResponseSchema = pageResponseSchema(CardSchema, "CardListResponse");

export const CardRevealResponseSchema = z
  .object({ panEmbedUrl: z.string().url(), expiresAt: z.string().datetime() })
  .openapi("CardRevealResponse");

export const CardTokenizeRequestSchema = z
  .object({
    walletProvider: z.enum(["APPLE_PAY", "GOOGLE_PAY"]),
    nonce: z.string().min(1).max(1024).optional(),
    nonceSignature: z.string().min(1).max(4096).optional(),
    certificates: z.array(z.string().min(1).max(8192)).max(5).optional(),
    clientDeviceId: z.string().min(1).max(255).optional(),
    clientWalletAccountId: z.string().min(1).max(255).optional(),
  })
  .openapi("CardTokenizeRequest", { description: "Values produced by the wallet SDK." });
export type CardTokenizeRequest = z.infer<typeof CardTokenizeRequestSchema>;

export const CardTokenizeResponseSchema = z
  .object({ encryptedPassData: z.string(), activationData: z.string(), ephemeralPublicKey: z.string() })
  .openapi("CardTokenizeResponse", { description: "Encrypted provisioning payload that completes in-app add to a digital wallet." });

export const CardMerchantSchema = z
  .object({
    descriptor: z.string().min(1).max(255),
    mcc: z.string().regex(/^\d{4}$/).optional(),
    country: z.string().length(2).optional(),
    city: z.string().max(255).optional(),
    state: z.string().max(255).optional(),
  })
  .openapi("CardMerchant");
export type CardMerchant = z.infer<typeof CardMerchantSchema>;

const summary = (name: string) => z.object({ count: z.number().int(), totalAmount: amount("Sum, smallest unit.") }).openapi(name);

export const CardTransactionSchema = z
  .object({
    type: z.literal("CARD"),
    id: z.string().openapi({ example: "CardTransaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    cardId: z.string(),
    customerId: z.string(),
    platformCustomerId: z.string(),
    issuerTransactionToken: z.string(),
    status: z.enum(CARD_TRANSACTION_STATUSES).openapi("CardTransactionStatus", {
      description:
        "An authorization stays AUTHORIZED (PARTIALLY_SETTLED once some of it cleared) until it clears; one still open 7 days after `authorizedAt` (the usual card-network hold; an advice does not extend it) expires: VOIDED, or SETTLED at what cleared, its hold released (CARD_TRANSACTION.VOIDED or .SETTLED, INTERNAL_ACCOUNT.BALANCE_UPDATED). A clearing that arrives after that still posts, as a fresh pull (or credit), and the row ends SETTLED.",
    }),
    direction: z.enum(["DEBIT", "CREDIT"]),
    merchant: CardMerchantSchema,
    authorizedAmount: CurrencyAmountSchema,
    settledAmount: CurrencyAmountSchema,
    refundedAmount: CurrencyAmountSchema,
    cardDeclinedReason: z.enum(CARD_DECLINED_REASONS).nullable().openapi({ description: "DECLINED only. CARD_NOT_ACTIVE also for a card past its expiry month (`expMonth`/`expYear`). Treat unknown values as OTHER." }),
    originalTransactionId: z.string().nullable().openapi({ description: "Refund rows: the purchase they return." }),
    accountId: z.string(),
    pullSummary: z.object({ count: z.number().int(), totalAmount: amount("Sum pulled."), pendingCount: z.number().int() }).openapi("CardPullSummary"),
    settlementSummary: summary("CardSettlementSummary"),
    refundSummary: summary("CardRefundSummary"),
    authorizedAt: z.string().datetime(),
    lastEventAt: z.string().datetime(),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("CardTransaction");
export type CardTransaction = z.infer<typeof CardTransactionSchema>;

// ── Sandbox simulators ──────────────────────────────────────────────────────────────────────────
export const SandboxCardAuthorizationRequestSchema = z
  .object({ amount: z.number().int().min(1).max(1e11), currency: CurrencySchema, merchant: CardMerchantSchema })
  .openapi("SandboxCardAuthorizationRequest");
export type SandboxCardAuthorizationRequest = z.infer<typeof SandboxCardAuthorizationRequestSchema>;
export const SandboxCardClearingRequestSchema = z
  .object({ cardTransactionId: z.string(), amount: z.number().int().min(0).max(1e11) })
  .openapi("SandboxCardClearingRequest");
export const SandboxCardReturnRequestSchema = z.object({ cardTransactionId: z.string(), amount: z.number().int().min(1).max(1e11) }).openapi("SandboxCardReturnRequest");
export const SandboxCardBalanceInquiryRequestSchema = z.object({ merchant: CardMerchantSchema }).openapi("SandboxCardBalanceInquiryRequest");
export const SandboxCardAuthorizationAdviceRequestSchema = z
  .object({ cardTransactionId: z.string(), amount: z.number().int().min(1).max(1e11) })
  .openapi("SandboxCardAuthorizationAdviceRequest");
export const SandboxCardTransactionRefRequestSchema = z.object({ cardTransactionId: z.string() }).openapi("SandboxCardTransactionRefRequest");
export const SandboxCardSimulationResponseSchema = z.object({ issuerTransactionToken: z.string() }).openapi("SandboxCardSimulationResponse");
export type SandboxCardSimulationResponse = z.infer<typeof SandboxCardSimulationResponseSchema>;
