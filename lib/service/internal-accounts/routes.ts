import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { requireSandbox } from "../sandbox/require-sandbox";
import { fundInternalAccount } from "./fund-internal-account";
import { getInternalAccountOrThrow } from "./get-internal-account-or-throw";
import { listCustomerInternalAccounts } from "./list-customer-internal-accounts";
import { listInternalAccountBalanceChanges } from "./list-internal-account-balance-changes";
import { listPlatformInternalAccounts } from "./list-platform-internal-accounts";
import { serializeWithBalances } from "./load-account-ledgers";
import {
  BalanceChangesQuerySchema,
  BalanceChangesResponseSchema,
  InternalAccountIdParamSchema,
  InternalAccountListQuerySchema,
  InternalAccountListResponseSchema,
  InternalAccountSchema,
  PlatformInternalAccountListQuerySchema,
  PlatformInternalAccountListResponseSchema,
  SandboxFundParamSchema,
  SandboxFundRequestSchema,
} from "./schemas";

const tags = ["Internal Accounts"];
const security = BASIC_AUTH;

// Mounted before customersRouter: /customers/{customerId} would otherwise catch /customers/internal-accounts.
export const internalAccountsRouter = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/customers/internal-accounts",
      operationId: "listCustomerInternalAccounts",
      summary: "List customers' internal accounts",
      description:
        "A customer gets one account per currency it holds that the platform supports (INTERNAL_FIAT, INTERNAL_CRYPTO, or EMBEDDED_WALLET for USDB), provisioned once: at creation on a regulated platform; on an unregulated one only once the customer's agreement consents are recorded (`agreementConsents` with SERVICE_END_USER_TERMS, on POST /customers or a later PATCH /customers/{customerId}). Until then the list is empty for that customer, whatever its kycStatus. Accounts are PENDING until the customer is APPROVED, then ACTIVE (INTERNAL_ACCOUNT.STATUS_UPDATED). Newest first.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: InternalAccountListQuerySchema },
      responses: { 200: jsonResponse(InternalAccountListResponseSchema, "A page of internal accounts"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listCustomerInternalAccounts(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/platform/internal-accounts",
      operationId: "listPlatformInternalAccounts",
      summary: "List the platform's own internal accounts",
      description: "One ACTIVE account per supported currency, used to fund platform payouts and to receive platform fees.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: PlatformInternalAccountListQuerySchema },
      responses: { 200: jsonResponse(PlatformInternalAccountListResponseSchema, "The platform's internal accounts"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listPlatformInternalAccounts(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/internal-accounts/{id}",
      operationId: "getInternalAccount",
      summary: "Get an internal account (extension)",
      description: "A customer's or the platform's internal account with its current balances.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: InternalAccountIdParamSchema },
      responses: { 200: jsonResponse(InternalAccountSchema, "The internal account"), ...errorResponses(403, 404) },
    }),
    async (c) => {
      const db = c.get("db");
      const row = await getInternalAccountOrThrow(db, c.get("auth").platformId, c.req.valid("param").id);
      const [account] = await serializeWithBalances(db, [row]);
      return c.json(account!, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/internal-accounts/{id}/balance-changes",
      operationId: "listInternalAccountBalanceChanges",
      summary: "List an internal account's balance changes",
      description:
        "Every posted movement in the half-open window [startDate, endDate), oldest first, one change per movement with fees included in `amount`. Each page repeats `openingBalance` and `closingBalance`; `openingBalance` plus the amounts of all pages equals `closingBalance`. Holds (pending card authorizations and payouts) are not changes until they post. 409 NOT_YET_AVAILABLE: the window's card settlement has not closed; retry later.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: InternalAccountIdParamSchema, query: BalanceChangesQuerySchema },
      responses: { 200: jsonResponse(BalanceChangesResponseSchema, "A page of balance changes"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await listInternalAccountBalanceChanges(c.get("db"), { platformId: c.get("auth").platformId, accountId: c.req.valid("param").id, query: c.req.valid("query") }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sandbox/internal-accounts/{accountId}/fund",
      operationId: "sandboxFundInternalAccount",
      summary: "Simulate a deposit into an internal account",
      description:
        "Sandbox platforms only. Credits `amount` (smallest currency unit, 1 to 10^11) at once and sends INTERNAL_ACCOUNT.BALANCE_UPDATED. Only ACTIVE accounts can receive: PENDING, FROZEN and CLOSED accounts answer 409; a deleted customer's account answers 410 CUSTOMER_DELETED. Requires TRANSACT.",
      tags: ["Sandbox"],
      security,
      middleware: [requirePermission("TRANSACT"), requireSandbox] as const,
      request: { params: SandboxFundParamSchema, body: jsonBody(SandboxFundRequestSchema) },
      responses: { 200: jsonResponse(InternalAccountSchema, "The account after the deposit"), ...errorResponses(400, 403, 404, 409, 410) },
    }),
    async (c) => {
      const { accountId } = c.req.valid("param");
      const amount = BigInt(c.req.valid("json").amount);
      return c.json(await fundInternalAccount(c.get("db"), { platformId: c.get("auth").platformId, accountId, amount }), 200);
    },
  );
