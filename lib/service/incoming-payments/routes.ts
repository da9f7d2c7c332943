import { createRoute, type z } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { requireSandbox } from "../sandbox/require-sandbox";
import { IncomingTransactionSchema, TransactionIdParamSchema, TransactionSchema } from "../transactions/schemas";
import { approveIncomingPayment } from "./approve-incoming-payment";
import { confirmReceiptDelivery } from "./confirm-receipt-delivery";
import { dishonorAchReturn } from "./dishonor-ach-return";
import { receiveUmaPayment } from "./receive-uma-payment";
import { rejectIncomingPayment } from "./reject-incoming-payment";
import { returnAchDeposit } from "./return-ach-deposit";
import {
  ApprovePaymentRequestSchema,
  ConfirmReceiptDeliveryRequestSchema,
  RejectPaymentRequestSchema,
  SandboxDishonorReturnRequestSchema,
  SandboxUmaReceiveRequestSchema,
} from "./schemas";

const security = BASIC_AUTH;

/** A request body the caller may leave out entirely (`{}` is the same). */
function optionalBody<T extends z.ZodType>(schema: T) {
  return { required: false, content: { "application/json": { schema } } } as const;
}

export const incomingPaymentsRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/sandbox/uma/receive",
      operationId: "sandboxReceive",
      summary: "Simulate an incoming UMA payment",
      description:
        "A sandbox counterparty (`$success.usd@sandbox.uma.money`, `$success.eur@…`, `$success.mxn@…`) pays one of the platform's customers, named by `receiverUmaAddress` or `customerId`, into their internal account in `receivingCurrencyCode`. The service sends the signed `INCOMING_PAYMENT.PENDING` approval request (the transaction plus `requestedReceiverCustomerInfoFields`) to the webhook endpoint, once, and follows the answer: 200 approves (COMPLETED and credited; FAILED MISSING_MANDATORY_PAYEE_DATA if a mandatory `receiverCustomerInfo` field is missing, or a value is invalid as POST /transactions/{transactionId}/approve would refuse it: `BIRTH_DATE` not a date YYYY-MM-DD or in the future), 202 leaves it PENDING for 5 s to approve or reject, 403 REJECTED, 422 FAILED MISSING_MANDATORY_PAYEE_DATA, a timeout, error or missing endpoint FAILED PAYMENT_APPROVAL_WEBHOOK_ERROR. `requestedReceiverCustomerInfoFields` lists only what the service lacks about the receiving customer: FULL_NAME and BIRTH_DATE (mandatory) and NATIONALITY (optional) when the customer has none, so a customer with all three gets `[]`; to exercise the mandatory branches, receive into a customer created without `birthDate`. `$fail.compliance.usd@…` fails with COMPLIANCE_REJECTED and `$pending.long.usd@…` stays PENDING (pendingReason COMPLIANCE_REVIEW), without asking the platform. Answers 200 with the transaction after the answer was applied. The platform's own terms for the receiving currency (PATCH /config `supportedCurrencies[]`), when it configured it: without INCOMING in `enabledTransactionTypes` → 400 INVALID_CURRENCY (`details.currency`, `details.enabledTransactionTypes`); an amount outside `minAmount`…`maxAmount` → 400 AMOUNT_OUT_OF_RANGE; nothing is written. A deleted receiving customer → 410 CUSTOMER_DELETED. Sandbox only; requires TRANSACT.",
      tags: ["Sandbox"],
      security,
      middleware: [requirePermission("TRANSACT"), requireSandbox] as const,
      request: { body: jsonBody(SandboxUmaReceiveRequestSchema) },
      responses: { 200: jsonResponse(IncomingTransactionSchema, "The incoming transaction"), ...errorResponses(400, 403, 404, 409, 410) },
    }),
    async (c) => c.json((await receiveUmaPayment(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") })) as z.infer<typeof IncomingTransactionSchema>, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/transactions/{transactionId}/approve",
      operationId: "approvePendingPayment",
      summary: "Approve an incoming payment awaiting the platform",
      description:
        "For an incoming payment whose approval request the platform answered 202 (within 5 s): the payment runs PROCESSING → COMPLETED and is credited. `receiverCustomerInfo` must carry every field the request marked mandatory (else 400 MISSING_MANDATORY_USER_INFO and nothing changes); `BIRTH_DATE` is checked as a customer's `birthDate`: a date YYYY-MM-DD, not in the future (else 400 INVALID_INPUT naming `receiverCustomerInfo.BIRTH_DATE`, nothing changes). 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL when the payment is not awaiting the platform (`details.status`, and `details.failureReason` when FAILED): so too after the receiving customer was deleted, since DELETE /customers/{customerId} fails their payments awaiting approval (FAILED ACCOUNT_CANNOT_RECEIVE). Requires TRANSACT.",
      tags: ["Transactions"],
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: TransactionIdParamSchema, body: optionalBody(ApprovePaymentRequestSchema) },
      responses: { 200: jsonResponse(IncomingTransactionSchema, "The payment after approval"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const body = c.req.valid("json") ?? {};
      const result = await approveIncomingPayment(c.get("db"), { platformId: c.get("auth").platformId, transactionId: c.req.valid("param").transactionId, receiverCustomerInfo: body.receiverCustomerInfo });
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/transactions/{transactionId}/reject",
      operationId: "rejectPendingPayment",
      summary: "Reject an incoming payment awaiting the platform",
      description:
        "The payment becomes REJECTED (INCOMING_PAYMENT.FAILED); nothing is credited. The transaction has no field for a free-text reason (`failureReason` is a fixed enum and stays unset on REJECTED): `reason` is kept as the `note` of the REJECTED step of GET /transactions/{transactionId}/status-history, as is the message of a 403 webhook answer. 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL when it is not awaiting the platform. Requires TRANSACT.",
      tags: ["Transactions"],
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: TransactionIdParamSchema, body: optionalBody(RejectPaymentRequestSchema) },
      responses: { 200: jsonResponse(IncomingTransactionSchema, "The rejected payment"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const body = c.req.valid("json") ?? {};
      return c.json(await rejectIncomingPayment(c.get("db"), { platformId: c.get("auth").platformId, transactionId: c.req.valid("param").transactionId, reason: body.reason }), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/transactions/{transactionId}/confirm",
      operationId: "confirmReceiptDelivery",
      summary: "Confirm delivery of a payment's receipt",
      description: "Sets `receiptDeliveryConfirmedAt` (default now); a repeat overwrites it. Requires TRANSACT.",
      tags: ["Transactions"],
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: TransactionIdParamSchema, body: optionalBody(ConfirmReceiptDeliveryRequestSchema) },
      responses: { 200: jsonResponse(TransactionSchema, "The transaction"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const body = c.req.valid("json") ?? {};
      const input = { platformId: c.get("auth").platformId, transactionId: c.req.valid("param").transactionId, receiptDeliveryConfirmedAt: body.receiptDeliveryConfirmedAt };
      return c.json(await confirmReceiptDelivery(c.get("db"), input), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sandbox/transactions/{transactionId}/return",
      operationId: "sandboxReturnAchDeposit",
      summary: "Return an incoming ACH deposit (sandbox-only addition)",
      description:
        "Sandbox-only addition, not part of the published interface: simulates the bank returning a COMPLETED incoming ACH deposit (a POST /transfer-in from a US bank account). If the amount is still available, the credit is reversed and the transaction goes FAILED (INCOMING_PAYMENT.FAILED, INTERNAL_ACCOUNT.BALANCE_UPDATED); if it was already spent, the transaction stays COMPLETED. Either way the source railDetails become RETURNED with `returnedAt`. 409 INVALID_STATE_TRANSITION for anything else. Requires TRANSACT.",
      tags: ["Sandbox"],
      security,
      middleware: [requirePermission("TRANSACT"), requireSandbox] as const,
      request: { params: TransactionIdParamSchema },
      responses: { 200: jsonResponse(TransactionSchema, "The deposit after the return"), ...errorResponses(403, 404, 409) },
    }),
    async (c) => c.json(await returnAchDeposit(c.get("db"), { platformId: c.get("auth").platformId, transactionId: c.req.valid("param").transactionId }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sandbox/transactions/{transactionId}/dishonor-return",
      operationId: "sandboxDishonorAchReturn",
      summary: "Dishonor the return of an incoming ACH deposit (sandbox-only addition)",
      description:
        "Sandbox-only addition, not part of the published interface: the return of an ACH deposit is dishonored. A deposit the return had reversed (FAILED) is credited again and goes back to COMPLETED (INCOMING_PAYMENT.COMPLETED, INTERNAL_ACCOUNT.BALANCE_UPDATED); one that had stayed COMPLETED only changes its railDetails. railDetails become RETURN_DISHONORED with `dishonoredAt`, or RETURN_CONTESTED with `contestedAt` too when `contested`. 409 INVALID_STATE_TRANSITION when no return stands. Requires TRANSACT.",
      tags: ["Sandbox"],
      security,
      middleware: [requirePermission("TRANSACT"), requireSandbox] as const,
      request: { params: TransactionIdParamSchema, body: optionalBody(SandboxDishonorReturnRequestSchema) },
      responses: { 200: jsonResponse(TransactionSchema, "The deposit after the dishonor"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const body = c.req.valid("json") ?? {};
      return c.json(await dishonorAchReturn(c.get("db"), { platformId: c.get("auth").platformId, transactionId: c.req.valid("param").transactionId, contested: body.contested }), 200);
    },
  );
