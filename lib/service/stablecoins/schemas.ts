import { z } from "@hono/zod-openapi";
import { PageQuerySchema, pageResponseSchema } from "../http/pagination";

// ── Enums (API-INDEX.md "Stablecoins") ──────────────────────────────────────────────────────────

export const PROVIDERS = ["BRALE"] as const;
export const StablecoinProviderSchema = z.enum(PROVIDERS).openapi("StablecoinProvider");
export const ProviderAccountStatusSchema = z.enum(["ACTIVE", "INVALID", "REVOKED"]).openapi("StablecoinProviderAccountStatus");
export type ProviderAccountStatus = z.infer<typeof ProviderAccountStatusSchema>;
export const ProviderEnvironmentSchema = z.enum(["SANDBOX", "PRODUCTION"]).openapi("StablecoinProviderEnvironment");
export const StablecoinNetworkSchema = z.enum(["SPARK"]).openapi("StablecoinNetwork");
export const IssuanceStatusSchema = z.enum(["PENDING_REVIEW", "PROVISIONING", "PROVISIONED", "REJECTED", "FAILED"]).openapi("StablecoinIssuanceStatus");
export const ServiceOperationsStatusSchema = z
  .enum(["NOT_ENABLED", "PENDING_APPROVAL", "ENABLING", "ENABLED", "DISABLED"])
  .openapi("StablecoinServiceOperationsStatus");
export const OperationTypeSchema = z.enum(["MINT", "BURN"]).openapi("StablecoinOperationType");
export type OperationType = z.infer<typeof OperationTypeSchema>;
export const OPERATION_STATUSES = ["CREATED", "PENDING_FUNDING", "PENDING_PROVIDER", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"] as const;
export const OperationStatusSchema = z.enum(OPERATION_STATUSES).openapi("StablecoinOperationStatus");
export type OperationStatus = z.infer<typeof OperationStatusSchema>;
const PayoutRailSchema = z.enum(["WIRE", "ACH_CREDIT", "SAME_DAY_ACH_CREDIT", "RTP_CREDIT"]).openapi("StablecoinPayoutRail");

const idOf = (type: string) => z.string().min(1).max(200).openapi({ example: `${type}:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10` });
const digits = z.string().regex(/^[0-9]+$/, "must be digits only (the stablecoin's smallest unit)").max(78);

// ── Provider accounts ───────────────────────────────────────────────────────────────────────────

export const ProviderAccountSchema = z
  .object({
    id: z.string().openapi({ example: "StablecoinProviderAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    provider: StablecoinProviderSchema,
    providerAccountId: z.string(),
    providerEnvironment: ProviderEnvironmentSchema,
    status: ProviderAccountStatusSchema,
    lastVerifiedAt: z.string().datetime().optional(),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("StablecoinProviderAccount");
export type ProviderAccount = z.infer<typeof ProviderAccountSchema>;

export const ProviderAccountLinkRequestSchema = z
  .object({
    provider: StablecoinProviderSchema,
    apiClientId: z.string().min(1).max(255),
    apiClientSecret: z.string().min(1).max(1024).openapi({ description: "Write-only; never returned." }),
    providerAccountId: z.string().min(1).max(255).optional().openapi({ description: "Optional when the credentials see exactly one account." }),
  })
  .strict()
  .openapi("StablecoinProviderAccountLinkRequest");
export type ProviderAccountLinkRequest = z.infer<typeof ProviderAccountLinkRequestSchema>;

export const ProviderAccountListQuerySchema = PageQuerySchema.extend({
  provider: StablecoinProviderSchema.optional(),
  status: ProviderAccountStatusSchema.optional(),
});
export type ProviderAccountListQuery = z.infer<typeof ProviderAccountListQuerySchema>;
export const ProviderAccountListResponseSchema = pageResponseSchema(ProviderAccountSchema, "StablecoinProviderAccountListResponse");
export const ProviderAccountIdParamSchema = z.object({ stablecoinProviderAccountId: idOf("StablecoinProviderAccount") });

export const SandboxProviderAccountStatusRequestSchema = z
  .object({
    status: z.enum(["INVALID", "REVOKED"]).optional().openapi({ description: "INVALID (failed re-verification) or REVOKED (terminal)." }),
    providerUnavailable: z.boolean().optional().openapi({ description: "true: mints and burns through this link answer 503 until set back to false." }),
  })
  .strict()
  .openapi("SandboxStablecoinProviderAccountUpdateRequest");

// ── Stablecoins ─────────────────────────────────────────────────────────────────────────────────

export const StablecoinSchema = z
  .object({
    id: z.string().openapi({ example: "Stablecoin:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    name: z.string(),
    symbol: z.string(),
    baseCurrency: z.string(),
    network: StablecoinNetworkSchema,
    decimals: z.number().int(),
    issuanceStatus: IssuanceStatusSchema,
    serviceOperationsStatus: ServiceOperationsStatusSchema,
    networkTokenIdentifier: z.string(),
    currency: z.string().optional(),
    provider: StablecoinProviderSchema,
    stablecoinProviderAccountId: z.string(),
    providerEnvironment: ProviderEnvironmentSchema,
    providerTokenIdentifier: z.string(),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("Stablecoin");
export type Stablecoin = z.infer<typeof StablecoinSchema>;

export const StablecoinRegisterRequestSchema = z
  .object({
    providerTokenIdentifier: z.string().min(1).max(255),
    networkTokenIdentifier: z.string().min(1).max(255),
    network: StablecoinNetworkSchema,
    stablecoinProviderAccountId: z.string().min(1).max(200).optional().openapi({ description: "Required when several provider links are ACTIVE." }),
  })
  .strict()
  .openapi("StablecoinRegisterRequest");
export type StablecoinRegisterRequest = z.infer<typeof StablecoinRegisterRequestSchema>;

export const StablecoinListQuerySchema = PageQuerySchema.extend({
  issuanceStatus: IssuanceStatusSchema.optional(),
  serviceOperationsStatus: ServiceOperationsStatusSchema.optional(),
  provider: StablecoinProviderSchema.optional(),
});
export type StablecoinListQuery = z.infer<typeof StablecoinListQuerySchema>;
export const StablecoinListResponseSchema = pageResponseSchema(StablecoinSchema, "StablecoinListResponse");
export const StablecoinIdParamSchema = z.object({ stablecoinId: idOf("Stablecoin") });

// ── Operations ──────────────────────────────────────────────────────────────────────────────────

const typed = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ type: z.literal(type), ...shape }).strict();

export const MintFundingSourceSchema = z
  .discriminatedUnion("type", [
    typed("WIRE", {}),
    typed("ACH_DEBIT", { externalAccountId: idOf("ExternalAccount") }),
    typed("SAME_DAY_ACH_DEBIT", { externalAccountId: idOf("ExternalAccount") }),
    typed("SERVICE_INTERNAL_ACCOUNT", { accountId: idOf("InternalAccount") }),
    typed("PROVIDER_INTERNAL_BALANCE", { sourceTokenIdentifier: z.string().min(1).max(255), cryptoNetwork: z.string().min(1).max(64) }),
  ])
  .openapi("StablecoinMintFundingSource");

export const MintRequestSchema = z
  .object({
    amount: digits,
    fundingSource: MintFundingSourceSchema,
    destination: z.object({ accountId: idOf("ExternalAccount") }).strict().openapi("StablecoinMintDestination"),
    description: z.string().max(1024).optional(),
  })
  .strict()
  .openapi("StablecoinMintRequest");
export type MintRequest = z.infer<typeof MintRequestSchema>;

export const BurnSourceSchema = z
  .discriminatedUnion("type", [
    typed("EXTERNAL_ACCOUNT", {}),
    typed("SERVICE_INTERNAL_ACCOUNT", { accountId: idOf("InternalAccount") }),
    typed("PROVIDER_INTERNAL_BALANCE", {}),
  ])
  .openapi("StablecoinBurnSource");

export const BurnRequestSchema = z
  .object({
    amount: digits,
    source: BurnSourceSchema,
    destination: z
      .object({ type: z.literal("EXTERNAL_ACCOUNT"), externalAccountId: idOf("ExternalAccount"), rail: PayoutRailSchema })
      .strict()
      .openapi("StablecoinBurnDestination"),
    description: z.string().max(1024).optional(),
  })
  .strict()
  .openapi("StablecoinBurnRequest");
export type BurnRequest = z.infer<typeof BurnRequestSchema>;

export const OperationSourceSchema = z
  .object({
    type: z.enum(["WIRE", "ACH_DEBIT", "SAME_DAY_ACH_DEBIT", "EXTERNAL_ACCOUNT", "SERVICE_INTERNAL_ACCOUNT", "PROVIDER_INTERNAL_BALANCE"]),
    externalAccountId: z.string().optional(),
    accountId: z.string().optional(),
    sourceTokenIdentifier: z.string().optional(),
    cryptoNetwork: z.string().optional(),
  })
  .openapi("StablecoinOperationSource");
export const OperationDestinationSchema = z.object({ accountId: z.string(), rail: PayoutRailSchema.optional() }).openapi("StablecoinOperationDestination");
export const FundingInstructionsSchema = z
  .object({ rail: z.string().optional(), network: z.string().optional(), address: z.string().optional(), valueType: z.string().optional() })
  .catchall(z.unknown())
  .openapi("StablecoinFundingInstructions");
export const EstimatedDeliverySchema = z
  .object({ rail: z.string().optional(), amount: z.string().regex(/^[0-9]+$/).optional(), currency: z.string().optional(), timing: z.string().optional() })
  .catchall(z.unknown())
  .openapi("StablecoinEstimatedDelivery");

export const OperationSchema = z
  .object({
    id: z.string().openapi({ example: "StablecoinOperation:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    stablecoinId: z.string(),
    operationType: OperationTypeSchema,
    status: OperationStatusSchema,
    amount: z.string(),
    provider: StablecoinProviderSchema,
    providerEnvironment: ProviderEnvironmentSchema,
    stablecoinProviderAccountId: z.string(),
    source: OperationSourceSchema.optional(),
    fundingInstructions: FundingInstructionsSchema.optional(),
    destination: OperationDestinationSchema.optional(),
    estimatedDelivery: EstimatedDeliverySchema.optional(),
    expiresAt: z.string().datetime().optional(),
    providerStatus: z.string().optional(),
    failureReason: z.string().optional().openapi({
      description:
        "Stable code of a FAILED operation: PROVIDER_TRANSFER_FAILED (the provider's bank transfer failed: a mint's debit or a burn's payout), DESTINATION_ACCOUNT_UNAVAILABLE (a mint's internal destination could no longer receive when it completed; its fiat was returned), PROCESSING_ERROR (the service could not carry out a step, and running it again would not help; any fiat that had moved was returned and nothing was credited: create the operation again).",
    }),
    description: z.string().optional(),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("StablecoinOperation");
export type Operation = z.infer<typeof OperationSchema>;

export const OperationListQuerySchema = PageQuerySchema.extend({ operationType: OperationTypeSchema.optional() });
export type OperationListQuery = z.infer<typeof OperationListQuerySchema>;
export const OperationListResponseSchema = pageResponseSchema(OperationSchema, "StablecoinOperationListResponse");
export const OperationIdParamSchema = z.object({ stablecoinOperationId: idOf("StablecoinOperation") });
export const IdempotencyHeaderSchema = z.object({
  // Optional to zod so that a missing key gets the route's own 400 (requireIdempotencyKey) after the body is checked; required in the document.
  "idempotency-key": z
    .string()
    .optional()
    .openapi({ param: { required: true }, description: "Required, 1 to 255 characters: the same key and body return the first response; another body → 409." }),
});
