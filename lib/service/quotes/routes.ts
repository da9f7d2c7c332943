import { createRoute, z } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { requireSandbox } from "../sandbox/require-sandbox";
import { TransactionIdParamSchema, TransactionSchema } from "../transactions/schemas";
import { cancelTransaction } from "./cancel-transaction";
import { createQuote } from "./create-quote";
import { executeQuote } from "./execute-quote";
import { getQuoteOrThrow } from "./get-quote";
import { sandboxSend } from "./sandbox-send";
import { CancelTransactionRequestSchema, QuoteIdParamSchema, QuoteRequestSchema, QuoteSchema, SandboxSendRequestSchema } from "./schemas";
import { serializeQuote } from "./serialize-quote";

const tags = ["Cross-Currency Transfers"];
const security = BASIC_AUTH;
const idempotencyHeader = z.object({
  "idempotency-key": z.string().max(255).optional().openapi({ description: "Idempotency-Key: a retry with the same key and body replays the first answer; another body answers 409." }),
});
const executeHeaders = idempotencyHeader.extend({
  "service-wallet-signature": z.string().optional().openapi({ description: "Required for embedded-wallet sources: signature over the quote's paymentInstructions[0].accountOrWalletInfo.payloadToSign." }),
});

export const quotesRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/quotes",
      operationId: "createQuote",
      summary: "Create a quote",
      description:
        "Prices a payment from an internal account (`ACCOUNT`) or real-time funding (`REALTIME_FUNDING`, answered with `paymentInstructions`) to an external account of the same owner, another internal account, or a UMA address (`currency` required). Lock either side: SENDING (the receiver gets less by the fees) or RECEIVING (the sender pays the fees on top). Fees: the service's 0.5% on cross-currency corridors plus the platform's standing `feeConfigs` or this quote's `platformFeeOverride` (USD sources). The quote's OUTGOING transaction exists at once (PENDING, `transactionId`); the quote expires after 5 minutes. `immediatelyExecute` runs it in the same call. Sandbox limits: USD 10,000,000 per payment (400 TRANSACTION_SIZE_LIMIT_EXCEEDED), USD 25,000,000 sent per customer (or the platform's own accounts) per UTC day (429 DAILY_VOLUME_LIMIT_EXCEEDED with Retry-After); ACH_SAME_DAY entries at most USD 1,000,000 (10,000,000 from 2027-09-17). Answers 200. Requires TRANSACT.",
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { headers: idempotencyHeader, body: jsonBody(QuoteRequestSchema) },
      responses: { 200: jsonResponse(QuoteSchema, "The quote"), ...errorResponses(400, 403, 404, 409, 429) },
    }),
    async (c) => c.json(await createQuote(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") }), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/quotes/{quoteId}",
      operationId: "getQuoteById",
      summary: "Get a quote",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: QuoteIdParamSchema },
      responses: { 200: jsonResponse(QuoteSchema, "The quote"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(serializeQuote(await getQuoteOrThrow(c.get("db"), c.get("auth").platformId, c.req.valid("param").quoteId)), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/quotes/{quoteId}/execute",
      operationId: "executeQuote",
      summary: "Execute a quote",
      description:
        "Runs a PENDING quote funded from an internal account: the source is debited at once, the transaction goes PENDING → PROCESSING, then the destination's sandbox outcome decides (external account suffixes 002–008, UMA sandbox counterparties). Realtime-funded quotes are run by their funds (400). Past expiresAt → 409 QUOTE_EXPIRED; already executed → 409 CONFLICT; a balance that cannot cover it → 400 INSUFFICIENT_BALANCE and the quote stays PENDING. Embedded-wallet sources need `Service-Wallet-Signature`. Requires TRANSACT.",
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: QuoteIdParamSchema, headers: executeHeaders },
      responses: { 200: jsonResponse(QuoteSchema, "The quote, PROCESSING or already settled"), ...errorResponses(400, 403, 404, 409, 429) },
    }),
    async (c) =>
      c.json(await executeQuote(c.get("db"), { platformId: c.get("auth").platformId, quoteId: c.req.valid("param").quoteId, walletSignature: c.req.header("service-wallet-signature") }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sandbox/send",
      operationId: "sandboxSend",
      summary: "Pay a realtime-funded quote (sandbox)",
      description:
        "Simulates the payer sending the funds a REALTIME_FUNDING quote asks for. `currencyCode` must be the quote's sending currency (400). The expected amount (the default) runs the quote like an execution; another amount fails it with FUNDING_AMOUNT_MISMATCH and the money goes back. Expired → 409 QUOTE_EXPIRED. Answers 200 with the transaction. Sandbox platforms only; requires TRANSACT.",
      tags: ["Sandbox"],
      security,
      middleware: [requirePermission("TRANSACT"), requireSandbox] as const,
      request: { body: jsonBody(SandboxSendRequestSchema) },
      responses: { 200: jsonResponse(TransactionSchema, "The quote's transaction"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => c.json(await sandboxSend(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/transactions/{transactionId}/cancel",
      operationId: "cancelTransaction",
      summary: "Cancel an unsettled payout",
      description:
        "Stops an OUTGOING ACH, ACH_SAME_DAY or WIRE payment that is still PROCESSING and not settled: a USER_CANCELLATION refund gives the amount back (REFUND_PENDING, then REFUND_COMPLETED), after which the payment reads COMPLETED with the refund attached (read `refund`). Settled or other states → 409 TRANSACTION_NOT_CANCELLABLE; incoming payments and other rails → 400. Requires TRANSACT.",
      tags: ["Transactions"],
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: TransactionIdParamSchema, body: { required: false, content: { "application/json": { schema: CancelTransactionRequestSchema } } } },
      responses: { 200: jsonResponse(TransactionSchema, "The transaction with its refund"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const body = c.req.header("content-type")?.startsWith("application/json") ? c.req.valid("json") : {};
      return c.json(await cancelTransaction(c.get("db"), { platformId: c.get("auth").platformId, transactionId: c.req.valid("param").transactionId, reason: body?.reason }), 200);
    },
  );
