import { z } from "@hono/zod-openapi";
import { booleanQuerySchema } from "../http/boolean-query";
import { dateTimeFilterSchema } from "../http/date-schemas";
import { PageQuerySchema, pageResponseSchema } from "../http/pagination";
import { PlatformExternalAccountCreateRequestSchema } from "../external-accounts/schemas";
import { QuoteSchema } from "../quotes/schemas";
import { TransactionSchema } from "../transactions/schemas";

// ── Policy (BEHAVIORS.md §8) ────────────────────────────────────────────────────────────────────

export const AGENT_PERMISSIONS = ["VIEW_TRANSACTIONS", "CREATE_TRANSFERS", "CREATE_QUOTES", "EXECUTE_QUOTES", "MANAGE_EXTERNAL_ACCOUNTS"] as const;
export const AgentPermissionSchema = z.enum(AGENT_PERMISSIONS).openapi("AgentPermission");
export const AgentExecutionModeSchema = z.enum(["AUTO", "APPROVAL_REQUIRED"]).openapi("AgentExecutionMode");

const currency = z.string().regex(/^[A-Z0-9]{3,5}$/, "must be a currency code such as USD");
const minorUnits = (description: string) => z.number().int().min(0).openapi({ description });

export const AgentSpendingLimitsSchema = z
  .object({
    currency,
    perTransactionLimit: minorUnits("Largest single action, in the smallest unit of `currency`."),
    dailyLimit: minorUnits("Total spend per UTC day (from 00:00 UTC), in the smallest unit of `currency`; null = none.").nullable().optional(),
    dailyTransactionLimit: z.number().int().min(0).optional().openapi({ description: "Actions per UTC day (from 00:00 UTC)." }),
    monthlyLimit: minorUnits("Total spend per calendar month in UTC (from the 1st, 00:00 UTC), in the smallest unit of `currency`; null = none.").nullable().optional(),
  })
  .openapi("AgentSpendingLimits");

export const AgentSpendingLimitsUpdateSchema = AgentSpendingLimitsSchema.partial().openapi("AgentSpendingLimitsUpdate");

export const AgentAccountRuleSchema = z
  .object({
    accountId: z.string().min(1),
    executionMode: AgentExecutionModeSchema.optional(),
    perTransactionLimit: minorUnits("Overrides the policy's per-transaction limit for this account.").nullable().optional(),
  })
  .openapi("AgentAccountRule");

export const AgentAccountRestrictionsSchema = z
  .object({
    allowedAccountIds: z.array(z.string().min(1)).nullable().optional().openapi({ description: "null = every account of the customer." }),
    accountRules: z.array(AgentAccountRuleSchema).optional(),
  })
  .openapi("AgentAccountRestrictions");

export const AgentApprovalThresholdsSchema = z
  .object({ currency: currency.optional(), amount: minorUnits("Actions strictly above need approval, even in AUTO.").nullable().optional() })
  .openapi("AgentApprovalThresholds");

export const AgentPolicySchema = z
  .object({
    permissions: z.array(AgentPermissionSchema),
    defaultExecutionMode: AgentExecutionModeSchema,
    spendingLimits: AgentSpendingLimitsSchema,
    accountRestrictions: AgentAccountRestrictionsSchema.optional(),
    approvalThresholds: AgentApprovalThresholdsSchema.optional(),
  })
  .openapi("AgentPolicy");
export type AgentPolicy = z.infer<typeof AgentPolicySchema>;

export const AgentPolicyUpdateRequestSchema = z
  .object({
    permissions: z.array(AgentPermissionSchema).optional(),
    defaultExecutionMode: AgentExecutionModeSchema.optional(),
    spendingLimits: AgentSpendingLimitsUpdateSchema.optional(),
    accountRestrictions: AgentAccountRestrictionsSchema.optional(),
    approvalThresholds: AgentApprovalThresholdsSchema.optional(),
  })
  .openapi("AgentPolicyUpdateRequest");
export type AgentPolicyUpdateRequest = z.infer<typeof AgentPolicyUpdateRequestSchema>;

// ── Agent ───────────────────────────────────────────────────────────────────────────────────────

export const AgentUsageSchema = z
  .object({
    dailyTransactionCount: z.number().int(),
    dailySpend: z.number().int(),
    dailyResetDate: z.string().optional().openapi({
      format: "date",
      example: "2026-11-28",
      description: "The current UTC day (YYYY-MM-DD) that `dailySpend` and `dailyTransactionCount` cover, not the next reset: both start again from 0 at the next 00:00 UTC.",
    }),
    monthlySpend: z.number().int(),
    monthlyResetMonth: z.string().optional().openapi({
      example: "2026-11",
      description: "The current UTC month (YYYY-MM) that `monthlySpend` covers, not the next reset: it starts again from 0 on the 1st of the next month, 00:00 UTC.",
    }),
  })
  .openapi("AgentUsage");
export type AgentUsage = z.infer<typeof AgentUsageSchema>;

export const AgentSchema = z
  .object({
    id: z.string().openapi({ example: "Agent:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    name: z.string(),
    customerId: z.string(),
    isPaused: z.boolean(),
    isConnected: z.boolean(),
    policy: AgentPolicySchema,
    usage: AgentUsageSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Agent");
export type Agent = z.infer<typeof AgentSchema>;

export const AgentDeviceCodeSchema = z
  .object({ code: z.string().openapi({ example: "ABCD-2345" }), agentId: z.string(), expiresAt: z.string().openapi({ format: "date-time" }), redeemed: z.boolean() })
  .openapi("AgentDeviceCode");
export type AgentDeviceCode = z.infer<typeof AgentDeviceCodeSchema>;

export const AgentCreateRequestSchema = z
  .object({ name: z.string().min(1).max(255), customerId: z.string().min(1), policy: AgentPolicySchema })
  .openapi("AgentCreateRequest");
export const AgentCreateResponseSchema = z.object({ agent: AgentSchema, deviceCode: AgentDeviceCodeSchema }).openapi("AgentCreateResponse");
export const AgentUpdateRequestSchema = z.object({ name: z.string().min(1).max(255).optional(), isPaused: z.boolean().optional() }).openapi("AgentUpdateRequest");
export type AgentUpdateRequest = z.infer<typeof AgentUpdateRequestSchema>;

const dateFilter = dateTimeFilterSchema;
const booleanFilter = (description: string) => booleanQuerySchema(description).optional();

export const AgentListQuerySchema = PageQuerySchema.extend({
  customerId: z.string().optional(),
  isPaused: booleanFilter("Only paused (true) or active (false) agents."),
  isConnected: booleanFilter("Only agents whose device code was (true) or was not (false) redeemed."),
  createdAfter: dateFilter("Created at or after this time."),
  createdBefore: dateFilter("Created before this time."),
  updatedAfter: dateFilter("Updated at or after this time."),
  updatedBefore: dateFilter("Updated before this time."),
});
export type AgentListQuery = z.infer<typeof AgentListQuerySchema>;
export const AgentListResponseSchema = pageResponseSchema(AgentSchema, "AgentListResponse");

export const AgentIdParamSchema = z.object({
  agentId: z.string().openapi({ param: { name: "agentId", in: "path" }, example: "Agent:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});
export const DeviceCodeParamSchema = z.object({ code: z.string().openapi({ param: { name: "code", in: "path" }, example: "ABCD-2345" }) });

export const AgentDeviceCodeStatusResponseSchema = z.object({ code: z.string(), redeemed: z.boolean() }).openapi("AgentDeviceCodeStatusResponse");
export const AgentDeviceCodeRedeemResponseSchema = z
  .object({ agentId: z.string(), agentName: z.string(), accessToken: z.string(), policy: AgentPolicySchema })
  .openapi("AgentDeviceCodeRedeemResponse");

// ── Actions (BEHAVIORS.md §8) ───────────────────────────────────────────────────────────────────

export const AGENT_ACTION_STATUSES = ["PENDING_APPROVAL", "APPROVED", "REJECTED", "FAILED"] as const;
export const AgentActionStatusSchema = z.enum(AGENT_ACTION_STATUSES).openapi("AgentActionStatus");
export const AgentActionTypeSchema = z.enum(["EXECUTE_QUOTE", "TRANSFER_OUT", "TRANSFER_IN"]).openapi("AgentActionType");
export type AgentActionType = z.infer<typeof AgentActionTypeSchema>;

export const AgentTransferDetailsSchema = z
  .object({ amount: z.number().int(), currency: z.string(), sourceAccountId: z.string(), destinationAccountId: z.string() })
  .openapi("AgentTransferDetails");
export type AgentTransferDetails = z.infer<typeof AgentTransferDetailsSchema>;

export const AgentActionSchema = z
  .object({
    id: z.string().openapi({ example: "AgentAction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    agentId: z.string(),
    customerId: z.string(),
    platformCustomerId: z.string(),
    status: AgentActionStatusSchema,
    type: AgentActionTypeSchema,
    quote: QuoteSchema.optional().openapi({ description: "The quote, for EXECUTE_QUOTE." }),
    transferDetails: AgentTransferDetailsSchema.optional(),
    transaction: TransactionSchema.optional().openapi({ description: "The transaction once executed." }),
    rejectionReason: z.string().optional().openapi({ description: "Why it was rejected, or why it FAILED at execution." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("AgentAction");
export type AgentAction = z.infer<typeof AgentActionSchema>;
export const AgentActionListResponseSchema = pageResponseSchema(AgentActionSchema, "AgentActionListResponse");

export const AgentActionRejectRequestSchema = z.object({ reason: z.string().max(1000).optional() }).openapi("AgentActionRejectRequest");

export const AgentApprovalsQuerySchema = PageQuerySchema.extend({
  agentId: z.string().optional(),
  customerId: z.string().optional(),
  startDate: dateFilter("Created at or after this time."),
  endDate: dateFilter("Created at or before this time."),
  sortOrder: z.enum(["asc", "desc"]).default("desc"),
});
export type AgentApprovalsQuery = z.infer<typeof AgentApprovalsQuerySchema>;

export const AgentMyActionsQuerySchema = PageQuerySchema.extend({ status: AgentActionStatusSchema.optional() });
export type AgentMyActionsQuery = z.infer<typeof AgentMyActionsQuerySchema>;

export const AgentActionParamsSchema = z.object({
  agentId: z.string().openapi({ param: { name: "agentId", in: "path" } }),
  actionId: z.string().openapi({ param: { name: "actionId", in: "path" }, example: "AgentAction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});
export const MyActionParamSchema = z.object({ actionId: z.string().openapi({ param: { name: "actionId", in: "path" } }) });

/**
 * POST /agents/me/external-accounts: the customer is the agent's; a customerId, if sent, must be it.
 * One closed object built from the platform request's fields: `.extend` of that named strict schema
 * is documented as allOf[its $ref, the new fields], which no body can satisfy (each part is closed).
 */
export const AgentExternalAccountCreateRequestSchema = z
  .object({
    customerId: z.string().optional().openapi({ description: "Optional: the agent's own customer (anything else → 404)." }),
    ...PlatformExternalAccountCreateRequestSchema.shape,
    defaultUmaDepositAccount: z.boolean().optional(),
  })
  .strict()
  .openapi("ExternalAccountCreateRequest");
