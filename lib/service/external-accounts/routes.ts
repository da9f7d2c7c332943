import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requirePermission } from "../http/auth";
import type { AppEnv } from "../http/context";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { createExternalAccount } from "./create-external-account";
import { createOwnershipChallenge } from "./create-ownership-challenge";
import { deleteExternalAccount } from "./delete-external-account";
import { getExternalAccountOrThrow, type ExternalAccountOwner } from "./get-external-account-or-throw";
import { listExternalAccounts } from "./list-external-accounts";
import {
  CustomerExternalAccountCreateRequestSchema,
  CustomerExternalAccountListQuerySchema,
  ExternalAccountIdParamSchema,
  ExternalAccountListResponseSchema,
  ExternalAccountSchema,
  OwnershipChallengeRequestSchema,
  OwnershipChallengeSchema,
  OwnershipVerifyRequestSchema,
  PlatformExternalAccountCreateRequestSchema,
  PlatformExternalAccountListQuerySchema,
  type ExternalAccountCreateRequest,
} from "./schemas";
import { serializeExternalAccount } from "./serialize-external-account";
import { externalAccountBodyHook } from "./validate-external-account-request";
import { verifyExternalAccountOwnership } from "./verify-external-account-ownership";

const tags = ["External Accounts"];
const security = BASIC_AUTH;

const CREATE_DESCRIPTION =
  "Validates every field of `accountInfo` for its `accountType` (400 lists every invalid field) and the `beneficiary` minimums: individuals of USD, GBP and EUR accounts need an address with a city, businesses a `legalName` and an address. `currency` must be the account type's currency. Same details for the same owner, or a `platformAccountId` in use → 409 CONFLICT. The response is the only one that shows account numbers unmasked. " +
  "Sandbox: bank accounts are ACTIVE at once with a beneficiary name check chosen by the last three characters of the account number / IBAN / CLABE / PIX key / phone number: 102 NOT_MATCHED, 103 PARTIAL_MATCH, 104 PENDING, 105 refused with 400 INVALID_BANK_ACCOUNT, 106 UNSUPPORTED, 107 CHECKED_BY_RECEIVING_FI, others MATCHED. " +
  "Self-custody wallets (wallet types without `vaspName`) need `ownershipType` (travel rule); FIRST_PARTY ones start PENDING_OWNERSHIP_VERIFICATION until proven with …/challenge and …/verify, THIRD_PARTY ones are ACTIVE. Requires MANAGE.";

const VERIFY_DESCRIPTION =
  "Answers the outstanding WALLET_SIGNATURE challenge synchronously: a valid signature → 200 with the account ACTIVE; an invalid or late one → 400 and the account UNVERIFIED (start a new challenge); no WALLET_SIGNATURE challenge outstanding → 409. Each status change sends EXTERNAL_ACCOUNT.STATUS_UPDATED. " +
  "Sandbox signature rule: `sandbox-valid-signature` is accepted for every wallet; otherwise EVM wallets (ETHEREUM, BASE, POLYGON, PLASMA) take an EIP-191 personal_sign signature of `messageToSign` (65-byte r‖s‖v hex) recovering to the address, TRON_WALLET a TIP-191 signMessageV2 signature recovering to the address, SOLANA_WALLET an ed25519 signature of the message's UTF-8 bytes (base58, hex or base64) by the address's key. SPARK_WALLET accepts only the sandbox value. `signatureScheme` is accepted and ignored. Requires MANAGE.";

/** The origin of the hosted pages (liveness links): the dashboard's public URL. */
function appOrigin(c: Context<AppEnv>): string {
  return process.env.NEXTAUTH_URL?.replace(/\/$/, "") ?? new URL(c.req.url).origin;
}

/**
 * The same operations for the customers' accounts and for the platform's own. Registered on one
 * router; call it before the customers router, whose /customers/{customerId} would otherwise
 * take /customers/external-accounts.
 */
function registerRoutes(router: ReturnType<typeof createRouter>, owner: ExternalAccountOwner) {
  const isCustomer = owner === "CUSTOMER";
  const base = isCustomer ? "/customers/external-accounts" : "/platform/external-accounts";
  const whose = isCustomer ? "a customer's" : "the platform's own";
  const ids = (name: string) => (isCustomer ? name : name.replace("ExternalAccount", "PlatformExternalAccount"));
  const scope = (c: Context<AppEnv>, externalAccountId: string) => ({ platformId: c.get("auth").platformId, owner, externalAccountId });

  router.openapi(
    createRoute({
      method: "post",
      path: base,
      operationId: isCustomer ? "createCustomerExternalAccount" : "createPlatformExternalAccount",
      summary: `Add ${whose} external account`,
      description: (isCustomer ? "`customerId` is required: the customer must exist on this platform (404 USER_NOT_FOUND, 410 CUSTOMER_DELETED). `defaultUmaDepositAccount: true` moves the customer's default UMA deposit account here (the customer has one at most; several such creates at once all succeed, and the last to commit is the default). " : "") + CREATE_DESCRIPTION,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { body: jsonBody(isCustomer ? CustomerExternalAccountCreateRequestSchema : PlatformExternalAccountCreateRequestSchema) },
      responses: { 201: jsonResponse(ExternalAccountSchema, "The new account, unmasked"), ...errorResponses(400, 403, 404, 409, 410) },
    }),
    async (c) => {
      const request = c.req.valid("json") as ExternalAccountCreateRequest;
      return c.json(await createExternalAccount(c.get("db"), { platformId: c.get("auth").platformId, request }), 201);
    },
    externalAccountBodyHook,
  );

  router.openapi(
    createRoute({
      method: "get",
      path: base,
      operationId: isCustomer ? "listCustomerExternalAccounts" : "listPlatformExternalAccounts",
      summary: `List ${whose} external accounts`,
      description: `Newest first; account numbers masked.${isCustomer ? " Without `customerId`, every customer's accounts." : ""}`,
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: isCustomer ? CustomerExternalAccountListQuerySchema : PlatformExternalAccountListQuerySchema },
      responses: { 200: jsonResponse(ExternalAccountListResponseSchema, "A page of accounts"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listExternalAccounts(c.get("db"), { platformId: c.get("auth").platformId, owner, query: c.req.valid("query") }), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: `${base}/{externalAccountId}`,
      operationId: isCustomer ? "getCustomerExternalAccountById" : "getPlatformExternalAccountById",
      summary: `Get ${whose} external account`,
      description: "Account numbers masked (`****1234`).",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: ExternalAccountIdParamSchema },
      responses: { 200: jsonResponse(ExternalAccountSchema, "The account"), ...errorResponses(403, 404) },
    }),
    async (c) => {
      const { platformId, externalAccountId } = scope(c, c.req.valid("param").externalAccountId);
      return c.json(serializeExternalAccount(await getExternalAccountOrThrow(c.get("db"), platformId, externalAccountId, { owner })), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: `${base}/{externalAccountId}`,
      operationId: isCustomer ? "deleteCustomerExternalAccountById" : "deletePlatformExternalAccountById",
      summary: `Delete ${whose} external account`,
      description:
        "The account can no longer be used or read; its details can be added again. A beneficiary the customer trusted through SCA answers 409 BENEFICIARY_TRUSTED: untrust it first. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: ExternalAccountIdParamSchema },
      responses: { 204: { description: "Deleted" }, ...errorResponses(403, 404, 409) },
    }),
    async (c) => {
      await deleteExternalAccount(c.get("db"), scope(c, c.req.valid("param").externalAccountId));
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/{externalAccountId}/challenge`,
      operationId: ids("createExternalAccountOwnershipChallenge"),
      summary: "Start an ownership verification challenge",
      description:
        "For a FIRST_PARTY self-custody wallet in PENDING_OWNERSHIP_VERIFICATION or UNVERIFIED (else 409). WALLET_SIGNATURE returns `messageToSign` (valid 15 minutes) for …/verify; LIVENESS returns a hosted `verificationLink` (valid 24 hours) whose result arrives as EXTERNAL_ACCOUNT.STATUS_UPDATED. A new challenge abandons the outstanding one; an UNVERIFIED account returns to PENDING_OWNERSHIP_VERIFICATION. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: ExternalAccountIdParamSchema, body: jsonBody(OwnershipChallengeRequestSchema) },
      responses: { 201: jsonResponse(OwnershipChallengeSchema, "The challenge"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const input = { ...scope(c, c.req.valid("param").externalAccountId), method: c.req.valid("json").method, appOrigin: appOrigin(c) };
      return c.json(await createOwnershipChallenge(c.get("db"), input), 201);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/{externalAccountId}/verify`,
      operationId: ids("verifyExternalAccountOwnership"),
      summary: "Verify ownership with a wallet signature",
      description: VERIFY_DESCRIPTION,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: ExternalAccountIdParamSchema, body: jsonBody(OwnershipVerifyRequestSchema) },
      responses: { 200: jsonResponse(ExternalAccountSchema, "The account, now ACTIVE"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const input = { ...scope(c, c.req.valid("param").externalAccountId), request: c.req.valid("json") };
      return c.json(await verifyExternalAccountOwnership(c.get("db"), input), 200);
    },
  );
}

export const externalAccountsRouter = createRouter();
registerRoutes(externalAccountsRouter, "CUSTOMER");
registerRoutes(externalAccountsRouter, "PLATFORM");
