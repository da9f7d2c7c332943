import { z } from "@hono/zod-openapi";
import { parseP256PublicKeyHex } from "../crypto/p256-keys";

const PUBLIC_KEY_PATTERN = /^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/;
const UNCOMPRESSED_PUBLIC_KEY_PATTERN = /^04[0-9a-fA-F]{128}$/;
const B64URL = /^[A-Za-z0-9_-]+$/;

export const AuthMethodTypeSchema = z.enum(["OAUTH", "EMAIL_OTP", "SMS_OTP", "PASSKEY"]).openapi("AuthMethodType");

export const AuthMethodSchema = z
  .object({
    id: z.string().openapi({ example: "AuthMethod:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    accountId: z.string().openapi({ description: "The embedded-wallet `InternalAccount:<uuid>` the credential authenticates." }),
    type: AuthMethodTypeSchema,
    nickname: z.string().openapi({ description: "EMAIL_OTP: the email; SMS_OTP: the phone number; OAUTH: the token's email claim; PASSKEY: the registration nickname." }),
    credentialId: z.string().optional().openapi({ description: "PASSKEY only: base64url WebAuthn credential id (allowCredentials[].id)." }),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AuthMethod");
export type AuthMethod = z.infer<typeof AuthMethodSchema>;

export const AuthMethodResponseSchema = AuthMethodSchema.extend({
  otpEncryptionTargetBundle: z.string().optional().openapi({ description: "EMAIL_OTP/SMS_OTP: JSON text {version, data, dataSignature, enclaveQuorumPublic}; encrypt the OTP bundle to data.targetPublic. Signed by GET /config walletEnclavePublicKey." }),
}).openapi("AuthMethodResponse");

export const AuthSessionSchema = AuthMethodSchema.extend({
  id: z.string().openapi({ example: "Session:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", description: "Pass to DELETE /auth/sessions/{id}." }),
  expiresAt: z.string().openapi({ format: "date-time", description: "After it the session key must not be used for signing." }),
  publicKey: z.string().openapi({ description: "Compressed P-256 public key of the session's signing key, hex: a client that opened encryptedSessionSigningKey can check it has this session's key." }),
  encryptedSessionSigningKey: z.string().optional().openapi({ description: "OAUTH/PASSKEY/refresh only: base58check(compressed enc ‖ AES-256-GCM ciphertext) of the session private key, HPKE-sealed to clientPublicKey." }),
}).openapi("AuthSession");
export type AuthSession = z.infer<typeof AuthSessionSchema>;

export const SignedRequestChallengeSchema = z
  .object({
    payloadToSign: z.string().openapi({ description: "Exact text to sign; never re-parse or reformat it." }),
    requestId: z.string().openapi({ example: "Request:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", description: "Single use; send it as Request-Id on the retry." }),
    expiresAt: z.string().openapi({ format: "date-time", description: "The signed retry must arrive before it (5 minutes after issue)." }),
  })
  .openapi("SignedRequestChallenge");
export const AuthSignedRequestChallengeSchema = SignedRequestChallengeSchema.extend({ type: AuthMethodTypeSchema }).openapi("AuthSignedRequestChallenge");

export const PasskeyAuthChallengeSchema = AuthMethodSchema.extend({
  credentialId: z.string(),
  challenge: z.string().openapi({ description: "Lowercase hex; its UTF-8 bytes are the WebAuthn challenge." }),
  requestId: z.string().openapi({ description: "Send as Request-Id on verify." }),
  expiresAt: z.string().openapi({ format: "date-time" }),
}).openapi("PasskeyAuthChallenge");

export const SignedRetryHeadersSchema = z.object({
  "service-wallet-signature": z
    .string()
    .optional()
    .openapi({ description: "Retry leg: base64url stamp {publicKey, scheme, signature} over payloadToSign made with an active session key of the wallet." }),
  "request-id": z.string().optional().openapi({ description: "Retry leg: the requestId of the 202 response." }),
});

/**
 * A client public key in hex that must also lie on P-256: the regex only checks the shape, and a
 * point off the curve would otherwise fail only when the service seals to it (a 500 after the 202).
 */
function clientPublicKeySchema(pattern: RegExp, form: string) {
  const message = `must be ${form} P-256 public key in hex that lies on the curve`;
  const constraint = { pattern: String(pattern), curve: "P-256" };
  return z
    .string()
    .regex(pattern, message)
    .refine((hex) => parseP256PublicKeyHex(hex) !== null, { message, params: { constraint } });
}

const publicKeyHex = clientPublicKeySchema(PUBLIC_KEY_PATTERN, "a compressed (33-byte, 02/03 prefix) or uncompressed (65-byte, 04 prefix)").openapi({
  description: "Hex P-256 public key on the curve, compressed (66 hex digits, 02/03) or uncompressed (130, 04).",
});
const uncompressedPublicKeyHex = clientPublicKeySchema(UNCOMPRESSED_PUBLIC_KEY_PATTERN, "an uncompressed (65-byte, 04 prefix)").openapi({
  description: "Uncompressed hex P-256 public key on the curve (130 hex digits, 04 prefix) the wallet secret is sealed to.",
});
const accountId = z.string().min(1).openapi({ example: "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" });
const b64url = z.string().min(1).regex(B64URL);

export const PasskeyAttestationSchema = z
  .object({
    credentialId: b64url,
    clientDataJson: b64url,
    attestationObject: b64url,
    transports: z.array(z.enum(["usb", "nfc", "ble", "internal", "hybrid"])).optional(),
  })
  .openapi("PasskeyAttestation");

export const CredentialCreateRequestSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("EMAIL_OTP"), accountId }).strict(),
    z.object({ type: z.literal("SMS_OTP"), accountId }).strict(),
    z.object({ type: z.literal("OAUTH"), accountId, oidcToken: z.string().min(1).max(8192) }).strict(),
    z
      .object({
        type: z.literal("PASSKEY"),
        accountId,
        nickname: z.string().min(1).max(256),
        challenge: b64url.max(1024).openapi({ description: "The platform backend's WebAuthn registration challenge (base64url)." }),
        attestation: PasskeyAttestationSchema,
      })
      .strict(),
  ])
  .openapi("AuthCredentialCreateRequestOneOf");
export type CredentialCreateRequest = z.infer<typeof CredentialCreateRequestSchema>;

export const PasskeyAssertionSchema = z
  .object({
    credentialId: b64url,
    clientDataJson: b64url,
    authenticatorData: b64url,
    signature: z.string().min(1).openapi({ description: "base64url DER signature (or the legacy sandbox-valid-passkey-signature)." }),
    userHandle: z.string().nullable().optional(),
  })
  .openapi("PasskeyAssertion");

export const CredentialVerifyRequestSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("EMAIL_OTP"), encryptedOtpBundle: z.string().min(1).max(8192) }).strict(),
    z.object({ type: z.literal("SMS_OTP"), encryptedOtpBundle: z.string().min(1).max(8192) }).strict(),
    z.object({ type: z.literal("OAUTH"), oidcToken: z.string().min(1).max(8192), clientPublicKey: publicKeyHex }).strict(),
    z.object({ type: z.literal("PASSKEY"), assertion: PasskeyAssertionSchema }).strict(),
  ])
  .openapi("AuthCredentialVerifyRequestOneOf");
export type CredentialVerifyRequest = z.infer<typeof CredentialVerifyRequestSchema>;

export const CredentialChallengeRequestSchema = z.object({ clientPublicKey: publicKeyHex.optional() }).strict().openapi("AuthCredentialChallengeRequest");
export const SessionRefreshRequestSchema = z.object({ clientPublicKey: publicKeyHex }).strict().openapi("AuthSessionRefreshRequest");

export const AuthCredentialListResponseSchema = z.object({ data: z.array(AuthMethodSchema) }).openapi("AuthCredentialListResponse");
export const SessionListResponseSchema = z.object({ data: z.array(AuthSessionSchema) }).openapi("SessionListResponse");
export const AccountIdQuerySchema = z.object({ accountId: z.string().min(1).openapi({ param: { name: "accountId", in: "query" }, example: "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }) });
export const IdParamSchema = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

export const WalletExportRequestSchema = z.object({ clientPublicKey: uncompressedPublicKeyHex }).strict().openapi("InternalAccountExportRequest");
export const WalletExportResponseSchema = z
  .object({ id: z.string(), encryptedWalletCredentials: z.string().openapi({ description: "Signed envelope {version, data, dataSignature, enclaveQuorumPublic}; data = hex JSON {encappedPublic, ciphertext, organizationId}; the plaintext is the BIP39 mnemonic." }) })
  .openapi("InternalAccountExportResponse");
export const WalletUpdateRequestSchema = z.object({ privateEnabled: z.boolean() }).strict().openapi("InternalAccountUpdateRequest");

export const SpendingLimitSchema = z.object({ currencyCode: z.string().min(3).max(5), maxPerTransaction: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict().openapi("DelegatedKeySpendingLimit");
export const DelegatedKeySchema = z
  .object({
    id: z.string(),
    cardId: z.string(),
    fundingSourceId: z.string(),
    accountId: z.string(),
    publicKey: z.string().openapi({ description: "Compressed P-256 public key, hex; informational." }),
    nickname: z.string(),
    status: z.enum(["PENDING", "ACTIVE", "REVOKED"]).openapi("DelegatedKeyStatus"),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
    spendingLimits: z.array(SpendingLimitSchema).optional(),
  })
  .openapi("DelegatedKey");
export type DelegatedKey = z.infer<typeof DelegatedKeySchema>;
export const DelegatedKeyCreateRequestSchema = z
  .object({
    cardId: z.string().min(1).openapi({ example: "Card:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    internalAccountId: accountId,
    nickname: z.string().min(1).max(256),
    spendingLimits: z.array(SpendingLimitSchema).max(50).optional(),
  })
  .strict()
  .openapi("DelegatedKeyCreateRequest");
export const DelegatedKeySignedRequestChallengeSchema = SignedRequestChallengeSchema.extend({
  delegatedKeyId: z.string().optional().openapi({
    example: "DelegatedKey:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10",
    description: "Second 202 only (after the first signed retry): the key, now PENDING, that the next signed retry activates. Absent on the first 202.",
  }),
}).openapi("DelegatedKeySignedRequestChallenge");
export const DelegatedKeyListQuerySchema = z.object({
  accountId: z.string().optional().openapi({ param: { name: "accountId", in: "query" } }),
  fundingSourceId: z.string().optional().openapi({ param: { name: "fundingSourceId", in: "query" } }),
});
export const DelegatedKeyListResponseSchema = z.object({ data: z.array(DelegatedKeySchema) }).openapi("DelegatedKeyListResponse");
