import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requirePermission } from "../http/auth";
import type { AppEnv } from "../http/context";
import { invalidInput } from "../http/errors";
import { BASIC_AUTH, createRouter, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { requireSandbox } from "../sandbox/require-sandbox";
import { createOperation, getOperation, listOperations } from "./create-operation";
import { getProviderAccountOrThrow, linkProviderAccount, listProviderAccounts, setProviderAccountSandboxState } from "./provider-accounts";
import { reportOperationFunds } from "./run-operation-step";
import {
  BurnRequestSchema,
  IdempotencyHeaderSchema,
  MintRequestSchema,
  OperationIdParamSchema,
  OperationListQuerySchema,
  OperationListResponseSchema,
  OperationSchema,
  ProviderAccountIdParamSchema,
  ProviderAccountLinkRequestSchema,
  ProviderAccountListQuerySchema,
  ProviderAccountListResponseSchema,
  ProviderAccountSchema,
  SandboxProviderAccountStatusRequestSchema,
  StablecoinIdParamSchema,
  StablecoinListQuerySchema,
  StablecoinListResponseSchema,
  StablecoinRegisterRequestSchema,
  StablecoinSchema,
} from "./schemas";
import { serializeOperation, serializeProviderAccount } from "./serialize";
import { getStablecoinOrThrow, listStablecoins, registerStablecoin } from "./stablecoins";
import { serializeStablecoin } from "./serialize";

const tags = ["Stablecoins"];
const security = BASIC_AUTH;

/** Idempotency-Key is required on these creates (BEHAVIORS.md §6); the global middleware stores and replays. */
function requireIdempotencyKey(c: Context<AppEnv>): void {
  if (c.req.header("idempotency-key") === undefined)
    throw invalidInput(
      [{ field: "header.Idempotency-Key", message: "is required", constraint: { required: true, maxLength: 255 } }],
      "Idempotency-Key header is required on this request: send a unique key (1 to 255 characters) and reuse it when retrying.",
    );
}

const IDEMPOTENCY_NOTE = " `Idempotency-Key` is required (400 without it): the same key and body return the first response, the same key with another body → 409 CONFLICT.";

const OPERATION_WEBHOOKS =
  " Webhooks (our extension; the reference documents none): every status change sends `STABLECOIN_OPERATION.<STATUS>` (PENDING_FUNDING, PENDING_PROVIDER, PROCESSING, COMPLETED, FAILED, EXPIRED) with the operation as `data`.";

const LIFECYCLE =
  " Lifecycle: CREATED is transient; the answer is PENDING_FUNDING (wire mint, external-wallet burn: `fundingInstructions`, `expiresAt` 7 days; the sandbox provider reports the funds after 30 s (never when the fiat value in cents ends in 005, to let it expire), or at once with POST /sandbox/stablecoin-operations/{id}/fund) or PENDING_PROVIDER (about 5 s), then PROCESSING (the fiat leg moves on the ledger; about 10 s) and COMPLETED; unfunded at `expiresAt` → EXPIRED; a provider error → FAILED with `failureReason` PROVIDER_TRANSFER_FAILED (sandbox: an external account whose identifier ends in 002 or 004 — an ACH mint's debit account or a burn's payout bank; an external-wallet burn fails once its tokens have arrived); a mint to an `InternalAccount:` that can no longer receive when it would complete (FROZEN or CLOSED since the mint was created) → FAILED with `failureReason` DESTINATION_ACCOUNT_UNAVAILABLE: nothing is credited and the fiat that moved at PROCESSING is returned to the funding source (mint again to an ACTIVE account). a step the service cannot carry out (an unexpected error, logged; running it again would not help) → FAILED with `failureReason` PROCESSING_ERROR, the fiat that moved at PROCESSING returned. `amount` is in the token's smallest unit and must be a whole number of fiat cents: a multiple of 10^(decimals−2). Value: a stablecoin is pegged 1:1 to its `baseCurrency` (USD in sandbox): a mint's backing (`fundingInstructions.amount`, `estimatedDelivery.amount`) is one baseCurrency unit per token, in cents, and a burn pays out the same. Size limit: one mint or burn may carry at most USD 10,000,000 in value, as one payment may (400 TRANSACTION_SIZE_LIMIT_EXCEEDED, `details.maximum` the largest `amount` of this token). Reserved source types → 501. A link that is INVALID or REVOKED → 400 (REVOKED is terminal: link again and register the token through the new link to move the stablecoin there); provider unavailable → 503 with `Retry-After`." +
  OPERATION_WEBHOOKS;

export const stablecoinsRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/stablecoin-provider-accounts",
      operationId: "linkStablecoinProviderAccount",
      summary: "Link a stablecoin provider account",
      description:
        "Verifies the credentials with the provider and links the account ACTIVE; re-linking a non-revoked link refreshes it. `providerAccountId` may be omitted when the credentials see exactly one account. Sandbox: a secret ending in 002 is refused (400), a client id ending in 009 sees two accounts. Requires MANAGE." +
        IDEMPOTENCY_NOTE,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { headers: IdempotencyHeaderSchema, body: jsonBody(ProviderAccountLinkRequestSchema) },
      responses: { 201: jsonResponse(ProviderAccountSchema, "The link"), ...errorResponses(400, 403, 409) },
    }),
    async (c) => {
      requireIdempotencyKey(c);
      const { platformId, environment } = c.get("auth");
      return c.json(await linkProviderAccount(c.get("db"), { platformId, environment, request: c.req.valid("json") }), 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/stablecoin-provider-accounts",
      operationId: "listStablecoinProviderAccounts",
      summary: "List stablecoin provider account links",
      description: "Newest first, with `totalCount`.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: ProviderAccountListQuerySchema },
      responses: { 200: jsonResponse(ProviderAccountListResponseSchema, "A page of links"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listProviderAccounts(c.get("db"), { platformId: c.get("auth").platformId, query: c.req.valid("query") }), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/stablecoin-provider-accounts/{stablecoinProviderAccountId}",
      operationId: "getStablecoinProviderAccount",
      summary: "Get a stablecoin provider account link",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: ProviderAccountIdParamSchema },
      responses: { 200: jsonResponse(ProviderAccountSchema, "The link"), ...errorResponses(400, 403, 404) },
    }),
    async (c) =>
      c.json(serializeProviderAccount(await getProviderAccountOrThrow(c.get("db"), c.get("auth").platformId, c.req.valid("param").stablecoinProviderAccountId)), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/stablecoins",
      operationId: "registerStablecoin",
      summary: "Register a provider-created stablecoin",
      description:
        "Links an existing provider token (creates nothing at the provider). With several ACTIVE links, `stablecoinProviderAccountId` is required (400 STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED). The same token twice → 409, except to move it off a REVOKED link (terminal): registering it again with `stablecoinProviderAccountId` a new ACTIVE link of the same provider account (POST /stablecoin-provider-accounts again) moves the existing stablecoin, same id, to that link (201 with it). Sandbox: decimals come from a `-d<N>` ending of `providerTokenIdentifier` (for example `acme-usd-d18`), else 6; `symbol` and `currency` are the first 6 letters and digits of the rest, upper-cased (`usdb` → USDB, `usdc-d2` → USDC, `acme-usd` → ACMEUS); `baseCurrency` is USD. A stablecoin is pegged 1:1 to its baseCurrency (each token is backed by, and burns for, one USD), so a token whose `currency` would be a currency other than a form of USD (`btc-d8`, `eur-d2`, `jpy-d0`: BTC, EUR, JPY) is refused: 400 INVALID_INPUT naming `providerTokenIdentifier`. A mint can credit an internal account only when it holds that currency, so only a token named after a supported form of USD (usdb, usdc, usdt) can be minted into internal accounts, one token credited as one unit of it; any token can be minted to a Spark wallet. Requires MANAGE." +
        IDEMPOTENCY_NOTE,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { headers: IdempotencyHeaderSchema, body: jsonBody(StablecoinRegisterRequestSchema) },
      responses: { 201: jsonResponse(StablecoinSchema, "The stablecoin"), ...errorResponses(400, 403, 404, 409, 503) },
    }),
    async (c) => {
      requireIdempotencyKey(c);
      return c.json(await registerStablecoin(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") }), 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/stablecoins",
      operationId: "listStablecoins",
      summary: "List registered stablecoins",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: StablecoinListQuerySchema },
      responses: { 200: jsonResponse(StablecoinListResponseSchema, "A page of stablecoins"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listStablecoins(c.get("db"), { platformId: c.get("auth").platformId, query: c.req.valid("query") }), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/stablecoins/{stablecoinId}",
      operationId: "getStablecoin",
      summary: "Get a stablecoin",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: StablecoinIdParamSchema },
      responses: { 200: jsonResponse(StablecoinSchema, "The stablecoin"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(serializeStablecoin(await getStablecoinOrThrow(c.get("db"), c.get("auth").platformId, c.req.valid("param").stablecoinId)), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/stablecoins/{stablecoinId}/mints",
      operationId: "createStablecoinMint",
      summary: "Mint stablecoins",
      description:
        "`fundingSource`: WIRE (wire instructions returned) or ACH_DEBIT / SAME_DAY_ACH_DEBIT from an external account; `destination.accountId` an ACTIVE Spark `ExternalAccount:` or an ACTIVE `InternalAccount:` holding the token's currency (the stablecoin's `currency`; 409 when it is not ACTIVE), credited one unit of that currency per token; that currency must be a form of the `baseCurrency` the mint is paid in (USD, USDC, USDB, USDT for USD), else 400 INVALID_INPUT naming `destination.accountId` (a stablecoin registered as BTC, EUR, … is minted to Spark wallets only). An ACH debit's bank account and the destination must belong to the same owner, one customer or the platform (400 INVALID_INPUT naming `destination.accountId`, constraint `sameOwner`). The tokens add to the stablecoin's provider balance once the mint is COMPLETED. 410 CUSTOMER_DELETED when the destination or the ACH bank account belongs to a deleted customer (a mint created before the delete still completes). Requires TRANSACT." +
        IDEMPOTENCY_NOTE +
        LIFECYCLE,
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: StablecoinIdParamSchema, headers: IdempotencyHeaderSchema, body: jsonBody(MintRequestSchema) },
      responses: { 201: jsonResponse(OperationSchema, "The operation"), ...errorResponses(400, 403, 404, 409, 410, 501, 503) },
    }),
    async (c) => {
      requireIdempotencyKey(c);
      const input = { platformId: c.get("auth").platformId, stablecoinId: c.req.valid("param").stablecoinId, operationType: "MINT" as const, request: c.req.valid("json") };
      return c.json(await createOperation(c.get("db"), input), 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/stablecoins/{stablecoinId}/burns",
      operationId: "createStablecoinBurn",
      summary: "Burn stablecoins for fiat",
      description:
        "`source.type`: EXTERNAL_ACCOUNT (send the tokens from any wallet to the deposit address in `fundingInstructions`) or PROVIDER_INTERNAL_BALANCE (the tokens the provider holds of this stablecoin: those of its COMPLETED mints less every burn that is PENDING_PROVIDER, PROCESSING or COMPLETED; a larger `amount` → 409 CONFLICT with `details.providerBalance`, the balance held in the token's smallest unit: burn at most that, or mint more first); `destination` a bank external account in the `baseCurrency` (USD; a burn converts no currency, so a bank account in another currency, EUR say → 400 INVALID_INPUT naming `destination.externalAccountId`) and payout rail. `estimatedDelivery.amount` is the fiat value in cents of the `baseCurrency`: one baseCurrency unit (USD) per token, as a mint charged. 404 for the stablecoin or a referenced account; 410 CUSTOMER_DELETED when the bank account belongs to a deleted customer (a burn created before the delete still pays out). Requires TRANSACT." +
        IDEMPOTENCY_NOTE +
        LIFECYCLE,
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: StablecoinIdParamSchema, headers: IdempotencyHeaderSchema, body: jsonBody(BurnRequestSchema) },
      responses: { 201: jsonResponse(OperationSchema, "The operation"), ...errorResponses(400, 403, 404, 409, 410, 501, 503) },
    }),
    async (c) => {
      requireIdempotencyKey(c);
      const input = { platformId: c.get("auth").platformId, stablecoinId: c.req.valid("param").stablecoinId, operationType: "BURN" as const, request: c.req.valid("json") };
      return c.json(await createOperation(c.get("db"), input), 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/stablecoins/{stablecoinId}/operations",
      operationId: "listStablecoinOperations",
      summary: "List a stablecoin's operations",
      description: "Newest first." + OPERATION_WEBHOOKS,
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: StablecoinIdParamSchema, query: OperationListQuerySchema },
      responses: { 200: jsonResponse(OperationListResponseSchema, "A page of operations"), ...errorResponses(400, 403, 404) },
    }),
    async (c) =>
      c.json(await listOperations(c.get("db"), { platformId: c.get("auth").platformId, stablecoinId: c.req.valid("param").stablecoinId, query: c.req.valid("query") }), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/stablecoin-operations/{stablecoinOperationId}",
      operationId: "getStablecoinOperation",
      summary: "Get a stablecoin operation",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: OperationIdParamSchema },
      responses: { 200: jsonResponse(OperationSchema, "The operation"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await getOperation(c.get("db"), c.get("auth").platformId, c.req.valid("param").stablecoinOperationId), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sandbox/stablecoin-provider-accounts/{stablecoinProviderAccountId}",
      operationId: "updateSandboxStablecoinProviderAccount",
      summary: "Sandbox: make a provider link invalid, revoked or unavailable (extension)",
      description: "`status` INVALID (failed re-verification; re-link to recover) or REVOKED (terminal); `providerUnavailable: true` makes mints, burns and registrations through the link answer 503.",
      tags: ["Sandbox"],
      security,
      middleware: [requirePermission("MANAGE"), requireSandbox] as const,
      request: { params: ProviderAccountIdParamSchema, body: jsonBody(SandboxProviderAccountStatusRequestSchema) },
      responses: { 200: jsonResponse(ProviderAccountSchema, "The link"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await setProviderAccountSandboxState(c.get("db"), { platformId: c.get("auth").platformId, id: c.req.valid("param").stablecoinProviderAccountId, ...c.req.valid("json") }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sandbox/stablecoin-operations/{stablecoinOperationId}/fund",
      operationId: "fundSandboxStablecoinOperation",
      summary: "Sandbox: the provider reports an operation's funds now (extension)",
      description:
        "For a PENDING_FUNDING operation (external-wallet burn, wire mint): moves it to PROCESSING at once instead of after 30 s (an external-wallet burn whose payout bank fails in sandbox: to FAILED with `failureReason`; a step the service cannot carry out: to FAILED with `failureReason` PROCESSING_ERROR). Otherwise 409.",
      tags: ["Sandbox"],
      security,
      middleware: [requirePermission("TRANSACT"), requireSandbox] as const,
      request: { params: OperationIdParamSchema },
      responses: { 200: jsonResponse(OperationSchema, "The operation, now PROCESSING (or FAILED)"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { platformId } = c.get("auth");
      const row = await reportOperationFunds(c.get("db"), { platformId, operationId: c.req.valid("param").stablecoinOperationId });
      const link = await c.get("db").stablecoinProviderAccount.findUniqueOrThrow({ where: { id: row.providerAccountId } });
      return c.json(serializeOperation(row, link), 200);
    },
  );
