import { z } from "@hono/zod-openapi";
import { DateTimeInputSchema } from "../http/date-schemas";

// Wire shapes of the incoming-payment calls (api-shapes.json SandboxUmaReceiveRequest,
// ApprovePaymentRequest, RejectPaymentRequest, ConfirmReceiptDeliveryRequest; BEHAVIORS.md §3.3, §3.7).

export const SandboxUmaReceiveRequestSchema = z
  .object({
    senderUmaAddress: z.string().min(1).openapi({ description: "A sandbox counterparty: `$success.usd@sandbox.uma.money` (also eur, mxn), `$pending.long.usd@…`, `$fail.compliance.usd@…`.", example: "$success.usd@sandbox.uma.money" }),
    receiverUmaAddress: z.string().min(1).optional().openapi({ description: "The receiving customer's UMA address; give this or `customerId`." }),
    customerId: z.string().min(1).optional().openapi({ description: "`Customer:<uuid>` of the receiving customer; give this or `receiverUmaAddress`." }),
    receivingCurrencyCode: z.string().min(1).openapi({ description: "Currency credited to the customer's internal account in that currency.", example: "USD" }),
    receivingCurrencyAmount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).openapi({ description: "Amount the customer receives, smallest unit of the receiving currency.", example: 1000 }),
  })
  .openapi("SandboxUmaReceiveRequest");
export type SandboxUmaReceiveRequest = z.infer<typeof SandboxUmaReceiveRequestSchema>;

export const ApprovePaymentRequestSchema = z
  .object({
    receiverCustomerInfo: z.record(z.string(), z.unknown()).optional().openapi({ description: "Values of the requested receiver fields, keyed by field name (e.g. `BIRTH_DATE`); required for every field the approval request marked mandatory." }),
  })
  .openapi("ApprovePaymentRequest");
export type ApprovePaymentRequest = z.infer<typeof ApprovePaymentRequestSchema>;

export const RejectPaymentRequestSchema = z.object({ reason: z.string().max(1024).optional() }).openapi("RejectPaymentRequest");

export const ConfirmReceiptDeliveryRequestSchema = z
  .object({ receiptDeliveryConfirmedAt: DateTimeInputSchema.optional().openapi({ description: "When the receipt reached the customer; defaults to now." }) })
  .openapi("ConfirmReceiptDeliveryRequest");

export const SandboxDishonorReturnRequestSchema = z
  .object({ contested: z.boolean().optional().openapi({ description: "The dishonor is contested: railDetails ends RETURN_CONTESTED with contestedAt." }) })
  .openapi("SandboxDishonorReturnRequest");

export const CounterpartyFieldRequestSchema = z.object({ name: z.string(), mandatory: z.boolean() });
export type ReceiverInfoField = z.infer<typeof CounterpartyFieldRequestSchema>;
