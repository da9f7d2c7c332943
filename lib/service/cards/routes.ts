import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { issueCard } from "./issue-card";
import { getCardOrThrow } from "./get-card-or-throw";
import { listCards } from "./list-cards";
import { revealCard } from "./reveal-card";
import {
  CardCreateRequestSchema,
  CardIdParamSchema,
  CardListQuerySchema,
  CardListResponseSchema,
  CardRevealResponseSchema,
  CardSchema,
  CardTokenizeRequestSchema,
  CardTokenizeResponseSchema,
  CardUpdateRequestSchema,
} from "./schemas";
import { serializeCard } from "./serialize-card";
import { tokenizeCard } from "./tokenize-card";
import { updateCard } from "./update-card";

const tags = ["Cards"];
const security = BASIC_AUTH;

export const cardsRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/cards",
      operationId: "createCard",
      summary: "Issue a card",
      description:
        "Issues a VIRTUAL debit card to a customer whose kycStatus is APPROVED (else 400 CARDHOLDER_KYC_NOT_APPROVED), funded by the cardholder's internal accounts of one currency, USD or USDB (else 400 FUNDING_SOURCE_INELIGIBLE). Answers 201 with the card in PROCESSING; the issuer then activates it (CARD.STATE_CHANGE). Sandbox: the last three characters of platformCardId (else the cardholder id) decide: 001 stays PROCESSING, 002 is rejected (CLOSED, ISSUER_REJECTED), 005 activates after about 30 s, anything else at once; a funding source id ending 002 or 003 is ineligible. 410 CUSTOMER_DELETED for a deleted cardholder. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { body: jsonBody(CardCreateRequestSchema) },
      responses: { 201: jsonResponse(CardSchema, "The card, PROCESSING"), ...errorResponses(400, 403, 404, 410) },
    }),
    async (c) => c.json(await issueCard(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") }), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/cards",
      operationId: "listCards",
      summary: "List cards",
      description: "Filters: cardholderId, accountId (cards funded by that account), platformCardId, state. Newest first unless sortOrder=asc. Requires VIEW.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: CardListQuerySchema },
      responses: { 200: jsonResponse(CardListResponseSchema, "A page of cards"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listCards(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/cards/{id}",
      operationId: "getCardById",
      summary: "Get a card",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: CardIdParamSchema },
      responses: { 200: jsonResponse(CardSchema, "The card"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(serializeCard(await getCardOrThrow(c.get("db"), c.get("auth").platformId, c.req.valid("param").id)), 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/cards/{id}",
      operationId: "updateCardById",
      summary: "Freeze, unfreeze or close a card; change its funding sources or spend limit",
      description:
        "At least one field. state FROZEN freezes an ACTIVE card (new authorizations decline), ACTIVE unfreezes a FROZEN one, CLOSED closes either (terminal, CLOSED_BY_PLATFORM; alone in its request); each fires CARD.STATE_CHANGE. Deleting the cardholder (DELETE /customers/{customerId}) closes their cards the same way (CLOSED_BY_PLATFORM), so a deleted customer's card declines every authorization (CARD_NOT_ACTIVE) and cannot change (CARD_NOT_MUTABLE). Closing resolves the card's pending authorizations at once: each AUTHORIZED row ends VOIDED and each PARTIALLY_SETTLED row SETTLED at what cleared, the held rest released (CARD_TRANSACTION.VOIDED / .SETTLED, INTERNAL_ACCOUNT.BALANCE_UPDATED); a clearing that arrives later still posts. fundingSources replaces the ordered list (CARD.FUNDING_SOURCE_CHANGE, not fired when the list is the same); maxSpendPerTransaction null removes the limit. 409 INVALID_STATE_TRANSITION for other moves, CARD_ALREADY_CLOSED for closing a closed card, CARD_NOT_MUTABLE for changing one. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: CardIdParamSchema, body: jsonBody(CardUpdateRequestSchema) },
      responses: { 200: jsonResponse(CardSchema, "The card"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => c.json(await updateCard(c.get("db"), { platformId: c.get("auth").platformId, cardId: c.req.valid("param").id, request: c.req.valid("json") }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/cards/{id}/reveal",
      operationId: "revealCard",
      summary: "Reveal card details",
      description: "A short-lived URL (5 minutes) of an embed showing the card number; never stored, never sent in webhooks. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: CardIdParamSchema },
      responses: { 200: jsonResponse(CardRevealResponseSchema, "The embed URL"), ...errorResponses(403, 404, 409) },
    }),
    async (c) => c.json(await revealCard(c.get("db"), c.get("auth").platformId, c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/cards/{id}/tokenize",
      operationId: "tokenizeCard",
      summary: "Provision a card to a digital wallet",
      description:
        "Exchanges the wallet SDK's values for the encrypted provisioning payload that completes in-app add to Apple Pay or Google Pay. Only ACTIVE cards whose cardCapabilities.supportsDigitalWalletTokenization is true (else 409). Sandbox: a deterministic dummy payload. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: CardIdParamSchema, body: jsonBody(CardTokenizeRequestSchema) },
      responses: { 200: jsonResponse(CardTokenizeResponseSchema, "The provisioning payload"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => c.json(await tokenizeCard(c.get("db"), { platformId: c.get("auth").platformId, cardId: c.req.valid("param").id, request: c.req.valid("json") }), 200),
  );
