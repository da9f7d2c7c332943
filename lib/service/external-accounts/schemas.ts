import { z } from "@hono/zod-openapi";
import { PageQuerySchema, pageResponseSchema } from "../http/pagination";
import type { AccountTypeSpec } from "./account-type-spec";
import { ACCOUNT_TYPE_SPECS } from "./account-types";

// ── Enums ───────────────────────────────────────────────────────────────────────────────────────

export const EXTERNAL_ACCOUNT_STATUSES = ["PENDING", "ACTIVE", "PENDING_OWNERSHIP_VERIFICATION", "UNVERIFIED", "UNDER_REVIEW", "INACTIVE"] as const;
export const ExternalAccountStatusSchema = z.enum(EXTERNAL_ACCOUNT_STATUSES).openapi("ExternalAccountStatus", {
  description:
    "ACTIVE: usable. PENDING_OWNERSHIP_VERIFICATION: a FIRST_PARTY self-custody wallet that has not proven ownership yet (usable below regulatory thresholds); it becomes ACTIVE after a successful verification, UNVERIFIED after a failed one. PENDING, UNDER_REVIEW, INACTIVE: screening states.",
});
export type ExternalAccountStatus = z.infer<typeof ExternalAccountStatusSchema>;

export const OwnershipTypeSchema = z.enum(["FIRST_PARTY", "THIRD_PARTY"]).openapi("OwnershipType", {
  description:
    "Whether the account belongs to the owner itself (FIRST_PARTY) or to someone else (THIRD_PARTY). Required for self-custody wallets (wallet types without `vaspName`): the sandbox applies the travel rule to every platform.",
});
export type OwnershipType = z.infer<typeof OwnershipTypeSchema>;

export const BENEFICIARY_VERIFICATION_STATUSES = ["MATCHED", "PARTIAL_MATCH", "NOT_MATCHED", "UNSUPPORTED", "CHECKED_BY_RECEIVING_FI", "PENDING"] as const;
export const BeneficiaryVerificationStatusSchema = z.enum(BENEFICIARY_VERIFICATION_STATUSES).openapi("BeneficiaryVerificationStatus", {
  description: "Result of comparing the beneficiary name with the account holder's name at creation (bank accounts only).",
});
export type BeneficiaryVerificationStatus = z.infer<typeof BeneficiaryVerificationStatusSchema>;

export const BeneficiaryVerifiedDataSchema = z
  .object({ fullName: z.string().optional().openapi({ description: "The account holder's name as the receiving bank reports it." }) })
  .openapi("BeneficiaryVerifiedData");

// ── accountInfo, one schema per account type ────────────────────────────────────────────────────

type AnyObject = z.ZodObject<z.ZodRawShape>;

function createInfoSchema(spec: AccountTypeSpec): AnyObject {
  const fields = Object.fromEntries(Object.entries(spec.fields).map(([name, f]) => [name, f.isRequired ? f.create : f.create.optional()]));
  const beneficiary = spec.beneficiary && { beneficiary: spec.kind === "BANK" ? spec.beneficiary : spec.beneficiary.optional() };
  return z
    .object({ accountType: z.literal(spec.accountType), ...fields, ...beneficiary })
    .strict()
    .openapi(`${spec.schemaName}ExternalAccountCreateInfo`);
}

function infoSchema(spec: AccountTypeSpec): AnyObject {
  const fields = Object.fromEntries(Object.entries(spec.fields).map(([name, f]) => [name, f.isRequired ? f.wire : f.wire.optional()]));
  const rails = spec.kind === "BANK" && { paymentRails: z.array(z.enum(spec.rails as [string, ...string[]])) };
  const beneficiary = spec.beneficiary && { beneficiary: spec.kind === "BANK" ? spec.beneficiary : spec.beneficiary.optional() };
  return z.object({ accountType: z.literal(spec.accountType), ...fields, ...rails, ...beneficiary }).openapi(`${spec.schemaName}ExternalAccountInfo`);
}

const asOptions = (schemas: AnyObject[]) => schemas as unknown as [AnyObject, ...AnyObject[]];

export const ExternalAccountCreateInfoSchema = z
  .discriminatedUnion("accountType", asOptions(ACCOUNT_TYPE_SPECS.map(createInfoSchema)))
  .openapi("ExternalAccountCreateInfoOneOf", {
    description:
      "The account's details by `accountType`. Bank accounts need a `beneficiary`; wallets may carry one. Account numbers are returned in full only in the creation response and masked (`****1234`) afterwards.",
  });

export const ExternalAccountInfoSchema = z
  .discriminatedUnion("accountType", asOptions(ACCOUNT_TYPE_SPECS.map(infoSchema)))
  .openapi("ExternalAccountInfoOneOf");

/** accountInfo as the use cases see it once zod has accepted it. */
export type AccountInfo = { accountType: string; beneficiary?: Record<string, unknown> } & Record<string, unknown>;

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

const createFields = {
  currency: z
    .string()
    .regex(/^[A-Z]{3,5}$/, "must be a currency code such as USD")
    .openapi({ example: "USD", description: "ISO 4217 code (or USDC, USDT, USDB, BTC for wallets); must be the currency of `accountInfo.accountType`." }),
  platformAccountId: z.string().min(1).max(255).optional().openapi({ description: "Your identifier for the account; unique among the platform's accounts.", example: "ext_acc_123456" }),
  ownershipType: OwnershipTypeSchema.optional(),
  accountInfo: ExternalAccountCreateInfoSchema,
};

export const CustomerExternalAccountCreateRequestSchema = z
  .object({
    customerId: z.string().openapi({ example: "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", description: "Required: the customer who owns the account." }),
    ...createFields,
    defaultUmaDepositAccount: z.boolean().optional().openapi({
      description: "Make this the customer's default UMA deposit account (at most one per customer: setting it moves the flag from the previous one).",
    }),
  })
  .strict()
  .openapi("CustomerExternalAccountCreateRequest");
export type CustomerExternalAccountCreateRequest = Omit<z.infer<typeof CustomerExternalAccountCreateRequestSchema>, "accountInfo"> & { accountInfo: AccountInfo };

export const PlatformExternalAccountCreateRequestSchema = z.object(createFields).strict().openapi("PlatformExternalAccountCreateRequest");
export type PlatformExternalAccountCreateRequest = Omit<z.infer<typeof PlatformExternalAccountCreateRequestSchema>, "accountInfo"> & { accountInfo: AccountInfo };

export type ExternalAccountCreateRequest = PlatformExternalAccountCreateRequest & { customerId?: string; defaultUmaDepositAccount?: boolean };

// ── ExternalAccount ─────────────────────────────────────────────────────────────────────────────

export const ExternalAccountSchema = z
  .object({
    id: z.string().openapi({ example: "ExternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    customerId: z.string().optional().openapi({ description: "Absent for the platform's own accounts." }),
    status: ExternalAccountStatusSchema,
    platformAccountId: z.string().optional(),
    ownershipType: OwnershipTypeSchema.optional(),
    currency: z.string(),
    defaultUmaDepositAccount: z.boolean().optional().openapi({ description: "Customer accounts only." }),
    beneficiaryVerificationStatus: BeneficiaryVerificationStatusSchema.optional(),
    beneficiaryVerifiedData: BeneficiaryVerifiedDataSchema.optional(),
    accountInfo: ExternalAccountInfoSchema,
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("ExternalAccount");

export interface ExternalAccount {
  id: string;
  customerId?: string;
  status: ExternalAccountStatus;
  platformAccountId?: string;
  ownershipType?: OwnershipType;
  currency: string;
  defaultUmaDepositAccount?: boolean;
  beneficiaryVerificationStatus?: BeneficiaryVerificationStatus;
  beneficiaryVerifiedData?: { fullName?: string };
  accountInfo: AccountInfo;
  createdAt: string;
  updatedAt: string;
}

export const ExternalAccountListResponseSchema = pageResponseSchema(ExternalAccountSchema, "ExternalAccountListResponse");

const currencyFilter = z.string().max(5).optional().openapi({ description: "Only accounts in this currency." });
export const CustomerExternalAccountListQuerySchema = PageQuerySchema.extend({
  currency: currencyFilter,
  customerId: z.string().max(64).optional().openapi({ description: "Only this customer's accounts." }),
});
export const PlatformExternalAccountListQuerySchema = PageQuerySchema.extend({ currency: currencyFilter });
export type ExternalAccountListQuery = z.infer<typeof CustomerExternalAccountListQuerySchema>;

export const ExternalAccountIdParamSchema = z.object({
  externalAccountId: z.string().openapi({ param: { name: "externalAccountId", in: "path" }, example: "ExternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});

// ── Ownership verification ──────────────────────────────────────────────────────────────────────

export const OwnershipChallengeRequestSchema = z
  .object({ method: z.enum(["WALLET_SIGNATURE", "LIVENESS"]).openapi("OwnershipVerificationMethod") })
  .strict()
  .openapi("OwnershipChallengeRequest");
export type OwnershipVerificationMethod = z.infer<typeof OwnershipChallengeRequestSchema>["method"];

const WalletSignatureChallengeSchema = z
  .object({
    method: z.literal("WALLET_SIGNATURE"),
    messageToSign: z.string().openapi({ description: "Sign exactly this text with the wallet's key." }),
    expiresAt: z.string().datetime(),
  })
  .openapi("WalletSignatureChallenge");
const LivenessChallengeSchema = z
  .object({
    method: z.literal("LIVENESS"),
    verificationLink: z.url().openapi({ description: "Hosted liveness check for the wallet's owner." }),
    token: z.string().optional().openapi({ description: "The same check for an embedded flow." }),
    expiresAt: z.string().datetime(),
  })
  .openapi("LivenessChallenge");
export const OwnershipChallengeSchema = z.discriminatedUnion("method", [WalletSignatureChallengeSchema, LivenessChallengeSchema]).openapi("OwnershipChallenge");
export type OwnershipChallenge = z.infer<typeof OwnershipChallengeSchema>;

export const OwnershipVerifyRequestSchema = z
  .object({
    signature: z.string().min(1).max(2048).openapi({ description: "The wallet's signature over `messageToSign`." }),
    signatureScheme: z.enum(["bip137", "electrum"]).optional().openapi({ description: "Bitcoin message-signing convention; ignored for the wallet types offered here." }),
  })
  .strict()
  .openapi("OwnershipVerifyRequest");
export type OwnershipVerifyRequest = z.infer<typeof OwnershipVerifyRequestSchema>;
