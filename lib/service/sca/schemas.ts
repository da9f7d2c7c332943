import { z } from "@hono/zod-openapi";

export const SCA_FACTORS = ["SMS_OTP", "TOTP", "PASSKEY"] as const;
export type ScaFactorName = (typeof SCA_FACTORS)[number];
export const ScaFactorSchema = z.enum(SCA_FACTORS).openapi("ScaFactor");

export const ScaFactorViewSchema = z
  .object({ factor: ScaFactorSchema, credentialId: z.string().optional(), name: z.string().optional() })
  .openapi("ScaFactorView");
export type ScaFactorView = z.infer<typeof ScaFactorViewSchema>;
export const ScaFactorListSchema = z.object({ factors: z.array(ScaFactorViewSchema) }).openapi("ScaFactorList");

export const CustomerIdQuerySchema = z.object({
  customerId: z.string().min(1).openapi({ param: { name: "customerId", in: "query" }, description: "The customer (`Customer:<uuid>`); must be in an SCA region.", example: "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});

const json = z.record(z.string(), z.unknown());

// Enrolment: one variant per factor type, discriminated by `type` (the reference's oneOf). zod's
// discriminated union validates them as the document says: a variant's own fields, required.
const factorName = z.string().min(1).max(100).optional().openapi({ description: "Extension: a label for the factor." });
export const ScaFactorEnrollRequestSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("TOTP"), name: factorName }).strict().openapi("TotpFactorEnrollRequest"),
    z.object({ type: z.literal("PASSKEY"), name: factorName }).strict().openapi("PasskeyFactorEnrollRequest"),
  ])
  .openapi("ScaFactorEnrollRequestOneOf");
export const ScaFactorEnrollStartSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("TOTP"), secret: z.string(), secretBase32Encoded: z.string(), totpUri: z.string() }).openapi("TotpEnrollmentStart"),
    z.object({ type: z.literal("PASSKEY"), options: json, allowedOrigins: z.array(z.string()), relyingPartyId: z.string() }).openapi("PasskeyEnrollmentStart"),
  ])
  .openapi("ScaFactorEnrollStartOneOf");

export const ScaFactorConfirmRequestSchema = z
  .discriminatedUnion("type", [
    z
      .object({
        type: z.literal("TOTP"),
        secret: z.string().min(1).max(128).openapi({ description: "The secret from enrolment." }),
        code: z.string().min(1).max(16).openapi({ description: "A current code (sandbox: 123456)." }),
      })
      .strict()
      .openapi("TotpEnrollmentConfirmRequest"),
    z
      .object({
        type: z.literal("PASSKEY"),
        origin: z.string().min(1).max(2048).openapi({ description: "The origin the credential was created on." }),
        credential: json.openapi({ description: "The WebAuthn registration response (`id` required)." }),
      })
      .strict()
      .openapi("PasskeyEnrollmentConfirmRequest"),
  ])
  .openapi("ScaFactorConfirmRequestOneOf");
export type ScaFactorConfirmRequest = z.infer<typeof ScaFactorConfirmRequestSchema>;
export const ScaFactorConfirmResponseSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("TOTP"), recoveryCodes: z.array(z.string()) }).openapi("TotpEnrollmentConfirmResponse"),
    z.object({ type: z.literal("PASSKEY"), factor: ScaFactorViewSchema }).openapi("PasskeyEnrollmentConfirmResponse"),
  ])
  .openapi("ScaFactorConfirmResponseOneOf");

export const CredentialIdParamSchema = z.object({
  credentialId: z.string().openapi({ param: { name: "credentialId", in: "path" }, example: "ScaFactor:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});

export const ScaLoginStartRequestSchema = z.object({ factor: ScaFactorSchema }).strict().openapi("ScaLoginStartRequest");
export const ScaLoginStartSchema = z
  .object({
    factor: ScaFactorSchema,
    challengeId: z.string().nullable().optional(),
    expiresAt: z.string().datetime().nullable().optional(),
    passkeyOptions: json.nullable().optional(),
    allowedOrigins: z.array(z.string()).nullable().optional(),
    relyingPartyId: z.string().nullable().optional(),
  })
  .openapi("ScaLoginStart");

/** What the document says of a challenge's answer (the reference's anyOf): a code, or a passkey assertion with its origin. The use case checks it, naming the challenge's factor. */
const AUTHORIZATION_ANY_OF = [{ required: ["code"] }, { required: ["passkeyAssertion", "origin"] }];
const authorizationFields = {
  code: z.string().max(16).nullable().optional().openapi({ description: "SMS or TOTP code (sandbox: 123456)." }),
  passkeyAssertion: json.nullable().optional().openapi({ description: "WebAuthn assertion (sandbox: `signature` = `sandbox-valid-passkey-signature` and `credentialId` of an enrolled passkey)." }),
  origin: z.string().max(2048).nullable().optional(),
};
export const ScaLoginCompleteRequestSchema = z
  .object({ factor: ScaFactorSchema, endUserIpAddress: z.string().min(1).max(45), challengeId: z.string().max(100).nullable().optional(), ...authorizationFields })
  .strict()
  .openapi("ScaLoginCompleteRequest", { anyOf: AUTHORIZATION_ANY_OF });
export const ScaLoginCompleteSchema = z
  .object({ status: z.string().openapi({ example: "SUCCESS" }), sessionExpiresAt: z.string().datetime().nullable().optional() })
  .openapi("ScaLoginComplete");

export const SECURITY_EVENT_TYPES = ["RESET_PASSWORD_COMPLETED", "FAILED_LOGIN_ATTEMPT"] as const;
export const RecordSecurityEventRequestSchema = z.object({ eventType: z.enum(SECURITY_EVENT_TYPES) }).strict().openapi("RecordSecurityEventRequest");
export const RecordSecurityEventResponseSchema = z
  .object({ eventType: z.enum(SECURITY_EVENT_TYPES), suspended: z.boolean(), lockedUntil: z.string().datetime().nullable(), failedAttempts: z.number().int() })
  .openapi("RecordSecurityEventResponse");

export const TwoFactorResetStartRequestSchema = z.object({ factor: ScaFactorSchema }).strict().openapi("TwoFactorResetStartRequest");
export const TwoFactorResetStartSchema = z
  .object({ resetId: z.string(), livenessAccessToken: z.string().nullable().optional(), verificationLink: z.string().nullable().optional(), expiresAt: z.string().datetime().nullable().optional() })
  .openapi("TwoFactorResetStart");
export const TWO_FACTOR_RESET_STATUSES = ["INITIATED", "PENDING_REVIEW", "LIVENESS_PASSED", "COMPLETED", "REJECTED", "EXPIRED"] as const;
export const TwoFactorResetStatusSchema = z
  .object({
    status: z.enum(TWO_FACTOR_RESET_STATUSES),
    factor: ScaFactorSchema,
    enrollmentStatus: z.enum(["PENDING", "COMPLETED"]).nullable().optional(),
    expiresAt: z.string().datetime(),
    completedAt: z.string().datetime().nullable().optional(),
  })
  .openapi("TwoFactorResetStatus");
export const TwoFactorResetCompleteRequestSchema = z
  .object({
    mobile: z
      .object({ countryCode: z.string().regex(/^\+?[1-9]\d{0,3}$/, "must be a country calling code such as +33"), number: z.string().regex(/^\d{4,14}$/, "must be digits only") })
      .strict()
      .optional()
      .openapi({ description: "Required when resetting SMS_OTP: the new mobile number." }),
  })
  .strict()
  .openapi("TwoFactorResetCompleteRequest");
export const ResetIdParamSchema = z.object({
  resetId: z.string().openapi({ param: { name: "resetId", in: "path" }, example: "ScaFactorReset:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});

export const ScaChallengeSchema = z
  .object({
    id: z.string().openapi({ example: "ScaChallenge:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    expiresAt: z.string().datetime(),
    factor: ScaFactorSchema,
    availableFactors: z.array(ScaFactorSchema),
    purpose: z.string().nullable().optional(),
    passkeyAssertionOptions: json.nullable().optional(),
    passkeyAllowedOrigins: z.array(z.string()).nullable().optional(),
  })
  .openapi("ScaChallenge");
export type ScaChallenge = z.infer<typeof ScaChallengeSchema>;

export const BeneficiaryTrustStartSchema = z.object({ scaChallenge: ScaChallengeSchema.optional() }).openapi("BeneficiaryTrustStart");
export const BeneficiaryTrustConfirmRequestSchema = z
  .object({ challengeId: z.string().max(100).nullable().optional(), ...authorizationFields })
  .strict()
  .openapi("BeneficiaryTrustConfirmRequest", { anyOf: AUTHORIZATION_ANY_OF });
export const BeneficiaryTrustConfirmSchema = z.object({ trusted: z.boolean() }).openapi("BeneficiaryTrustConfirm");
export const ExternalAccountIdParamSchema = z.object({
  externalAccountId: z.string().openapi({ param: { name: "externalAccountId", in: "path" }, example: "ExternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});

/** What the caller proves a challenge with: a code, or a passkey assertion and its origin. */
export interface ScaProof {
  code?: string | null;
  passkeyAssertion?: Record<string, unknown> | null;
  origin?: string | null;
}
