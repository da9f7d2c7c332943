import { z } from "@hono/zod-openapi";
import { CurrencySchema } from "../exchange-rates/schemas";
import { OptionalIdempotencyHeaderSchema } from "../http/openapi";
import { ScaChallengeSchema, ScaFactorSchema } from "../sca/schemas";
import { OutgoingRateDetailsSchema, PaymentRailSchema, QuotePaymentInstructionsSchema } from "../transactions/schemas";
export { OutgoingRateDetailsSchema, type OutgoingRateDetails } from "../transactions/schemas";
import { PURPOSES_OF_PAYMENT } from "../transfers/schemas";

/** Largest lockedCurrencyAmount (BEHAVIORS.md §2.1: 1 … 9×10^15). */
export const MAX_LOCKED_AMOUNT = 9_000_000_000_000_000;

const example = (type: string) => `${type}:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10`;

export const AccountQuoteSourceSchema = z
  .object({
    sourceType: z.literal("ACCOUNT"),
    accountId: z.string().min(1).openapi({
      description:
        "`InternalAccount:<uuid>` (a customer's or the platform's own; prefunded: debited at execution), or `ExternalAccount:<uuid>` of an ACTIVE bank account (a customer's or the platform's) to pull from: no paymentInstructions, the pull runs at execution with no balance check; wallets cannot be pulled from (400 INVALID_INPUT).",
      example: example("InternalAccount"),
    }),
    customerId: z.string().optional().openapi({ description: "`Customer:<uuid>`, for FBO accounts; must own the account (internal or external) when given." }),
  })
  .strict()
  .openapi("AccountQuoteSource");

export const RealtimeFundingQuoteSourceSchema = z
  .object({
    sourceType: z.literal("REALTIME_FUNDING"),
    currency: z.string().min(3).max(5).openapi({ description: "Currency the payer sends.", example: "USD" }),
    customerId: z.string().optional().openapi({ description: "`Customer:<uuid>` on whose behalf the funds arrive; the platform's when omitted." }),
    cryptoNetwork: z.string().optional().openapi({ description: "Required for stablecoins: ETHEREUM, BASE, POLYGON or SOLANA.", example: "SOLANA" }),
  })
  .strict()
  .openapi("RealtimeFundingQuoteSource");

export const QuoteSourceSchema = z.discriminatedUnion("sourceType", [AccountQuoteSourceSchema, RealtimeFundingQuoteSourceSchema]).openapi("QuoteSourceOneOf");
export type QuoteSource = z.infer<typeof QuoteSourceSchema>;

export const AccountDestinationSchema = z
  .object({
    destinationType: z.literal("ACCOUNT"),
    accountId: z.string().min(1).openapi({ description: "`ExternalAccount:<uuid>` of the source's owner, or another `InternalAccount:<uuid>` of the platform.", example: example("ExternalAccount") }),
    paymentRail: PaymentRailSchema.optional().openapi({ description: "One of the external account's rails; chosen automatically when omitted (ACH_SAME_DAY only when named)." }),
  })
  .strict()
  .openapi("AccountDestination");

export const UmaAddressDestinationSchema = z
  .object({
    destinationType: z.literal("UMA_ADDRESS"),
    umaAddress: z.string().min(1).openapi({ example: "$success.eur@sandbox.uma.money" }),
    currency: z.string().min(3).max(5).openapi({ description: "Required: the currency the receiver gets; must be one the counterparty accepts.", example: "EUR" }),
  })
  .strict()
  .openapi("UmaAddressDestination");

export const QuoteDestinationSchema = z.discriminatedUnion("destinationType", [AccountDestinationSchema, UmaAddressDestinationSchema]).openapi("QuoteDestinationOneOf");
export type QuoteDestination = z.infer<typeof QuoteDestinationSchema>;

const FixedFeeSchema = z.object({ amount: z.number().int().min(0), currency: z.string() }).strict().openapi("QuoteFixedFee");

export const PlatformFeeOverrideSchema = z
  .object({
    platformFixedFee: FixedFeeSchema.openapi({ description: "In the sending currency's smallest unit; its currency must be the sending currency." }),
    platformVariableFeeBps: z.number().int().min(0).max(10_000),
  })
  .strict()
  .openapi("PlatformFeeOverride", { description: "Replaces the standing feeConfigs for this quote only; USD sources only; both fields required." });

export const QuoteRequestSchema = z
  .object({
    lookupId: z.string().optional().openapi({ description: "From GET /receiver/…: checked to exist and to name this receiver. A lookup is kept 30 days (on the platform's clock); after that 404 LOOKUP_REQUEST_NOT_FOUND: look the receiver up again." }),
    source: QuoteSourceSchema,
    destination: QuoteDestinationSchema,
    lockedCurrencySide: z.enum(["SENDING", "RECEIVING"]).openapi("QuoteLockSide"),
    lockedCurrencyAmount: z
      .number()
      .int()
      .min(1)
      .max(MAX_LOCKED_AMOUNT)
      .openapi({ description: "Smallest unit of the locked side's currency, 1 to 9×10^15 (else 400 INVALID_INPUT naming the field; an amount that would deliver nothing after fees, or a sending amount outside the platform's minAmount…maxAmount for the sending currency, is 400 AMOUNT_OUT_OF_RANGE).", example: 100_000 }),
    immediatelyExecute: z.boolean().optional().openapi({ description: "Create and execute in one call (internal-account sources, not embedded wallets, and pull sources)." }),
    description: z.string().max(1024).optional(),
    remittanceInformation: z.string().max(80).optional().openapi({ description: "Travels with the payment (at most 80 characters)." }),
    purposeOfPayment: z.enum(PURPOSES_OF_PAYMENT).optional(),
    statementDescriptor: z
      .string()
      .min(1)
      .max(10)
      .optional()
      .openapi({ description: "ACH company entry description (at most 10); only on quotes that move an ACH entry: a payout to or a pull from a US bank account." }),
    platformFeeOverride: PlatformFeeOverrideSchema.optional(),
    scaFactor: ScaFactorSchema.optional().openapi({
      description:
        "For a quote that waits on strong customer authentication (EU/EEA customers: REALTIME_FUNDING or `immediatelyExecute`): the factor of its first `scaChallenge`, SMS_OTP or PASSKEY (one the customer has; else 400 naming the available ones). Defaults to SMS_OTP when the phone is verified, else the passkey. Ignored for a quote that needs no authorization.",
    }),
    senderCustomerInfo: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .openapi("QuoteRequest");
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;



export const QUOTE_STATUSES = ["PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"] as const;

export const QuoteSchema = z
  .object({
    id: z.string().openapi({ example: example("Quote") }),
    status: z.enum(QUOTE_STATUSES).openapi("QuoteStatus"),
    createdAt: z.string().datetime(),
    expiresAt: z.string().datetime().openapi({ description: "After this the quote cannot be executed (409 QUOTE_EXPIRED); 5 minutes in the sandbox." }),
    source: QuoteSourceSchema,
    destination: QuoteDestinationSchema,
    sendingCurrency: CurrencySchema,
    receivingCurrency: CurrencySchema,
    totalSendingAmount: z.number().int().openapi({ description: "Smallest unit of the sending currency, fees included." }),
    totalReceivingAmount: z.number().int(),
    exchangeRate: z.number().positive().openapi({ description: "Sending-currency units per receiving-currency unit (major units): exact to 8 decimal places or 9 significant digits, whichever keeps more, but at most 15 significant digits (the JSON number parses to exactly the rate the amounts use), rounded up (see GET /exchange-rates)." }),
    feesIncluded: z.number().int().min(0),
    platformFeesIncluded: z.number().int().min(0),
    paymentInstructions: z.array(QuotePaymentInstructionsSchema).optional().openapi({
      description:
        "Realtime-funded quotes: where to send the funds; embedded-wallet sources: what the wallet signs. Absent for other sources. A realtime quote awaiting strong customer authentication withholds them until it is authorized, and one that expired unauthorized never shows them.",
    }),
    transactionId: z.string(),
    counterpartyInformation: z.record(z.string(), z.unknown()).optional(),
    rateDetails: OutgoingRateDetailsSchema,
    lockedCurrencySide: z.enum(["SENDING", "RECEIVING"]).optional(),
    lockedCurrencyAmount: z.number().int().optional(),
    description: z.string().optional(),
    remittanceInformation: z.string().optional(),
    purposeOfPayment: z.enum(PURPOSES_OF_PAYMENT).optional(),
    statementDescriptor: z.string().optional(),
    scaChallenge: ScaChallengeSchema.optional().openapi({
      description: "While PENDING_AUTHORIZATION (customers of EU/EEA regions): the challenge to answer with POST /quotes/{quoteId}/authorize (sandbox code 123456).",
    }),
  })
  .openapi("Quote");
export type Quote = z.infer<typeof QuoteSchema>;

export const QuoteIdParamSchema = z.object({
  quoteId: z.string().openapi({ param: { name: "quoteId", in: "path" }, example: example("Quote") }),
});

/** The headers of a quote's execution (POST /quotes/{quoteId}/execute, and an agent's). */
export const ExecuteQuoteHeadersSchema = OptionalIdempotencyHeaderSchema.extend({
  "service-wallet-signature": z.string().optional().openapi({ description: "Required for embedded-wallet sources: signature over the quote's paymentInstructions[0].accountOrWalletInfo.payloadToSign." }),
});

export const SandboxSendRequestSchema = z
  .object({
    quoteId: z.string().min(1).openapi({ example: example("Quote") }),
    currencyCode: z.string().min(3).max(5).openapi({ description: "Must be the quote's sending currency.", example: "USD" }),
    currencyAmount: z.number().int().min(1).optional().openapi({ description: "Defaults to the quote's totalSendingAmount; any other amount fails the payment with FUNDING_AMOUNT_MISMATCH." }),
  })
  .strict()
  .openapi("SandboxSendRequest");
export type SandboxSendRequest = z.infer<typeof SandboxSendRequestSchema>;

export const CancelTransactionRequestSchema = z
  .object({ reason: z.string().max(1024).optional() })
  .strict()
  .openapi("CancelTransactionRequest");

export const ScaAuthorizationRequestSchema = z
  .object({
    code: z.string().max(16).nullable().optional().openapi({ description: "The SMS code of an SMS_OTP challenge (sandbox: 123456)." }),
    passkeyAssertion: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .openapi({ description: "WebAuthn assertion for a PASSKEY challenge (sandbox: `signature` = `sandbox-valid-passkey-signature` and the `credentialId` of an enrolled passkey)." }),
    origin: z.string().max(2048).nullable().optional().openapi({ description: "Origin the passkey assertion was made on; required with passkeyAssertion." }),
    endUserIpAddress: z.string().max(45).nullable().optional(),
  })
  .strict()
  .openapi("ScaAuthorization");
export type ScaAuthorizationRequest = z.infer<typeof ScaAuthorizationRequestSchema>;
