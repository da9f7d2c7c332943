import { createRoute, type z } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { requireSandbox } from "../sandbox/require-sandbox";
import {
  CardIdParamSchema,
  SandboxCardAuthorizationAdviceRequestSchema,
  SandboxCardAuthorizationRequestSchema,
  SandboxCardBalanceInquiryRequestSchema,
  SandboxCardClearingRequestSchema,
  SandboxCardReturnRequestSchema,
  SandboxCardSimulationResponseSchema,
  SandboxCardTransactionRefRequestSchema,
} from "./schemas";
import { simulateAuthorization } from "./simulate-authorization";
import { simulateAuthorizationAdvice } from "./simulate-authorization-advice";
import { simulateBalanceInquiry } from "./simulate-balance-inquiry";
import { simulateClearing } from "./simulate-clearing";
import { simulateCreditAuthorization } from "./simulate-credit-authorization";
import { simulateCreditAuthorizationAdvice } from "./simulate-credit-authorization-advice";
import { simulateReturn } from "./simulate-return";
import { simulateReturnReversal } from "./simulate-return-reversal";

const FIND_ROWS = "The card transaction is written before this answer: find it with GET /transactions?type=CARD&cardId=…. Sandbox platforms only; requires TRANSACT.";

function simulateRoute<S extends z.ZodType>(name: string, summary: string, description: string, body: S) {
  return createRoute({
    method: "post",
    path: `/sandbox/cards/{id}/simulate/${name}`,
    operationId: `sandboxSimulateCard${name.replace(/(^|_)(\w)/g, (_, __, ch: string) => ch.toUpperCase())}`,
    summary,
    description: `${description} ${FIND_ROWS}`,
    tags: ["Sandbox"],
    security: BASIC_AUTH,
    middleware: [requirePermission("TRANSACT"), requireSandbox] as const,
    request: { params: CardIdParamSchema, body: jsonBody(body) },
    responses: { 202: jsonResponse(SandboxCardSimulationResponseSchema, "Accepted: the issuer's token of the card operation"), ...errorResponses(400, 403, 404, 409) },
  });
}

const HOLD_EXPIRY = "Uncleared 7 days after it was authorized, the authorization expires on its own (VOIDED, or SETTLED at what cleared; the hold released), a step POST /sandbox/clock/advance runs too.";
const EXPIRED_CARD = "A card past its expiry month (expMonth/expYear, on the platform's clock) declines CARD_NOT_ACTIVE.";
const AUTH_SUFFIXES = "merchant.descriptor suffix: 002 declines INSUFFICIENT_FUNDS, 003 declines CARD_NOT_ACTIVE, 005 approves with the pull pending about 30 s, 006 approves and the pull confirmation later fails (EXCEPTION at clearing).";

export const cardsSandboxRouter = createRouter()
  .openapi(
    simulateRoute("authorization", "Simulate a card authorization", `A purchase: approved → DEBIT row AUTHORIZED with the amount held on the first funding source; declined → DECLINED with cardDeclinedReason, nothing held. ${HOLD_EXPIRY} ${EXPIRED_CARD} ${AUTH_SUFFIXES}`, SandboxCardAuthorizationRequestSchema),
    async (c) => c.json(await simulateAuthorization(c.get("db"), { platformId: c.get("auth").platformId, cardId: c.req.valid("param").id, request: c.req.valid("json") }), 202),
  )
  .openapi(
    simulateRoute("clearing", "Simulate a clearing", "Clears an AUTHORIZED or PARTIALLY_SETTLED row: equal to the open amount → SETTLED, less → PARTIALLY_SETTLED (the rest stays held), more → a second pull then SETTLED, 0 → the authorization expires (VOIDED, hold released). A late clearing (amount > 0) still posts on an authorization a card's close resolved or that expired uncleared after 7 days: a fresh pull (EXCEPTION if the balance cannot cover it) or credit, then SETTLED; a late clearing of 0 → 409.", SandboxCardClearingRequestSchema),
    async (c) => c.json(await simulateClearing(c.get("db"), { platformId: c.get("auth").platformId, cardId: c.req.valid("param").id, request: c.req.valid("json") }), 202),
  )
  .openapi(
    simulateRoute("return", "Simulate a merchant return", "Returns up to settled − refunded of a settled purchase: the purchase's refundedAmount grows (its CARD_TRANSACTION.SETTLED re-fires) and a new CREDIT SETTLED row links it by originalTransactionId.", SandboxCardReturnRequestSchema),
    async (c) => c.json(await simulateReturn(c.get("db"), { platformId: c.get("auth").platformId, cardId: c.req.valid("param").id, request: c.req.valid("json") }), 202),
  )
  .openapi(
    simulateRoute("return_reversal", "Simulate a return reversal", "Pass the refund row of a posted return: the money is taken back, the refund row becomes VOIDED and the purchase's refundedAmount goes down.", SandboxCardTransactionRefRequestSchema),
    async (c) => c.json(await simulateReturnReversal(c.get("db"), { platformId: c.get("auth").platformId, cardId: c.req.valid("param").id, request: c.req.valid("json") }), 202),
  )
  .openapi(
    simulateRoute("balance_inquiry", "Simulate a balance inquiry", `A zero-amount authorization; no money moves and nothing is held. Approved → a DEBIT row of 0 that is AUTHORIZED and VOIDED at once, as it never clears (CARD_TRANSACTION.AUTHORIZED then .VOIDED); declined → DECLINED with cardDeclinedReason. ${EXPIRED_CARD} ${AUTH_SUFFIXES}`, SandboxCardBalanceInquiryRequestSchema),
    async (c) => c.json(await simulateBalanceInquiry(c.get("db"), { platformId: c.get("auth").platformId, cardId: c.req.valid("param").id, request: c.req.valid("json") }), 202),
  )
  .openapi(
    simulateRoute("credit_authorization", "Simulate a credit authorization", `Money towards the cardholder: CREDIT row AUTHORIZED; credited at clearing. ${HOLD_EXPIRY} ${EXPIRED_CARD}`, SandboxCardAuthorizationRequestSchema),
    async (c) => c.json(await simulateCreditAuthorization(c.get("db"), { platformId: c.get("auth").platformId, cardId: c.req.valid("param").id, request: c.req.valid("json") }), 202),
  )
  .openapi(
    simulateRoute("financial_authorization", "Simulate a single-message purchase", `Decided like an authorization, then debited at once: DEBIT row SETTLED. ${EXPIRED_CARD} ${AUTH_SUFFIXES}`, SandboxCardAuthorizationRequestSchema),
    async (c) => c.json(await simulateAuthorization(c.get("db"), { platformId: c.get("auth").platformId, cardId: c.req.valid("param").id, request: c.req.valid("json"), isFinancial: true }), 202),
  )
  .openapi(
    simulateRoute("financial_credit_authorization", "Simulate a single-message credit", `The funding source is credited at once: CREDIT row SETTLED. ${EXPIRED_CARD}`, SandboxCardAuthorizationRequestSchema),
    async (c) =>
      c.json(await simulateCreditAuthorization(c.get("db"), { platformId: c.get("auth").platformId, cardId: c.req.valid("param").id, request: c.req.valid("json"), isFinancial: true }), 202),
  )
  .openapi(
    simulateRoute("authorization_advice", "Simulate an authorization advice", "Re-sizes an open purchase authorization to the new total amount (the hold follows; its expiry, 7 days after it was authorized, stays).", SandboxCardAuthorizationAdviceRequestSchema),
    async (c) => c.json(await simulateAuthorizationAdvice(c.get("db"), { platformId: c.get("auth").platformId, cardId: c.req.valid("param").id, request: c.req.valid("json") }), 202),
  )
  .openapi(
    simulateRoute("credit_authorization_advice", "Simulate a credit authorization advice", `A network credit advice keyed by card + merchant descriptor: re-sizes that merchant's open CREDIT authorization (its expiry stays), else writes a new CREDIT AUTHORIZED row. ${HOLD_EXPIRY}`, SandboxCardAuthorizationRequestSchema),
    async (c) => c.json(await simulateCreditAuthorizationAdvice(c.get("db"), { platformId: c.get("auth").platformId, cardId: c.req.valid("param").id, request: c.req.valid("json") }), 202),
  );
