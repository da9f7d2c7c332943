import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse, OptionalIdempotencyHeaderSchema } from "../http/openapi";
import { TransactionSchema } from "../transactions/schemas";
import { createTransferIn } from "./create-transfer-in";
import { createTransferOut } from "./create-transfer-out";
import { TransferInRequestSchema, TransferOutRequestSchema } from "./schemas";

const tags = ["Same-Currency Transfers"];
const security = BASIC_AUTH;

export const transfersRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/transfer-out",
      operationId: "createTransferOut",
      summary: "Transfer from an internal account to an external account (deprecated)",
      description:
        "Same currency only; answers 200 with the OUTGOING transaction (deprecated in favour of quotes with `immediatelyExecute`). The amount is reserved, then debited when the payout completes; a balance that cannot cover it answers 400 INSUFFICIENT_BALANCE and nothing happens. Sandbox outcomes by the external account's last three characters (twins 112–118): 002 and 003 fail at once, 004 and 008 fail after the debit and are refunded 2 s later, 005 stays PENDING about 30 s then fails with the amount released; anything else completes at once. Above the per-payment size limit (USD 10,000,000 equivalent), or above the ACH_SAME_DAY per-entry cap on that rail → 400 TRANSACTION_SIZE_LIMIT_EXCEEDED. The platform's own limits for the currency (PATCH /config `supportedCurrencies[]`): without OUTGOING in `enabledTransactionTypes` → 400 INVALID_CURRENCY; an amount below `minAmount` or above `maxAmount` → 400 AMOUNT_OUT_OF_RANGE (`details.currency`, `min`, `max`, `amount`); nothing is held or debited. An embedded wallet cannot be the source (401 WALLET_SIGNATURE_MISSING): spend it with a quote executed with a wallet signature. The customer deleted → 410 CUSTOMER_DELETED; a destination deleted → 404 (a delete racing the transfer waits for it, or wins and the transfer is refused). Requires TRANSACT.",
      deprecated: true,
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { headers: OptionalIdempotencyHeaderSchema, body: jsonBody(TransferOutRequestSchema) },
      responses: { 200: jsonResponse(TransactionSchema, "The outgoing transaction"), ...errorResponses(400, 403, 404, 409, 410, 429) },
    }),
    async (c) => c.json(await createTransferOut(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/transfer-in",
      operationId: "createTransferIn",
      summary: "Pull from a bank account into an internal account (deprecated)",
      description:
        "Same currency only, from a bank external account of the internal account's owner; answers 200 with the INCOMING transaction (deprecated in favour of quotes). Credited only on success. Sandbox outcomes by the external account's last three characters: 002 and 003 fail at once, 004 and 008 fail after PROCESSING, 005 stays PENDING about 30 s then fails (until then it can be cancelled with POST /transactions/{transactionId}/cancel); anything else completes at once. Above the per-payment size limit (USD 10,000,000 equivalent) → 400 TRANSACTION_SIZE_LIMIT_EXCEEDED. The customer deleted → 410 CUSTOMER_DELETED. Requires TRANSACT.",
      deprecated: true,
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { headers: OptionalIdempotencyHeaderSchema, body: jsonBody(TransferInRequestSchema) },
      responses: { 200: jsonResponse(TransactionSchema, "The incoming transaction"), ...errorResponses(400, 403, 404, 409, 410) },
    }),
    async (c) => c.json(await createTransferIn(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") }), 200),
  );
