import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { availableFactors } from "./available-factors";
import { confirmBeneficiaryTrust, startBeneficiaryTrust, type TrustAction } from "./beneficiary-trust";
import { confirmScaFactor } from "./confirm-sca-factor";
import { deleteScaFactor } from "./delete-sca-factor";
import { enrollScaFactor } from "./enroll-sca-factor";
import { completeFactorReset, getFactorReset, startFactorReset } from "./factor-reset";
import { getScaCustomerOrThrow } from "./get-sca-customer-or-throw";
import { recordSecurityEvent } from "./record-security-event";
import { completeScaLogin, startScaLogin } from "./sca-login";
import {
  BeneficiaryTrustConfirmRequestSchema,
  BeneficiaryTrustConfirmSchema,
  BeneficiaryTrustStartSchema,
  CredentialIdParamSchema,
  CustomerIdQuerySchema,
  ExternalAccountIdParamSchema,
  RecordSecurityEventRequestSchema,
  RecordSecurityEventResponseSchema,
  ResetIdParamSchema,
  ScaFactorConfirmRequestSchema,
  ScaFactorConfirmResponseSchema,
  ScaFactorEnrollRequestSchema,
  ScaFactorEnrollStartSchema,
  ScaFactorListSchema,
  ScaLoginCompleteRequestSchema,
  ScaLoginCompleteSchema,
  ScaLoginStartRequestSchema,
  ScaLoginStartSchema,
  TwoFactorResetCompleteRequestSchema,
  TwoFactorResetStartRequestSchema,
  TwoFactorResetStartSchema,
  TwoFactorResetStatusSchema,
} from "./schemas";

const tags = ["Strong Customer Authentication"];
const security = BASIC_AUTH;
const REGION = "Only for customers of SCA regions (EU/EEA `region`); everyone else gets 409 CONFLICT.";
const CODES = "Sandbox: SMS and TOTP codes are 123456; a passkey assertion passes with `signature` = `sandbox-valid-passkey-signature` and the enrolled `credentialId`.";
const scaErrors = errorResponses(400, 403, 404, 409, 410);

function trustRoutes(router: ReturnType<typeof createRouter>, action: TrustAction) {
  const verb = action === "TRUST" ? "trust" : "untrust";
  const Verb = action === "TRUST" ? "Trust" : "Untrust";
  return router
    .openapi(
      createRoute({
        method: "post",
        path: `/customers/external-accounts/{externalAccountId}/${verb}`,
        operationId: `startBeneficiary${Verb}`,
        summary: `${Verb} a beneficiary (start)`,
        description: `Opens the SCA challenge that confirms it (no challenge when there is nothing to change). Needs an SCA session (409 SCA_SESSION_REQUIRED). ${REGION} Requires MANAGE.`,
        tags,
        security,
        middleware: [requirePermission("MANAGE")] as const,
        request: { params: ExternalAccountIdParamSchema },
        responses: { 200: jsonResponse(BeneficiaryTrustStartSchema, "The challenge to answer"), ...errorResponses(400, 403, 404, 409, 423) },
      }),
      async (c) => c.json(await startBeneficiaryTrust(c.get("db"), { platformId: c.get("auth").platformId, externalAccountId: c.req.valid("param").externalAccountId, action }), 200),
    )
    .openapi(
      createRoute({
        method: "post",
        path: `/customers/external-accounts/{externalAccountId}/${verb}/confirm`,
        operationId: `confirmBeneficiary${Verb}`,
        summary: `${Verb} a beneficiary (confirm)`,
        description: `Answers the challenge (\`challengeId\`, or the newest waiting). ${CODES} Wrong answer: 401 UNAUTHORIZED; after 5: 429 RATE_LIMITED. Requires MANAGE.`,
        tags,
        security,
        middleware: [requirePermission("MANAGE")] as const,
        request: { params: ExternalAccountIdParamSchema, body: jsonBody(BeneficiaryTrustConfirmRequestSchema) },
        responses: { 200: jsonResponse(BeneficiaryTrustConfirmSchema, "The beneficiary's trust"), ...errorResponses(400, 403, 404, 409, 423, 429) },
      }),
      async (c) => {
        const { challengeId, ...proof } = c.req.valid("json");
        const result = await confirmBeneficiaryTrust(c.get("db"), { platformId: c.get("auth").platformId, externalAccountId: c.req.valid("param").externalAccountId, action, challengeId, proof });
        return c.json(result, 200);
      },
    );
}

const router = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/sca/factors",
      operationId: "listScaFactors",
      summary: "List a customer's SCA factors",
      description: `SMS_OTP (implicit once the phone number is verified), confirmed TOTP apps and passkeys. ${REGION}`,
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: CustomerIdQuerySchema },
      responses: { 200: jsonResponse(ScaFactorListSchema, "The factors"), ...scaErrors },
    }),
    async (c) => {
      const customer = await getScaCustomerOrThrow(c.get("db"), c.get("auth").platformId, c.req.valid("query").customerId);
      return c.json({ factors: await availableFactors(c.get("db"), customer) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sca/factors",
      operationId: "startScaFactorEnrollment",
      summary: "Start enrolling an SCA factor",
      description: `TOTP → secret and otpauth URI; PASSKEY → WebAuthn creation options (one passkey per customer: 409 PASSKEY_ALREADY_ENROLLED). Finish with POST /sca/factors/confirm. ${REGION} Requires MANAGE.`,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { query: CustomerIdQuerySchema, body: jsonBody(ScaFactorEnrollRequestSchema) },
      responses: { 200: jsonResponse(ScaFactorEnrollStartSchema, "Enrolment data"), ...scaErrors },
    }),
    async (c) => {
      const { type, name } = c.req.valid("json");
      return c.json(await enrollScaFactor(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("query").customerId, type, name }), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sca/factors/confirm",
      operationId: "confirmScaFactorEnrollment",
      summary: "Confirm an SCA factor enrolment",
      description: `TOTP: \`secret\` and a current \`code\` → ten recovery codes. PASSKEY: \`origin\` and the registration \`credential\`. ${CODES} ${REGION} Requires MANAGE.`,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { query: CustomerIdQuerySchema, body: jsonBody(ScaFactorConfirmRequestSchema) },
      responses: { 200: jsonResponse(ScaFactorConfirmResponseSchema, "The confirmed factor"), ...errorResponses(400, 401, 403, 404, 409, 410) },
    }),
    async (c) => c.json(await confirmScaFactor(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("query").customerId, request: c.req.valid("json") }), 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/sca/factors/{credentialId}",
      operationId: "deleteScaFactor",
      summary: "Remove an SCA factor",
      description: `Removes a passkey or TOTP app. Needs an SCA session (409 SCA_SESSION_REQUIRED). ${REGION} Requires MANAGE.`,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: CredentialIdParamSchema, query: CustomerIdQuerySchema },
      responses: { 204: { description: "Removed" }, ...scaErrors },
    }),
    async (c) => {
      await deleteScaFactor(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("query").customerId, credentialId: c.req.valid("param").credentialId });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sca/login/start",
      operationId: "startScaLogin",
      summary: "Start an SCA login",
      description: `SMS_OTP/TOTP → \`challengeId\`, \`expiresAt\`; PASSKEY → also \`passkeyOptions\`, \`allowedOrigins\`, \`relyingPartyId\`. 423 ACCOUNT_LOCKED while locked out. ${REGION} Requires MANAGE.`,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { query: CustomerIdQuerySchema, body: jsonBody(ScaLoginStartRequestSchema) },
      responses: { 200: jsonResponse(ScaLoginStartSchema, "The login challenge"), ...errorResponses(400, 403, 404, 409, 410, 423) },
    }),
    async (c) => c.json(await startScaLogin(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("query").customerId, factor: c.req.valid("json").factor }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sca/login/complete",
      operationId: "completeScaLogin",
      summary: "Complete an SCA login",
      description: `Answers the login challenge → \`status\` SUCCESS and \`sessionExpiresAt\` (the SCA session lasts 180 days); a successful login clears the failed-login count (POST /sca/record-event) and any lockout. ${CODES} Wrong answer: 401 UNAUTHORIZED with \`reason\`; after 5 wrong answers: 429 RATE_LIMITED (start again). ${REGION} Requires MANAGE.`,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { query: CustomerIdQuerySchema, body: jsonBody(ScaLoginCompleteRequestSchema) },
      responses: { 200: jsonResponse(ScaLoginCompleteSchema, "The session"), ...errorResponses(400, 401, 403, 404, 409, 410, 423, 429) },
    }),
    async (c) => {
      const { factor, challengeId, endUserIpAddress: _ip, ...proof } = c.req.valid("json");
      return c.json(await completeScaLogin(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("query").customerId, factor, challengeId, proof }), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sca/record-event",
      operationId: "recordSecurityEvent",
      summary: "Record a security event",
      description: `FAILED_LOGIN_ATTEMPT: the 5th failure since the last successful SCA login locks the customer out for 15 min, the 6th 30 min, the 7th 1 h, the 8th 24 h, from the 9th on it is suspended (\`failedAttempts\` is that count). A successful POST /sca/login/complete sets the count back to 0 and lifts a lockout (not a suspension: a suspended customer cannot log in). RESET_PASSWORD_COMPLETED clears all that and revokes the SCA session. ${REGION} Requires MANAGE.`,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { query: CustomerIdQuerySchema, body: jsonBody(RecordSecurityEventRequestSchema) },
      responses: { 200: jsonResponse(RecordSecurityEventResponseSchema, "The customer's lockout state"), ...scaErrors },
    }),
    async (c) => c.json(await recordSecurityEvent(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("query").customerId, eventType: c.req.valid("json").eventType }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sca/factors/reset",
      operationId: "startTwoFactorReset",
      summary: "Start a 2FA reset",
      description: `Starts resetting a factor behind a liveness check (sandbox: passes 10 seconds later). At most 5 per customer in any 24 hours (429 RATE_LIMITED; Retry-After = seconds until the oldest of those 5 is 24 hours old). ${REGION} Requires MANAGE.`,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { query: CustomerIdQuerySchema, body: jsonBody(TwoFactorResetStartRequestSchema) },
      responses: { 201: jsonResponse(TwoFactorResetStartSchema, "The reset"), ...errorResponses(400, 403, 404, 409, 410, 429) },
    }),
    async (c) => c.json(await startFactorReset(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("query").customerId, factor: c.req.valid("json").factor }), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/sca/factors/reset/{resetId}",
      operationId: "getTwoFactorResetStatus",
      summary: "Get a 2FA reset",
      description: `INITIATED → LIVENESS_PASSED (then complete it) → COMPLETED; EXPIRED after 24 hours. ${REGION}`,
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: ResetIdParamSchema, query: CustomerIdQuerySchema },
      responses: { 200: jsonResponse(TwoFactorResetStatusSchema, "The reset"), ...scaErrors },
    }),
    async (c) => c.json(await getFactorReset(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("query").customerId, resetId: c.req.valid("param").resetId }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sca/factors/reset/{resetId}/complete",
      operationId: "completeTwoFactorReset",
      summary: "Complete a 2FA reset",
      description: `Only after LIVENESS_PASSED (else 400). SMS_OTP needs the new \`mobile\`; TOTP and PASSKEY factors are removed for re-enrolment. Revokes the SCA session. ${REGION} Requires MANAGE.`,
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: ResetIdParamSchema, query: CustomerIdQuerySchema, body: { ...jsonBody(TwoFactorResetCompleteRequestSchema), required: false } },
      responses: { 204: { description: "Completed" }, ...scaErrors },
    }),
    async (c) => {
      const body = c.req.valid("json") as { mobile?: { countryCode: string; number: string } } | undefined;
      await completeFactorReset(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("query").customerId, resetId: c.req.valid("param").resetId, mobile: body?.mobile });
      return c.body(null, 204);
    },
  );

export const scaRouter = trustRoutes(trustRoutes(router, "TRUST"), "UNTRUST");
