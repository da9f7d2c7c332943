import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse, OptionalIdempotencyHeaderSchema } from "../http/openapi";
import { requireSandbox } from "../sandbox/require-sandbox";
import { TransactionIdParamSchema, TransactionSchema } from "../transactions/schemas";
import { cancelTransaction } from "./cancel-transaction";
import { createQuote } from "./create-quote";
import { executeQuote } from "./execute-quote";
import { getQuoteOrThrow } from "./get-quote";
import { authorizeQuote, resendQuoteAuthorization } from "./quote-authorization";
import { sandboxSend } from "./sandbox-send";
import { CancelTransactionRequestSchema, ExecuteQuoteHeadersSchema, QuoteIdParamSchema, QuoteRequestSchema, QuoteSchema, SandboxSendRequestSchema, ScaAuthorizationRequestSchema } from "./schemas";
import { serializeQuote } from "./serialize-quote";

const tags = ["Cross-Currency Transfers"];
const security = BASIC_AUTH;

export const quotesRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/quotes",
      operationId: "createQuote",
      summary: "Create a quote",
      description:
        "Prices a payment from an internal account (`ACCOUNT`), a bank external account to pull from (`ACCOUNT` with an `ExternalAccount:` id: executed like a prefunded quote, the pull's sandbox outcome chosen by the account's suffix as for POST /transfer-in, a failed pull ending the quote FAILED with nothing moved) or real-time funding (`REALTIME_FUNDING`, answered with `paymentInstructions`) to an external account of the same owner, another internal account, or a UMA address (`currency` required). Lock either side: SENDING (the receiver gets less by the fees) or RECEIVING (the sender pays the fees on top). Rounding: the receiving amount of a SENDING lock rounds down and the sending amount of a RECEIVING lock up, at `exchangeRate` (sending units per receiving unit; in the sandbox exact to 8 decimal places or 9 significant digits, whichever keeps more, but at most 15 significant digits (so the JSON number is the rate exactly), rounded up, so a round trip never gains); between forms of the dollar (USD, USDC, USDB, USDT: 1:1, no service fee) too, a result between two smallest units rounds the same way (USDT 1236000 micro-units → 123 cents; 1234001 micro-USDT cost 124 cents), not half-to-even, which would let a fee-free round trip gain. Fees: the service's 0.5% on cross-currency corridors plus the platform's standing `feeConfigs` or this quote's `platformFeeOverride` (USD sources). The quote's OUTGOING transaction exists at once (PENDING, `transactionId`); the quote expires after 5 minutes. `immediatelyExecute` runs it in the same call. Sandbox limits: USD 10,000,000 per payment (400 TRANSACTION_SIZE_LIMIT_EXCEEDED), USD 25,000,000 sent per customer (or the platform's own accounts) per UTC day (429 DAILY_VOLUME_LIMIT_EXCEEDED with Retry-After); ACH_SAME_DAY entries at most USD 1,000,000 (10,000,000 from 2027-09-17). The platform's own limits for the sending currency (PATCH /config `supportedCurrencies[]`, shown as GET /exchange-rates `minSendingAmount` / `maxSendingAmount`) are checked when the quote is created: a sending currency without OUTGOING in `enabledTransactionTypes` → 400 INVALID_CURRENCY (`details.currency`, `details.enabledTransactionTypes`); a `totalSendingAmount` (fees included, so on a RECEIVING lock too) below `minAmount` or above `maxAmount` → 400 AMOUNT_OUT_OF_RANGE naming the range (`details.currency`, `min`, `max`, `amount`). Answers 200. Customers of EU/EEA regions (strong customer authentication): a REALTIME_FUNDING or `immediatelyExecute` quote answers 202 PENDING_AUTHORIZATION with `scaChallenge` (realtime `paymentInstructions` withheld until it is authorized with POST /quotes/{quoteId}/authorize). A quote from or to a deleted customer's account (or to a deleted customer's external account) → 410 CUSTOMER_DELETED. Requires TRANSACT.",
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { headers: OptionalIdempotencyHeaderSchema, body: jsonBody(QuoteRequestSchema) },
      responses: {
        200: jsonResponse(QuoteSchema, "The quote"),
        202: jsonResponse(QuoteSchema, "The quote, PENDING_AUTHORIZATION: answer its scaChallenge with POST /quotes/{quoteId}/authorize"),
        ...errorResponses(400, 403, 404, 409, 410, 429, 502, 504),
      },
    }),
    async (c) => {
      const quote = await createQuote(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") });
      return quote.status === "PENDING_AUTHORIZATION" ? c.json(quote, 202) : c.json(quote, 200);
    },
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
        "Runs a PENDING quote funded from an internal account: the source is debited at once, the transaction goes PENDING → PROCESSING, then the destination's sandbox outcome decides (external account suffixes 002–008, UMA sandbox counterparties). A quote that pulls from a bank account has no balance check: the pull's outcome comes first (source suffix 002/003 FAILED at once, 004/008 FAILED after PROCESSING, 005 PENDING then FAILED 30 s later; nothing moves and the quote ends FAILED), then, pulled, it runs as above. Realtime-funded quotes are run by their funds (400). Past expiresAt → 409 QUOTE_EXPIRED; already executed → 409 CONFLICT; a quote an agent created (POST /agents/me/quotes) runs only under the agent's policy → 409 CONFLICT naming its PENDING_APPROVAL AgentAction and the approve path (`details.agentActionId`, `details.approvePath`), or asking the agent to execute it; a balance that cannot cover it → 400 INSUFFICIENT_BALANCE and the quote stays PENDING. Embedded-wallet sources need `Service-Wallet-Signature` on this one call: the stamp over the quote's `paymentInstructions[].accountOrWalletInfo.payloadToSign`, made with an active session key (or ACTIVE delegated key) of the wallet. Unlike the auth operations this is not a 202 signed retry: no 202, no requestId, no `Request-Id` header; without the header → 401 WALLET_SIGNATURE_MISSING, a bad stamp → 401 WALLET_SIGNATURE_MALFORMED / _INVALID (`reason` names the check). Customers of EU/EEA regions: the quote (and its transaction, OUTGOING_PAYMENT.PENDING_AUTHORIZATION) goes PENDING_AUTHORIZATION with `scaChallenge` and nothing is debited until POST /quotes/{quoteId}/authorize; executing it again → 409. Its destination external account deleted since the quote was made → 404 NOT_FOUND, as a new quote to it answers (nothing debited; the quote stays PENDING until it expires); its customer (or an internal destination's owner) deleted → 410 CUSTOMER_DELETED. A delete racing the execute is serialized with it: either the payout goes first and the delete after, or the delete goes first and the execute is refused. Requires TRANSACT.",
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: QuoteIdParamSchema, headers: ExecuteQuoteHeadersSchema },
      responses: { 200: jsonResponse(QuoteSchema, "The quote, PROCESSING or already settled"), ...errorResponses(400, 403, 404, 409, 410, 429) },
    }),
    async (c) =>
      c.json(await executeQuote(c.get("db"), { platformId: c.get("auth").platformId, quoteId: c.req.valid("param").quoteId, walletSignature: c.req.header("service-wallet-signature") }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/quotes/{quoteId}/authorize",
      operationId: "authorizeQuote",
      summary: "Authorize a quote (SCA)",
      description:
        "Answers the `scaChallenge` of a PENDING_AUTHORIZATION quote of a customer in an EU/EEA region: `code` for SMS_OTP (sandbox 123456), or `passkeyAssertion` and `origin` for PASSKEY. While another step needs authorizing (currency conversion, then payout) the quote stays PENDING_AUTHORIZATION with the next `scaChallenge`: call again. After the last one a realtime-funded quote becomes PENDING with its `paymentInstructions`; an executed quote runs (source debited, PROCESSING, then the destination's sandbox outcome). The quote's locked rate ends at its `expiresAt` as for any quote: a challenge never outlives it (its `expiresAt` is the quote's at the latest), and a quote still PENDING_AUTHORIZATION then expires, executed or not (quote and transaction EXPIRED, OUTGOING_PAYMENT.EXPIRED, nothing debited); authorizing it after that → 409 QUOTE_EXPIRED. Wrong code → 401; 5 wrong answers → 429 RATE_LIMITED; locked-out customer → 423 ACCOUNT_LOCKED; expired challenge → 400; other regions, or a quote not PENDING_AUTHORIZATION → 409; after the last step, its destination external account deleted meanwhile → 404 NOT_FOUND, its customer deleted → 410 CUSTOMER_DELETED (nothing debited). Requires TRANSACT.",
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: QuoteIdParamSchema, body: jsonBody(ScaAuthorizationRequestSchema) },
      responses: { 200: jsonResponse(QuoteSchema, "The quote: PENDING_AUTHORIZATION with the next challenge, PENDING (realtime) or PROCESSING / settled"), ...errorResponses(400, 401, 403, 404, 409, 410, 423, 429) },
    }),
    async (c) =>
      c.json(await authorizeQuote(c.get("db"), { platformId: c.get("auth").platformId, quoteId: c.req.valid("param").quoteId, authorization: c.req.valid("json") }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/quotes/{quoteId}/authorize/resend",
      operationId: "resendQuoteScaCode",
      summary: "Resend a quote's SCA code",
      description:
        "Sends the code of the quote's current SMS_OTP challenge again: same challenge, `expiresAt` not extended. Passkey challenges have no code (409); expired challenge → 400; a quote past its `expiresAt` → 409 QUOTE_EXPIRED; other regions, or a quote not PENDING_AUTHORIZATION → 409. A code goes out at most once per 30 seconds per challenge, its first sending (when the challenge was opened) included: sooner → 429 RATE_LIMITED with Retry-After (seconds until it can be sent again); the code already sent stays valid. Answers 204. Requires TRANSACT.",
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: QuoteIdParamSchema },
      responses: { 204: { description: "The code was sent again" }, ...errorResponses(400, 403, 404, 409, 429) },
    }),
    async (c) => {
      await resendQuoteAuthorization(c.get("db"), { platformId: c.get("auth").platformId, quoteId: c.req.valid("param").quoteId });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sandbox/send",
      operationId: "sandboxSend",
      summary: "Pay a realtime-funded quote (sandbox)",
      description:
        "Simulates the payer sending the funds a REALTIME_FUNDING quote asks for. `currencyCode` must be the quote's sending currency (400). The expected amount (the default) runs the quote like an execution; another amount fails it with FUNDING_AMOUNT_MISMATCH and the money goes back. When the destination external account was deleted since the quote was made, the payout does not go: the transaction ends FAILED with ACCOUNT_INVALID and the money goes back (refund pair); likewise ACCOUNT_CANNOT_RECEIVE when the customer who owns the destination was deleted, QUOTE_EXECUTION_FAILED when only the paying customer was; and when the destination internal account is no longer ACTIVE, ACCOUNT_CANNOT_RECEIVE (FROZEN or PENDING) or ACCOUNT_INVALID (CLOSED), its balance untouched. Expired → 409 QUOTE_EXPIRED. Answers 200 with the transaction. Sandbox platforms only; requires TRANSACT.",
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
      summary: "Cancel an unsettled payout or pull",
      description:
        "A cancelled payout ends COMPLETED, not FAILED: read `refund` (`refund.reason` USER_CANCELLATION, `refund.status` COMPLETED: the money is back) to show it as cancelled. Stops an OUTGOING ACH, ACH_SAME_DAY or WIRE payment that is still PROCESSING and not settled: the refund gives the amount back (OUTGOING_PAYMENT.REFUND_PENDING, then REFUND_COMPLETED), then the payment reads COMPLETED with the refund attached. Also stops a pull from a bank account (transfer-in, or an executed quote with a pull source) whose ACH entry has not settled: nothing was credited, so the payment goes FAILED (QUOTE_EXECUTION_FAILED) with INCOMING_PAYMENT.FAILED or OUTGOING_PAYMENT.FAILED and no refund. Settled, failed or refunding payments, and a pull quote not executed → 409 TRANSACTION_NOT_CANCELLABLE; other payments (deposits pushed by others, other rails) → 400. Requires TRANSACT.",
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
