import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { AgentActionSchema } from "../agents/schemas";
import { CardSchema, CardTransactionSchema } from "../cards/schemas";
import { CounterpartyFieldDefinitionSchema } from "../config/schemas";
import { BulkCustomerImportJobSchema, CustomerSchema } from "../customers/schemas";
import { ExternalAccountSchema } from "../external-accounts/schemas";
import type { AppEnv } from "../http/context";
import { InternalAccountSchema } from "../internal-accounts/schemas";
import { UmaInvitationSchema } from "../invitations/schemas";
import { OperationSchema } from "../stablecoins/schemas";
import { IncomingTransactionSchema, OutgoingTransactionSchema } from "../transactions/schemas";
import { VerificationSchema } from "../verifications/schemas";
import { RETRY_LIMIT_TEXT } from "./retry-policy";
import { WEBHOOK_SIGNATURE_DESCRIPTION } from "./signature-docs";

/**
 * The OpenAPI `webhooks` section: every event type the service sends (SPEC.md § Events,
 * BEHAVIORS.md §7.3, our extensions) with its payload, the envelope around the resource each area's
 * routes already return. webhooks-document.test.ts checks this list against the emitters.
 */
type Responses = Record<string, { description: string; content?: { "application/json": { schema: z.ZodType } } }>;

interface WebhookEntry {
  /** The key under `webhooks`. */
  name: string;
  operationId: string;
  summary: string;
  description: string;
  schema: z.ZodType;
  responses?: Responses;
}

const envelope = (name: string, types: readonly [string, ...string[]], data: z.ZodType, description: string) =>
  z
    .object({
      id: z.string().openapi({ description: "`Webhook:<uuid>`, the same on every retry and replay of this event: deduplicate on it.", example: "Webhook:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
      type: z.enum(types),
      timestamp: z.string().datetime().openapi({ description: "When the change happened, on the platform's clock; unchanged on retries and replays." }),
      data,
    })
    .openapi(name, { description });

const OUTGOING_TYPES = [
  "OUTGOING_PAYMENT.PENDING",
  "OUTGOING_PAYMENT.PENDING_AUTHORIZATION",
  "OUTGOING_PAYMENT.PROCESSING",
  "OUTGOING_PAYMENT.COMPLETED",
  "OUTGOING_PAYMENT.FAILED",
  "OUTGOING_PAYMENT.EXPIRED",
  "OUTGOING_PAYMENT.REFUND_PENDING",
  "OUTGOING_PAYMENT.REFUND_COMPLETED",
  "OUTGOING_PAYMENT.REFUND_FAILED",
] as const;
const INCOMING_TYPES = [
  "INCOMING_PAYMENT.PENDING",
  "INCOMING_PAYMENT.COMPLETED",
  "INCOMING_PAYMENT.FAILED",
  "INCOMING_PAYMENT.REFUND_PENDING",
  "INCOMING_PAYMENT.REFUND_COMPLETED",
  "INCOMING_PAYMENT.REFUND_FAILED",
] as const;
const CUSTOMER_TYPES = ["CUSTOMER.KYC_PENDING", "CUSTOMER.KYC_APPROVED", "CUSTOMER.KYC_REJECTED", "CUSTOMER.KYB_PENDING", "CUSTOMER.KYB_APPROVED", "CUSTOMER.KYB_REJECTED"] as const;
const VERIFICATION_TYPES = [
  "VERIFICATION.RESOLVE_ERRORS",
  "VERIFICATION.READY_FOR_VERIFICATION",
  "VERIFICATION.IN_PROGRESS",
  "VERIFICATION.PENDING_MANUAL_REVIEW",
  "VERIFICATION.APPROVED",
  "VERIFICATION.REJECTED",
] as const;
const CARD_TRANSACTION_TYPES = [
  "CARD_TRANSACTION.AUTHORIZED",
  "CARD_TRANSACTION.PARTIALLY_SETTLED",
  "CARD_TRANSACTION.SETTLED",
  "CARD_TRANSACTION.DECLINED",
  "CARD_TRANSACTION.VOIDED",
  "CARD_TRANSACTION.EXCEPTION",
] as const;
const STABLECOIN_OPERATION_TYPES = [
  "STABLECOIN_OPERATION.PENDING_FUNDING",
  "STABLECOIN_OPERATION.PENDING_PROVIDER",
  "STABLECOIN_OPERATION.PROCESSING",
  "STABLECOIN_OPERATION.COMPLETED",
  "STABLECOIN_OPERATION.FAILED",
  "STABLECOIN_OPERATION.EXPIRED",
] as const;

const DELIVERY_RESPONSES: Responses = {
  200: { description: "Any 2xx: delivered; the body is ignored." },
  409: { description: "You already have this event (by `id`): counted as delivered." },
  default: {
    description:
      `Anything else, no answer within 30 seconds, or a network error: sent again with the same \`id\` and body about 10 s later, the wait doubling up to 30 minutes (±10%), until ${RETRY_LIMIT_TEXT}; then the event is FAILED. GET /webhooks/events/{eventId} shows every attempt.`,
  },
};

const ApprovalAnswerSchema = z
  .object({ receiverCustomerInfo: z.record(z.string(), z.unknown()).optional().openapi({ description: "The receiving customer's fields the request listed in `requestedReceiverCustomerInfoFields`, by name; every mandatory one is required." }) })
  .openapi("IncomingPaymentWebhookResponse");
const ApprovalRejectionSchema = z.object({ reason: z.string().optional() }).openapi("IncomingPaymentWebhookForbiddenResponse");
const ApprovalMoreInfoSchema = z.object({ requiredFields: z.array(z.string()).optional() }).openapi("IncomingPaymentWebhookUnprocessableResponse");

const APPROVAL_RESPONSES: Responses = {
  200: {
    description: "Any 2xx. INCOMING_PAYMENT.PENDING (the approval request): approves the payment (COMPLETED and credited); a missing mandatory `receiverCustomerInfo` field, or an invalid value (`BIRTH_DATE` not a date YYYY-MM-DD, or in the future), fails it (MISSING_MANDATORY_PAYEE_DATA). Other types: delivered.",
    content: { "application/json": { schema: ApprovalAnswerSchema } },
  },
  202: { description: "INCOMING_PAYMENT.PENDING: decide within 5 seconds with POST /transactions/{transactionId}/approve or /reject; after that the payment fails PAYMENT_APPROVAL_TIMED_OUT." },
  403: { description: "INCOMING_PAYMENT.PENDING: rejects the payment (REJECTED, INCOMING_PAYMENT.FAILED).", content: { "application/json": { schema: ApprovalRejectionSchema } } },
  422: { description: "INCOMING_PAYMENT.PENDING: more information needed; the payment fails MISSING_MANDATORY_PAYEE_DATA.", content: { "application/json": { schema: ApprovalMoreInfoSchema } } },
  default: {
    description:
      "INCOMING_PAYMENT.PENDING: anything else, or no answer within 30 seconds, fails the payment (PAYMENT_APPROVAL_WEBHOOK_ERROR); the approval request is sent once, never retried. Other types are retried as every other event.",
  },
};

const IncomingPaymentDataSchema = IncomingTransactionSchema.extend({
  requestedReceiverCustomerInfoFields: z
    .array(CounterpartyFieldDefinitionSchema)
    .optional()
    .openapi({ description: "INCOMING_PAYMENT.PENDING only: what the service still needs about the receiving customer; answer with `receiverCustomerInfo`." }),
}).openapi("IncomingPaymentWebhookData");

export const WEBHOOKS: readonly WebhookEntry[] = [
  {
    name: "outgoing-payment",
    operationId: "outgoingPaymentWebhook",
    summary: "Outgoing payment status",
    description:
      "An outgoing payment (quote execution, transfer-out, on- or off-ramp) changed status, or its refund moved. `data` is the transaction after the change; FAILED is not terminal while a refund runs. A cancelled payout (POST /transactions/{transactionId}/cancel, sandbox suffix 006) ends COMPLETED with `refund.reason` USER_CANCELLATION and its money back: read `refund`, not only `status`.",
    schema: envelope("OutgoingPaymentWebhook", OUTGOING_TYPES, OutgoingTransactionSchema, "An OUTGOING_PAYMENT.* event."),
  },
  {
    name: "incoming-payment",
    operationId: "incomingPaymentWebhook",
    summary: "Incoming payment status and approval request",
    description:
      "INCOMING_PAYMENT.PENDING is the approval request of an incoming UMA payment: sent once, synchronously, and your answer decides (see the responses). COMPLETED, FAILED (also a rejected payment or a returned ACH deposit) and the REFUND_* steps report the incoming transaction after the change.",
    schema: envelope("IncomingPaymentWebhook", INCOMING_TYPES, IncomingPaymentDataSchema, "An INCOMING_PAYMENT.* event."),
    responses: APPROVAL_RESPONSES,
  },
  {
    name: "internal-account-status",
    operationId: "internalAccountStatusWebhook",
    summary: "Internal account balance or status",
    description: "An internal account's balance changed (any posting: deposit, payment, refund, card) or its status did (PENDING → ACTIVE when its customer is approved). `data` is the account with its balances.",
    schema: envelope("InternalAccountStatusWebhook", ["INTERNAL_ACCOUNT.BALANCE_UPDATED", "INTERNAL_ACCOUNT.STATUS_UPDATED"], InternalAccountSchema, "An INTERNAL_ACCOUNT.* event."),
  },
  {
    name: "external-account-status",
    operationId: "externalAccountStatusWebhook",
    summary: "External account status",
    description: "An external account's status changed, ownership verification included. `data` is the external account.",
    schema: envelope("ExternalAccountStatusWebhook", ["EXTERNAL_ACCOUNT.STATUS_UPDATED"], ExternalAccountSchema, "An EXTERNAL_ACCOUNT.STATUS_UPDATED event."),
  },
  {
    name: "customer-update",
    operationId: "customerStatusWebhook",
    summary: "Customer KYC/KYB status",
    description: "A customer's kycStatus (individuals, KYC_*) or kybStatus (businesses, KYB_*) changed. `data` is the customer, a business with its beneficial owners.",
    schema: envelope("CustomerWebhook", CUSTOMER_TYPES, CustomerSchema, "A CUSTOMER.KYC_* or CUSTOMER.KYB_* event."),
  },
  {
    name: "verification-update",
    operationId: "verificationStatusWebhook",
    summary: "Verification status",
    description: "A verification (POST /verifications) changed status. `data` is the verification with its `errors`.",
    schema: envelope("VerificationWebhook", VERIFICATION_TYPES, VerificationSchema, "A VERIFICATION.* event."),
  },
  {
    name: "card-state-change",
    operationId: "cardStateChangeWebhook",
    summary: "Card state",
    description: "A card's state changed (activated or rejected by the issuer, frozen, unfrozen, closed). `data` is the card.",
    schema: envelope("CardStateChangeWebhook", ["CARD.STATE_CHANGE"], CardSchema, "A CARD.STATE_CHANGE event."),
  },
  {
    name: "card-funding-source-change",
    operationId: "cardFundingSourceChangeWebhook",
    summary: "Card funding sources",
    description: "A card's funding sources were replaced (PATCH /cards/{id}). `data` is the card.",
    schema: envelope("CardFundingSourceChangeWebhook", ["CARD.FUNDING_SOURCE_CHANGE"], CardSchema, "A CARD.FUNDING_SOURCE_CHANGE event."),
  },
  {
    name: "card-transaction",
    operationId: "cardTransactionWebhook",
    summary: "Card transaction status",
    description: "A card transaction changed: authorized, partially settled, settled, declined, voided or exception. A merchant return re-fires SETTLED on the purchase with its grown `refundedAmount` (there is no CARD_TRANSACTION.REFUNDED), and its refund row sends its own events. `data` is the card transaction.",
    schema: envelope("CardTransactionWebhook", CARD_TRANSACTION_TYPES, CardTransactionSchema, "A CARD_TRANSACTION.* event."),
  },
  {
    name: "stablecoin-operation",
    operationId: "stablecoinOperationWebhook",
    summary: "Stablecoin operation status (extension)",
    description: "A stablecoin mint or burn was created or changed status. `data` is the operation.",
    schema: envelope("StablecoinOperationWebhook", STABLECOIN_OPERATION_TYPES, OperationSchema, "A STABLECOIN_OPERATION.* event."),
  },
  {
    name: "bulk-upload",
    operationId: "bulkUploadWebhook",
    summary: "Bulk customer import finished",
    description: "A CSV customer import ended: COMPLETED, or FAILED when every row failed. `data` is the job with its per-row errors.",
    schema: envelope("BulkUploadWebhook", ["BULK_UPLOAD.COMPLETED", "BULK_UPLOAD.FAILED"], BulkCustomerImportJobSchema, "A BULK_UPLOAD.* event."),
  },
  {
    name: "invitation-claimed",
    operationId: "invitationClaimedWebhook",
    summary: "Invitation claimed",
    description: "An invitation this platform created was claimed. `data` is the invitation.",
    schema: envelope("InvitationClaimedWebhook", ["INVITATION.CLAIMED"], UmaInvitationSchema, "An INVITATION.CLAIMED event."),
  },
  {
    name: "agent-action",
    operationId: "agentActionWebhook",
    summary: "Agent action awaiting approval",
    description: "An agent's action needs the platform's approval under its policy: POST /agents/{agentId}/actions/{actionId}/approve or /reject. `data` is the action.",
    schema: envelope("AgentActionWebhook", ["AGENT_ACTION.PENDING_APPROVAL"], AgentActionSchema, "An AGENT_ACTION.PENDING_APPROVAL event."),
  },
  {
    name: "test-webhook",
    operationId: "testWebhook",
    summary: "Test event",
    description: "Sent by POST /webhooks/test and whenever `webhookEndpoint` changes; signed like every event, never retried.",
    schema: z
      .object({
        test: z.literal(true),
        id: z.string().openapi({ example: "Webhook:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
        type: z.literal("TEST"),
        timestamp: z.string().datetime(),
        data: z.object({}).strict(),
      })
      .openapi("TestWebhookRequest", { description: "The TEST event." }),
    responses: { 200: { description: "Any 2xx: POST /webhooks/test answers 200 with your status and body." }, default: { description: "Anything else: POST /webhooks/test answers 400 WEBHOOK_DELIVERY_ERROR." } },
  },
];

const SignatureHeaderSchema = z.object({
  "x-service-signature": z.string().openapi({ description: "Base64 of the DER ECDSA P-256/SHA-256 signature over the raw body; see the WebhookSignature security scheme." }),
});

/** Adds the webhooks and their signature scheme to the app's OpenAPI document. */
export function registerWebhooks(api: OpenAPIHono<AppEnv>): void {
  api.openAPIRegistry.registerComponent("securitySchemes", "WebhookSignature", { type: "apiKey", in: "header", name: "X-Service-Signature", description: WEBHOOK_SIGNATURE_DESCRIPTION });
  for (const webhook of WEBHOOKS) {
    api.openAPIRegistry.registerWebhook({
      method: "post",
      path: webhook.name,
      operationId: webhook.operationId,
      summary: webhook.summary,
      description: webhook.description,
      tags: ["Webhooks"],
      security: [{ WebhookSignature: [] }],
      request: { headers: SignatureHeaderSchema, body: { required: true, content: { "application/json": { schema: webhook.schema } } } },
      responses: webhook.responses ?? DELIVERY_RESPONSES,
    });
  }
}
