import { createRoute, type z } from "@hono/zod-openapi";
import { SignedRequestChallengeSchema, SignedRetryHeadersSchema } from "../wallet-auth/schemas";
import { requestFingerprint } from "../wallet-auth/signed-retry";
import type { Context } from "hono";
import { requirePermission } from "../http/auth";
import type { AppEnv } from "../http/context";
import { invalidInput } from "../http/errors";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { validationHook } from "../http/validation";
import { createCustomer } from "./create-customer";
import { deleteCustomer } from "./delete-customer";
import { getBulkCustomerImportJob } from "./get-bulk-customer-import-job";
import { getCustomerOrThrow } from "./get-customer-or-throw";
import { getEndUserTerms, listAgreements } from "./list-agreements";
import { listCustomers } from "./list-customers";
import {
  AgreementListResponseSchema,
  BulkCustomerCsvUploadSchema,
  BulkCustomerImportJobAcceptedSchema,
  BulkCustomerImportJobSchema,
  BulkJobIdParamSchema,
  CustomerCreateRequestSchema,
  CustomerIdParamSchema,
  CustomerListQuerySchema,
  CustomerListResponseSchema,
  CustomerSchema,
  CustomerUpdateRequestSchema,
  EndUserTermsSchema,
} from "./schemas";
import { serializeCustomer } from "./serialize-customer";
import { startBulkCustomerImport } from "./start-bulk-customer-import";
import { updateCustomer } from "./update-customer";
import { customerRequestErrors } from "./validate-customer-request";

const tags = ["Customers"];
const security = BASIC_AUTH;

type HookResult = { target: string } & ({ success: true } | { success: false; error: z.ZodError });

/**
 * Body validation for create and update: on a zod failure the cross-field rules run too, so one
 * 400 lists every invalid field (SPEC.md "Customers and onboarding").
 */
function customerBodyHook(mode: "create" | "update") {
  const hook = async (result: HookResult, c: Context<AppEnv>): Promise<undefined> => {
    if (result.success) return;
    if (result.target !== "json") {
      validationHook(result, c);
      return;
    }
    const { platformId } = c.get("auth");
    const db = c.get("db");
    const customerId = mode === "update" ? c.req.param("customerId") : undefined;
    // An unknown id is not an error here: an invalid body answers 400 first, like on any route.
    const existing = customerId ? await getCustomerOrThrow(db, platformId, customerId, { isIncludingDeleted: true }).catch(() => undefined) : undefined;
    const raw = (result as { data?: unknown }).data;
    throw invalidInput(await customerRequestErrors(db, { platformId, raw, issues: result.error.issues, existing }));
  };
  // The validator awaits hooks and continues when they return nothing; the Hook type only admits sync undefined.
  return hook as never;
}

// Static /customers/... paths come before /customers/{customerId}: Hono tries routes in order.
export const customersRouter = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/customers/agreements",
      operationId: "listCustomerAgreements",
      summary: "List the agreements customers can accept",
      description: "Each agreement type with its current `version` (send it as `termsVersion`) and the hosted text.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      responses: { 200: jsonResponse(AgreementListResponseSchema, "The supported agreements"), ...errorResponses(403) },
    }),
    (c) => c.json(listAgreements(), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/customers/end-user-terms",
      operationId: "getEndUserTerms",
      summary: "Get the current end-user terms (deprecated)",
      description: "Deprecated: use GET /customers/agreements (type SERVICE_END_USER_TERMS).",
      deprecated: true,
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      responses: { 200: jsonResponse(EndUserTermsSchema, "Current version and hosted text"), ...errorResponses(403) },
    }),
    (c) => c.json(getEndUserTerms(), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/customers/bulk/csv",
      operationId: "uploadCustomersCsv",
      summary: "Import customers from a CSV file",
      description:
        "Multipart field `file`: UTF-8 CSV with a header row. Required columns `umaAddress`, `platformCustomerId`, `customerType`; individuals also fill `fullName`, `birthDate`, `addressLine1`, `city`, `state`, `postalCode`, `country`; businesses `businessLegalName` and the address. Optional: `addressLine2`, `email`, `phoneNumber`, `nationality`, `region`, `currencies` (separated by `;`), `businessRegistrationNumber`, `businessTaxId`, `businessCountry`, `businessIncorporatedOn`, `platformAccountId`, `description` (the last two are not stored). At most 10,000 rows and 5 MB; a malformed file is refused with 400 before anything is stored. Rows are created one by one by a background job; follow it with GET /customers/bulk/jobs/{jobId}. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { body: { required: true, content: { "multipart/form-data": { schema: BulkCustomerCsvUploadSchema } } } },
      responses: { 202: jsonResponse(BulkCustomerImportJobAcceptedSchema, "The import job, queued"), ...errorResponses(400, 403) },
    }),
    async (c) => {
      const { file } = c.req.valid("form");
      return c.json(await startBulkCustomerImport(c.get("db"), { platformId: c.get("auth").platformId, file }), 202);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/customers/bulk/jobs/{jobId}",
      operationId: "getBulkCustomerImportJob",
      summary: "Get a bulk customer import job",
      description: "Progress, one error per failed row (`correlationId` = the row's platformCustomerId) and the customers created so far.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: BulkJobIdParamSchema },
      responses: { 200: jsonResponse(BulkCustomerImportJobSchema, "The job"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(await getBulkCustomerImportJob(c.get("db"), c.get("auth").platformId, c.req.valid("param").jobId), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/customers",
      operationId: "createCustomer",
      summary: "Create a customer",
      description:
        "An individual or a business (`customerType`). `platformCustomerId` must be unique among active customers (409 CONFLICT) and defaults to the new `id`; `umaAddress` is generated when omitted (409 UMA_ADDRESS_EXISTS when taken). Businesses holding BRL, MXN or INR need `businessInfo.taxId` and `businessInfo.incorporatedOn`. 400 lists every invalid field in `details.errors[]`. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { body: jsonBody(CustomerCreateRequestSchema) },
      responses: { 201: jsonResponse(CustomerSchema, "The new customer"), ...errorResponses(400, 403, 409) },
    }),
    async (c) => {
      const { platformId } = c.get("auth");
      const row = await c.get("db").$transaction((tx) => createCustomer(tx, { platformId, request: c.req.valid("json") }));
      return c.json(serializeCustomer(row), 201);
    },
    customerBodyHook("create"),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/customers",
      operationId: "listCustomers",
      summary: "List customers",
      description: "Newest first. Deleted customers are left out unless `isIncludingDeleted=true`.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: CustomerListQuerySchema },
      responses: { 200: jsonResponse(CustomerListResponseSchema, "A page of customers"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listCustomers(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/customers/{customerId}",
      operationId: "getCustomerById",
      summary: "Get a customer",
      description: "Deleted customers are still shown, with `isDeleted: true`.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: CustomerIdParamSchema },
      responses: { 200: jsonResponse(CustomerSchema, "The customer"), ...errorResponses(403, 404) },
    }),
    async (c) => {
      const row = await getCustomerOrThrow(c.get("db"), c.get("auth").platformId, c.req.valid("param").customerId, { isIncludingDeleted: true, isWithBeneficialOwners: true });
      return c.json(serializeCustomer(row), 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/customers/{customerId}",
      operationId: "updateCustomerById",
      summary: "Update a customer",
      description:
        "`customerType` is required and cannot change. Fields sent replace their values; `businessInfo` and the due-diligence fields merge field by field. Consents sent are added; consents of other types stay. Changing `email` (or `phoneNumber`) while the customer's embedded wallet has an EMAIL_OTP (SMS_OTP) credential is a signed retry: 202 with payloadToSign, then the same request signed by an active wallet session → 200; one of the two per request. An email that another wallet's EMAIL_OTP credential holds (compared without case) → 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS, before the 202. 410 CUSTOMER_DELETED for a deleted customer. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { headers: SignedRetryHeadersSchema, params: CustomerIdParamSchema, body: jsonBody(CustomerUpdateRequestSchema) },
      responses: {
        200: jsonResponse(CustomerSchema, "The updated customer"),
        202: jsonResponse(SignedRequestChallengeSchema, "The change moves the embedded wallet's sign-in credentials: sign payloadToSign with an active wallet session and repeat the same request with Service-Wallet-Signature and Request-Id"),
        ...errorResponses(400, 401, 403, 404, 409, 410),
      },
    }),
    async (c) => {
      const request = c.req.valid("json");
      const result = await updateCustomer(c.get("db"), {
        platformId: c.get("auth").platformId,
        customerId: c.req.valid("param").customerId,
        request,
        headers: { signature: c.req.header("service-wallet-signature") || undefined, requestId: c.req.header("request-id") || undefined },
        fingerprint: requestFingerprint(c.req.method, c.req.path, request),
      });
      return result.kind === "challenge" ? c.json(result.challenge, 202) : c.json(serializeCustomer(result.value), 200);
    },
    customerBodyHook("update"),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/customers/{customerId}",
      operationId: "deleteCustomerById",
      summary: "Delete a customer",
      description:
        "Soft delete: answers the customer with `isDeleted: true`; its platformCustomerId and umaAddress become free. Afterwards the customer's accounts take no new payment, card, mint, burn or agent (410 CUSTOMER_DELETED); money already under way (returns, refunds, stablecoin operations created before) still completes. In the same step the customer's cards that are not CLOSED are closed (state CLOSED, stateReason CLOSED_BY_PLATFORM, CARD.STATE_CHANGE each) as PATCH /cards/{id} closes one: pending authorizations resolve at once, holds released; clearings of them that arrive later still post. In the same step the customer's incoming payments awaiting the platform's approval end FAILED with failureReason ACCOUNT_CANNOT_RECEIVE (INCOMING_PAYMENT.FAILED each), nothing credited; approving or rejecting one afterwards answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL, and a webhook answer arriving afterwards changes nothing. 410 CUSTOMER_DELETED when already deleted. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: CustomerIdParamSchema },
      responses: { 200: jsonResponse(CustomerSchema, "The deleted customer"), ...errorResponses(403, 404, 410) },
    }),
    async (c) => {
      const row = await deleteCustomer(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("param").customerId });
      return c.json(serializeCustomer(row), 200);
    },
  );
