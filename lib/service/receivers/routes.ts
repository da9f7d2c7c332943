import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonResponse } from "../http/openapi";
import { lookupExternalAccountReceiver } from "./lookup-external-account-receiver";
import { lookupUmaReceiver } from "./lookup-uma-receiver";
import { ExternalAccountLookupParamSchema, ReceiverLookupQuerySchema, ReceiverLookupResponseSchema, UmaLookupParamSchema } from "./schemas";

const tags = ["Cross-Currency Transfers"];
const security = BASIC_AUTH;

export const receiversRouter = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/receiver/uma/{receiverUmaAddress}",
      operationId: "lookupUma",
      summary: "Look up a UMA receiver",
      description:
        "What the receiver accepts (currency, estimated rate, amount range) and the payer data it asks for; pass `lookupId` to POST /quotes. Sandbox counterparties, all at the domain `sandbox.uma.money`: `$success.usd@sandbox.uma.money` (also eur, and mxn, which makes FULL_NAME and COUNTRY_OF_RESIDENCE mandatory) are paid at once; a payment to `$pending.long.usd@…` stays PROCESSING for 6 hours of the sandbox clock, then COMPLETED; one to `$fail.compliance.usd@…` ends FAILED COMPLIANCE_REJECTED and is refunded. Counterparty failures: `$fail.server.usd@…` → 502 COUNTERPARTY_SERVER_ERROR, `$fail.lookup.timeout.usd@…` → 504 LOOKUP_REQUEST_FAILED (the quote-stage twins `$fail.quote.timeout.usd@…` → 504 QUOTE_REQUEST_FAILED and `$fail.payreq.usd@…` → 502 INVALID_PAYREQ_RESPONSE fail at POST /quotes). Unknown domain → 404 USER_NOT_FOUND; unknown user → 404 UMA_NOT_FOUND.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: UmaLookupParamSchema, query: ReceiverLookupQuerySchema },
      responses: { 200: jsonResponse(ReceiverLookupResponseSchema, "The receiver"), ...errorResponses(400, 403, 404, 502, 504) },
    }),
    async (c) => c.json(await lookupUmaReceiver(c.get("db"), c.get("auth").platformId, c.req.valid("param").receiverUmaAddress, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/receiver/external-account/{accountId}",
      operationId: "lookupExternalAccount",
      summary: "Look up an external account as a receiver",
      description: "The account's currency with an estimated rate and amount range; pass `lookupId` to POST /quotes.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: ExternalAccountLookupParamSchema, query: ReceiverLookupQuerySchema },
      responses: { 200: jsonResponse(ReceiverLookupResponseSchema, "The receiver"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await lookupExternalAccountReceiver(c.get("db"), c.get("auth").platformId, c.req.valid("param").accountId, c.req.valid("query")), 200),
  );
