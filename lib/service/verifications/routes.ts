import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requirePermission } from "../http/auth";
import type { AppEnv } from "../http/context";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse, OptionalIdempotencyHeaderSchema } from "../http/openapi";
import { createKycLink } from "./create-kyc-link";
import { getVerificationOrThrow } from "./get-verification-or-throw";
import { listVerifications } from "./list-verifications";
import {
  CustomerIdPathSchema,
  KycLinkCreateRequestSchema,
  KycLinkResponseSchema,
  VerificationIdParamSchema,
  VerificationListQuerySchema,
  VerificationListResponseSchema,
  VerificationRequestSchema,
  VerificationSchema,
} from "./schemas";
import { serializeVerification } from "./serialize-verification";
import { submitVerification } from "./submit-verification";

const tags = ["KYC/KYB Verifications"];
const security = BASIC_AUTH;

/** The origin of the hosted pages: the dashboard's public URL. */
function appOrigin(c: Context<AppEnv>): string {
  return process.env.NEXTAUTH_URL?.replace(/\/$/, "") ?? new URL(c.req.url).origin;
}

const SUBMIT_DESCRIPTION = [
  "Submits the customer's KYC (individual) or KYB (business) packet. Missing or invalid fields and documents → `verificationStatus` RESOLVE_ERRORS with one `errors[]` entry each; fix them and submit again.",
  "Sandbox, for a complete packet: the last 3 characters of the individual's `fullName` or the business's `businessInfo.registrationNumber` decide — 001 PENDING_MANUAL_REVIEW (status PENDING), 002 REJECTED, 003 individual: one POOR_QUALITY_DOCUMENT on the identity document, APPROVED after it is replaced (PUT /documents/{documentId}); 003 business: IN_PROGRESS, APPROVED a minute later; other APPROVED.",
  "A business's owners resolve by the last 3 characters of their `lastName` when it resolves (an owner's 002 rejects the business, 001 sends it to manual review). With the platform setting `skipVerificationPaperwork`, suffixes other than 001/003 resolve without documents.",
  "Events: CUSTOMER.KYC_* / CUSTOMER.KYB_* when the status changes, VERIFICATION.<verificationStatus>, and INTERNAL_ACCOUNT.STATUS_UPDATED for each account activated on approval.",
  "400 INVALID_INPUT on regulated platforms (customers are APPROVED at creation) and for customers already verified or under review; 409 CONFLICT while required contact details are unverified. Requires MANAGE.",
].join(" ");

export const verificationsRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/customers/{customerId}/kyc-link",
      operationId: "createCustomerKycLink",
      summary: "Create a hosted KYC/KYB link",
      description:
        "A fresh single-use link to the hosted verification page; earlier links are not revoked. The customer's status does not change until the flow ends (reaching `redirectUri` does not mean approved). 409 CONFLICT while required contact details are unverified. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: CustomerIdPathSchema, headers: OptionalIdempotencyHeaderSchema, body: { ...jsonBody(KycLinkCreateRequestSchema), required: false } },
      responses: { 201: jsonResponse(KycLinkResponseSchema, "The link"), ...errorResponses(400, 403, 404, 409, 410) },
    }),
    async (c) => {
      const body = c.req.valid("json") as { redirectUri?: string } | undefined;
      const link = await createKycLink(c.get("db"), {
        platformId: c.get("auth").platformId,
        customerId: c.req.valid("param").customerId,
        redirectUri: body?.redirectUri,
        appOrigin: appOrigin(c),
      });
      return c.json(link, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/verifications",
      operationId: "createVerification",
      summary: "Submit a customer for KYC/KYB verification",
      description: SUBMIT_DESCRIPTION,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { body: jsonBody(VerificationRequestSchema) },
      responses: { 200: jsonResponse(VerificationSchema, "The submission and its outcome"), ...errorResponses(400, 403, 404, 409, 410) },
    }),
    async (c) => {
      const row = await submitVerification(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("json").customerId });
      return c.json(serializeVerification(row), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/verifications",
      operationId: "listVerifications",
      summary: "List verifications",
      description: "Newest first; filter by `customerId` and `verificationStatus`.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: VerificationListQuerySchema },
      responses: { 200: jsonResponse(VerificationListResponseSchema, "A page of verifications"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listVerifications(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/verifications/{verificationId}",
      operationId: "getVerification",
      summary: "Get a verification",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: VerificationIdParamSchema },
      responses: { 200: jsonResponse(VerificationSchema, "The verification"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(serializeVerification(await getVerificationOrThrow(c.get("db"), c.get("auth").platformId, c.req.valid("param").verificationId)), 200),
  );
