import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonResponse } from "../http/openapi";
import { getTransactionItemOrThrow } from "./get-transaction-item-or-throw";
import { listTransactionStatusHistory } from "./list-transaction-status-history";
import { listTransactions } from "./list-transactions";
import {
  TransactionIdParamSchema,
  TransactionListQuerySchema,
  TransactionListItemSchema,
  TransactionListResponseSchema,
  TransactionStatusHistorySchema,
} from "./schemas";

const tags = ["Transactions"];
const security = BASIC_AUTH;

export const transactionsRouter = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/transactions",
      operationId: "listTransactions",
      summary: "List transactions",
      description:
        "The platform's payment transactions, newest first (`sortOrder=asc` for oldest first). Filters combine: customer, account on either side (`accountIdentifier`) or one side, status, type, reconciliation reference, and an inclusive `startDate`/`endDate` window on creation time (an endDate before startDate → 400 INVALID_INPUT; bounds at most to the millisecond, as times are kept). `status` together with `type=CARD` is refused (400): status applies to payment transactions only.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: TransactionListQuerySchema },
      responses: { 200: jsonResponse(TransactionListResponseSchema, "A page of transactions"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listTransactions(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/transactions/{transactionId}",
      operationId: "getTransactionById",
      summary: "Get a transaction",
      description: "A payment (`Transaction:<uuid>`) or a card transaction (`CardTransaction:<uuid>`, type `CARD`), in the shape GET /transactions lists it.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: TransactionIdParamSchema },
      responses: { 200: jsonResponse(TransactionListItemSchema, "The transaction"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(await getTransactionItemOrThrow(c.get("db"), c.get("auth").platformId, c.req.valid("param").transactionId), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/transactions/{transactionId}/status-history",
      operationId: "getTransactionStatusHistory",
      summary: "A transaction's status history (extension)",
      description:
        "Every status and refund step, oldest first, with the webhook event each one wrote: the timeline of the dashboard's transaction page. A card transaction (`CardTransaction:<uuid>`): one step per CARD_TRANSACTION.* event it sent (authorized, partially settled, settled, re-fired SETTLED on a return, voided, declined, exception), with the status that event carried, `failureReason` = its cardDeclinedReason, and its authorized, settled and refunded amounts in `note`; a return's refund row has its own history.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: TransactionIdParamSchema },
      responses: { 200: jsonResponse(TransactionStatusHistorySchema, "The steps"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(await listTransactionStatusHistory(c.get("db"), c.get("auth").platformId, c.req.valid("param").transactionId), 200),
  );
