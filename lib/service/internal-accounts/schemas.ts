import { z } from "@hono/zod-openapi";
import { dateTimeFilterSchema } from "../http/date-schemas";
import { CurrencySchema } from "../exchange-rates/schemas";
import { PageQuerySchema, pageResponseSchema } from "../http/pagination";

export const INTERNAL_ACCOUNT_TYPES = ["INTERNAL_FIAT", "INTERNAL_CRYPTO", "EMBEDDED_WALLET"] as const;
export const INTERNAL_ACCOUNT_STATUSES = ["PENDING", "ACTIVE", "CLOSED", "FROZEN"] as const;

export const InternalAccountTypeSchema = z.enum(INTERNAL_ACCOUNT_TYPES).openapi("InternalAccountType", {
  description: "INTERNAL_FIAT holds one fiat currency, INTERNAL_CRYPTO one crypto asset, EMBEDDED_WALLET is the customer's self-custody USDB wallet.",
});
export const InternalAccountStatusSchema = z.enum(INTERNAL_ACCOUNT_STATUSES).openapi("InternalAccountStatus", {
  description: "PENDING: provisioning or review, cannot send or receive. ACTIVE: ready for payments. CLOSED: closed by the customer. FROZEN: compliance or fraud hold, cannot send or receive.",
});

export const CurrencyAmountSchema = z
  .object({
    amount: z.number().int().openapi({ description: "In the smallest unit of the currency." }),
    currency: CurrencySchema,
  })
  .openapi("CurrencyAmount");
export type CurrencyAmount = z.infer<typeof CurrencyAmountSchema>;

// ── Funding instructions: where to send money so that it lands in the account ───────────────────

const reference = z.string().openapi({ description: "Put this in the payment's reference or memo so the deposit is matched to the account." });
const accountHolderName = z.string().openapi({ description: "Name of the account holder to address the payment to." });

const UsdAccountInstructionsSchema = z
  .object({
    accountType: z.literal("USD_ACCOUNT"),
    accountNumber: z.string(),
    routingNumber: z.string(),
    bankName: z.string(),
    bankAddress: z.string().optional(),
    accountHolderName,
    reference,
    paymentRails: z.array(z.enum(["ACH", "WIRE", "RTP", "FEDNOW"])),
  })
  .openapi("PaymentUsdAccountInfo");

const EurAccountInstructionsSchema = z
  .object({
    accountType: z.literal("EUR_ACCOUNT"),
    iban: z.string(),
    swiftCode: z.string(),
    bankName: z.string(),
    accountHolderName,
    reference,
    paymentRails: z.array(z.enum(["SEPA", "SEPA_INSTANT"])),
  })
  .openapi("PaymentEurAccountInfo");

const GbpAccountInstructionsSchema = z
  .object({
    accountType: z.literal("GBP_ACCOUNT"),
    sortCode: z.string(),
    accountNumber: z.string(),
    bankName: z.string(),
    accountHolderName,
    reference,
    paymentRails: z.array(z.enum(["FASTER_PAYMENTS"])),
  })
  .openapi("PaymentGbpAccountInfo");

const MxnAccountInstructionsSchema = z
  .object({
    accountType: z.literal("MXN_ACCOUNT"),
    clabeNumber: z.string(),
    bankName: z.string(),
    accountHolderName,
    reference,
    paymentRails: z.array(z.enum(["SPEI"])),
  })
  .openapi("PaymentMxnAccountInfo");

const SwiftAccountInstructionsSchema = z
  .object({
    accountType: z.literal("SWIFT_ACCOUNT"),
    country: z.string(),
    swiftCode: z.string(),
    bankName: z.string(),
    accountNumber: z.string(),
    accountHolderName,
    reference,
    paymentRails: z.array(z.enum(["SWIFT"])),
  })
  .openapi("PaymentSwiftAccountInfo");

const walletInstructions = <T extends string>(accountType: T, name: string) =>
  z
    .object({
      accountType: z.literal(accountType),
      address: z.string(),
      assetType: z.string().openapi({ description: "The token to send, e.g. USDC." }),
    })
    .openapi(name);

const BitcoinInstructionsSchema = z
  .object({ accountType: z.literal("BITCOIN_L1"), address: z.string(), network: z.literal("BITCOIN") })
  .openapi("PaymentBitcoinDepositAddressInfo");

export const PaymentAccountOrWalletInfoSchema = z
  .discriminatedUnion("accountType", [
    UsdAccountInstructionsSchema,
    EurAccountInstructionsSchema,
    GbpAccountInstructionsSchema,
    MxnAccountInstructionsSchema,
    SwiftAccountInstructionsSchema,
    walletInstructions("SOLANA_WALLET", "PaymentSolanaWalletInfo"),
    walletInstructions("ETHEREUM_WALLET", "PaymentEthereumWalletInfo"),
    walletInstructions("BASE_WALLET", "PaymentBaseWalletInfo"),
    walletInstructions("POLYGON_WALLET", "PaymentPolygonWalletInfo"),
    BitcoinInstructionsSchema,
  ])
  .openapi("PaymentAccountOrWalletInfo");
export type PaymentAccountOrWalletInfo = z.infer<typeof PaymentAccountOrWalletInfoSchema>;

export const PaymentInstructionsSchema = z
  .object({
    instructionsNotes: z.string().optional(),
    isPlatformAccount: z.boolean().optional().openapi({ description: "True when the instructions fund one of the platform's own accounts." }),
    accountOrWalletInfo: PaymentAccountOrWalletInfoSchema,
  })
  .openapi("PaymentInstructions");
export type PaymentInstructions = z.infer<typeof PaymentInstructionsSchema>;

// ── The resource ─────────────────────────────────────────────────────────────────────────────────

export const InternalAccountSchema = z
  .object({
    id: z.string().openapi({ example: "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    customerId: z.string().optional().openapi({ description: "The owning customer; absent on the platform's own accounts.", example: "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    type: InternalAccountTypeSchema,
    status: InternalAccountStatusSchema,
    balance: CurrencyAmountSchema.openapi({ description: "Available balance: what can be spent now (excludes held and pending funds)." }),
    totalBalance: CurrencyAmountSchema.openapi({ description: "Posted balance, including funds held for pending payments and card authorizations." }),
    fundingPaymentInstructions: z.array(PaymentInstructionsSchema).openapi({ description: "Where to send money to fund this account. Empty for embedded wallets." }),
    privateEnabled: z.boolean().optional().openapi({ description: "Embedded wallets only." }),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime().openapi({ description: "Last change of the account, its status or its balance." }),
  })
  .openapi("InternalAccount");
export type InternalAccount = z.infer<typeof InternalAccountSchema>;

export const InternalAccountListQuerySchema = PageQuerySchema.extend({
  currency: z.string().max(8).optional().openapi({ description: "Only accounts in this currency (e.g. USD, USDC)." }),
  customerId: z.string().max(64).optional().openapi({ description: "Only this customer's accounts (`Customer:<uuid>`)." }),
  type: InternalAccountTypeSchema.optional(),
});
export type InternalAccountListQuery = z.infer<typeof InternalAccountListQuerySchema>;
export const InternalAccountListResponseSchema = pageResponseSchema(InternalAccountSchema, "InternalAccountListResponse");

export const PlatformInternalAccountListQuerySchema = z.object({
  currency: z.string().max(8).optional().openapi({ description: "Only the account in this currency." }),
  type: InternalAccountTypeSchema.optional(),
});
export type PlatformInternalAccountListQuery = z.infer<typeof PlatformInternalAccountListQuerySchema>;
export const PlatformInternalAccountListResponseSchema = z.object({ data: z.array(InternalAccountSchema) }).openapi("PlatformInternalAccountListResponse");

export const InternalAccountIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, example: "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});
export const SandboxFundParamSchema = z.object({
  accountId: z.string().openapi({ param: { name: "accountId", in: "path" }, example: "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});

/** BEHAVIORS.md §4.8: 1 … 10^11 in the account currency's smallest unit. */
export const MAX_SANDBOX_FUND_AMOUNT = 100_000_000_000;
export const SandboxFundRequestSchema = z
  .object({
    amount: z.number().int().min(1).max(MAX_SANDBOX_FUND_AMOUNT).openapi({ description: "In the smallest unit of the account's currency, 1 to 10^11." }),
  })
  .strict()
  .openapi("SandboxFundRequest");

// ── Balance changes ──────────────────────────────────────────────────────────────────────────────

export const BalanceChangesQuerySchema = PageQuerySchema.extend({
  startDate: dateTimeFilterSchema("Window start, included. Absent: from the first change."),
  endDate: dateTimeFilterSchema("Window end, excluded; after startDate (400). Absent: up to the last change."),
});
export type BalanceChangesQuery = z.infer<typeof BalanceChangesQuerySchema>;

export const BalanceChangeSchema = z
  .object({
    id: z.string().openapi({ description: "Identifies the movement; stable across pages and calls." }),
    amount: z.number().int().openapi({ description: "Signed change in the account currency's smallest unit, fees included (negative = money out)." }),
    effectiveAt: z.string().datetime(),
    transactionId: z.string().optional().openapi({ description: "What moved the money, when there is one: a payment `Transaction:` or a `CardTransaction:` (both answered by GET /transactions/{transactionId})." }),
  })
  .openapi("BalanceChange");

export const BalanceChangesResponseSchema = z
  .object({
    openingBalance: CurrencyAmountSchema.openapi({ description: "Posted balance just before startDate." }),
    closingBalance: CurrencyAmountSchema.openapi({ description: "Posted balance just before endDate: openingBalance plus every change of every page." }),
    changes: z.array(BalanceChangeSchema),
    hasMore: z.boolean(),
    nextCursor: z.string().optional(),
  })
  .openapi("BalanceChangeListResponse");
export type BalanceChangesResponse = z.infer<typeof BalanceChangesResponseSchema>;
