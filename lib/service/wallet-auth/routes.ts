import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../http/context";
import { requirePermission } from "../http/auth";
import { invalidInput } from "../http/errors";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { fieldErrorsFromIssues } from "../http/validation";
import { InternalAccountIdParamSchema, InternalAccountSchema } from "../internal-accounts/schemas";
import { createCredential } from "./create-credential";
import { deleteCredential } from "./delete-credential";
import { verifyCredential } from "./verify-credential";
import { createDelegatedKey, getDelegatedKey, listDelegatedKeys, revokeDelegatedKey } from "./delegated-keys";
import { exportWallet } from "./export-wallet";
import { issueCredentialChallenge } from "./issue-credential-challenge";
import { listCredentials } from "./list-credentials";
import {
  AccountIdQuerySchema,
  AuthCredentialListResponseSchema,
  AuthMethodResponseSchema,
  AuthSessionSchema,
  AuthSignedRequestChallengeSchema,
  CredentialChallengeRequestSchema,
  CredentialCreateRequestSchema,
  CredentialVerifyRequestSchema,
  DelegatedKeyCreateRequestSchema,
  DelegatedKeyListQuerySchema,
  DelegatedKeyListResponseSchema,
  DelegatedKeySchema,
  DelegatedKeySignedRequestChallengeSchema,
  IdParamSchema,
  PasskeyAuthChallengeSchema,
  SessionListResponseSchema,
  SessionRefreshRequestSchema,
  SignedRequestChallengeSchema,
  SignedRetryHeadersSchema,
  WalletExportRequestSchema,
  WalletExportResponseSchema,
  WalletUpdateRequestSchema,
} from "./schemas";
import { listSessions, refreshSession, revokeSession } from "./sessions";
import { requestFingerprint, type SignedRetryHeaders } from "./signed-retry";
import { updateWalletPrivacy } from "./update-wallet-privacy";

const tags = ["Embedded Wallet Auth"];
const security = BASIC_AUTH;
/** Where the sandbox accepts passkey ceremonies from (wallet-auth-config.ts; README "Configuration"). */
const PASSKEY_RP_NOTE =
  " Passkeys: the sandbox's relying-party id is `localhost`, and clientDataJSON.origin must be one of http://localhost:3000, http://localhost:3100, http://localhost:5173 or the server's own origin (NEXTAUTH_URL, default http://localhost:$PORT); other origins → 400 on registration, 401 on verify. There is no per-platform setting: the service operator sets the lists with the environment variables WEBAUTHN_RP_IDS and WEBAUTHN_ORIGINS (comma-separated).";
const SIGNED_RETRY_NOTE =
  " Signed retry: the first call answers 202 {payloadToSign, requestId, expiresAt}; sign payloadToSign with an active session key of the wallet and repeat the same request with `Service-Wallet-Signature` and `Request-Id` (single use, 5 minutes). 401 WALLET_SIGNATURE_MISSING / _MALFORMED / _INVALID / _BODY_MISMATCH, REQUEST_ID_MISSING.";

function signedHeaders(c: Context<AppEnv>): SignedRetryHeaders {
  return { signature: c.req.header("service-wallet-signature") || undefined, requestId: c.req.header("request-id") || undefined };
}

function fingerprint(c: Context<AppEnv>, body: unknown): string {
  return requestFingerprint(c.req.method, c.req.path, body);
}

/** The optional JSON body of the challenge call: empty is fine, anything else must match the schema. */
async function optionalChallengeBody(c: Context<AppEnv>) {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidInput([{ field: "body", message: "must be JSON", constraint: { format: "json" } }], "Request body is not valid JSON");
  }
  const parsed = CredentialChallengeRequestSchema.safeParse(json);
  if (!parsed.success) throw invalidInput(fieldErrorsFromIssues(parsed.error.issues));
  return parsed.data;
}

export const walletAuthRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/credentials",
      operationId: "createAuthCredential",
      summary: "Register a credential on an embedded wallet",
      description:
        "EMAIL_OTP and SMS_OTP use the customer's email / phone number as nickname; OAUTH takes an OIDC token (nickname = its email claim); PASSKEY takes a WebAuthn registration (attestation, base64url) verified against the platform's challenge. Limits per wallet: one EMAIL_OTP (400 EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS), one SMS_OTP (400 SMS_OTP_CREDENTIAL_ALREADY_EXISTS), distinct passkeys (400 PASSKEY_CREDENTIAL_ALREADY_EXISTS), one OAUTH per identity (409 CONFLICT); an email used by another wallet → 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS. A wallet without credentials gets its first one at once (201); otherwise adding is a signed retry, and 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED when the credentials changed after the 202. EMAIL_OTP and SMS_OTP registration sends a code (sandbox: 000000) and the 201 carries its `otpEncryptionTargetBundle`: encrypt the code to it and call POST /auth/credentials/{id}/verify directly; a challenge within 30 s of the registration answers 429. Requires TRANSACT." +
        PASSKEY_RP_NOTE +
        SIGNED_RETRY_NOTE,
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { headers: SignedRetryHeadersSchema, body: jsonBody(CredentialCreateRequestSchema) },
      responses: {
        201: jsonResponse(AuthMethodResponseSchema, "The credential"),
        202: jsonResponse(AuthSignedRequestChallengeSchema, "Sign payloadToSign and retry"),
        ...errorResponses(400, 403, 404, 409),
      },
    }),
    async (c) => {
      const request = c.req.valid("json");
      const result = await createCredential(c.get("db"), { platformId: c.get("auth").platformId, request, headers: signedHeaders(c), fingerprint: fingerprint(c, request) });
      return result.kind === "challenge" ? c.json({ ...result.challenge, type: request.type }, 202) : c.json(result.value, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/auth/credentials",
      operationId: "listAuthCredentials",
      summary: "List an embedded wallet's credentials",
      description: "Active credentials of the EMBEDDED_WALLET account `accountId`, oldest first; not paginated. Requires VIEW.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: AccountIdQuerySchema },
      responses: { 200: jsonResponse(AuthCredentialListResponseSchema, "The credentials"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await listCredentials(c.get("db"), c.get("auth").platformId, c.req.valid("query").accountId), 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/auth/credentials/{id}",
      operationId: "revokeAuthCredential",
      summary: "Delete a credential",
      description:
        "Signed retry that must be signed by a session of a different credential of the same wallet; answers 204 and revokes every session the credential issued. The wallet's only credential cannot be deleted (400). Requires TRANSACT." + SIGNED_RETRY_NOTE,
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { headers: SignedRetryHeadersSchema, params: IdParamSchema },
      responses: { 202: jsonResponse(AuthSignedRequestChallengeSchema, "Sign payloadToSign and retry"), 204: { description: "Deleted" }, ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const platformId = c.get("auth").platformId;
      const { result, type } = await deleteCredential(c.get("db"), { platformId, id, headers: signedHeaders(c), fingerprint: fingerprint(c, null) });
      return result.kind === "done" ? c.body(null, 204) : c.json({ ...result.challenge, type }, 202);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/credentials/{id}/challenge",
      operationId: "challengeAuthCredential",
      summary: "Start authentication with a credential",
      description:
        "EMAIL_OTP/SMS_OTP (no body): issues a fresh code (sandbox: always 000000) and returns the credential with `otpEncryptionTargetBundle`, signed by GET /config `walletEnclavePublicKey`; at most once per 30 s while the last code can still be used (registration counts: it issues the first code), else 429 RATE_LIMITED with Retry-After — the code already issued stays valid: verify with the bundle of that response. Once the last code expired (embeddedWalletConfig `expirationSeconds` may be under 30 s) or was used, a new one is issued at once; a code spent by 5 wrong guesses holds the 30 s. PASSKEY (body `clientPublicKey`): returns a PasskeyAuthChallenge whose hex `challenge` (UTF-8 bytes) is the WebAuthn challenge and whose `requestId` goes into verify's Request-Id. Requires TRANSACT." +
        PASSKEY_RP_NOTE,
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: IdParamSchema, body: { required: false, content: { "application/json": { schema: CredentialChallengeRequestSchema } } } },
      responses: {
        200: jsonResponse(AuthMethodResponseSchema.or(PasskeyAuthChallengeSchema), "The OTP credential with its target bundle, or a PasskeyAuthChallenge"),
        ...errorResponses(400, 403, 404, 429),
      },
    }),
    async (c) => {
      const body = await optionalChallengeBody(c);
      return c.json(await issueCredentialChallenge(c.get("db"), { platformId: c.get("auth").platformId, id: c.req.valid("param").id, clientPublicKey: body.clientPublicKey }), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/credentials/{id}/verify",
      operationId: "verifyAuthCredential",
      summary: "Verify a credential and open a session",
      description:
        "EMAIL_OTP/SMS_OTP: `encryptedOtpBundle` (HPKE to the challenge's target) holding the code and a client public key; answers 202 with a verification token as payloadToSign; sign it with that key and repeat with both headers → 200 AuthSession (no sealed key). OAUTH: fresh `oidcToken` (nonce = hex SHA-256 of the clientPublicKey text; iss/aud/sub of the credential) and `clientPublicKey` → 200 AuthSession with `encryptedSessionSigningKey`; a token opens one session per platform: used again (same claims, whatever the signature segment) → 401 with reason `OIDC token already used`. PASSKEY: the WebAuthn `assertion` with Request-Id from the challenge → 200 AuthSession with `encryptedSessionSigningKey`. Failed checks: 401 UNAUTHORIZED with `reason`. After 5 wrong OTP codes the code is spent: 429 RATE_LIMITED, Retry-After = seconds until POST /auth/credentials/{id}/challenge issues a new one (0: now). Requires TRANSACT." + PASSKEY_RP_NOTE,
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { headers: SignedRetryHeadersSchema, params: IdParamSchema, body: jsonBody(CredentialVerifyRequestSchema) },
      responses: {
        200: jsonResponse(AuthSessionSchema, "The new session"),
        202: jsonResponse(AuthSignedRequestChallengeSchema, "OTP: sign the verification token and retry"),
        ...errorResponses(400, 403, 404, 429),
      },
    }),
    async (c) => {
      const request = c.req.valid("json");
      const result = await verifyCredential(c.get("db"), { platformId: c.get("auth").platformId, id: c.req.valid("param").id, request, headers: signedHeaders(c), fingerprint: fingerprint(c, request) });
      return result.kind === "challenge" ? c.json({ ...result.challenge, type: request.type }, 202) : c.json(result.value, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/auth/sessions",
      operationId: "listAuthSessions",
      summary: "List an embedded wallet's active sessions",
      description: "Unexpired, unrevoked sessions of the wallet `accountId`, without sealed keys. Requires VIEW.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: AccountIdQuerySchema },
      responses: { 200: jsonResponse(SessionListResponseSchema, "The sessions"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await listSessions(c.get("db"), c.get("auth").platformId, c.req.valid("query").accountId), 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/auth/sessions/{id}",
      operationId: "revokeAuthSession",
      summary: "Revoke a session",
      description:
        "Signed retry; the 202 carries `type`, the session's credential type; answers 204. Idempotent: a session already revoked (by an earlier call, or with its credential) answers 204 at once, with nothing to sign. Requires TRANSACT." +
        SIGNED_RETRY_NOTE,
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { headers: SignedRetryHeadersSchema, params: IdParamSchema },
      responses: { 202: jsonResponse(AuthSignedRequestChallengeSchema, "Sign payloadToSign and retry"), 204: { description: "Revoked" }, ...errorResponses(403, 404) },
    }),
    async (c) => {
      const { result, type } = await revokeSession(c.get("db"), { platformId: c.get("auth").platformId, id: c.req.valid("param").id, headers: signedHeaders(c), fingerprint: fingerprint(c, null) });
      return result.kind === "challenge" ? c.json({ ...result.challenge, type }, 202) : c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/sessions/{id}/refresh",
      operationId: "refreshAuthSession",
      summary: "Refresh an active session",
      description:
        "Signed retry with body `clientPublicKey` on both legs; answers 201 with a new AuthSession of the same credential whose `encryptedSessionSigningKey` is sealed to clientPublicKey. The refreshed session is not ended: it stays active (listed, and its key still signs) until its own `expiresAt`; revoke it with DELETE /auth/sessions/{id} once the new session is in use. A revoked or expired session → 401. Requires TRANSACT." +
        SIGNED_RETRY_NOTE,
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { headers: SignedRetryHeadersSchema, params: IdParamSchema, body: jsonBody(SessionRefreshRequestSchema) },
      responses: { 201: jsonResponse(AuthSessionSchema, "The new session"), 202: jsonResponse(SignedRequestChallengeSchema, "Sign payloadToSign and retry"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const result = await refreshSession(c.get("db"), {
        platformId: c.get("auth").platformId,
        id: c.req.valid("param").id,
        clientPublicKey: body.clientPublicKey,
        headers: signedHeaders(c),
        fingerprint: fingerprint(c, body),
      });
      return result.kind === "challenge" ? c.json(result.challenge, 202) : c.json(result.value, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/internal-accounts/{id}/export",
      operationId: "exportInternalAccount",
      summary: "Export an embedded wallet's secret",
      description:
        "Signed retry with body `clientPublicKey` (uncompressed hex) on both legs; answers 200 {id, encryptedWalletCredentials}: the wallet's BIP39 mnemonic HPKE-sealed to clientPublicKey inside an envelope signed by GET /config walletEnclavePublicKey (organizationId = the account id). Requires TRANSACT." +
        SIGNED_RETRY_NOTE,
      tags: ["Internal Accounts"],
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { headers: SignedRetryHeadersSchema, params: InternalAccountIdParamSchema, body: jsonBody(WalletExportRequestSchema) },
      responses: { 200: jsonResponse(WalletExportResponseSchema, "The sealed wallet secret"), 202: jsonResponse(SignedRequestChallengeSchema, "Sign payloadToSign and retry"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const result = await exportWallet(c.get("db"), {
        platformId: c.get("auth").platformId,
        accountId: c.req.valid("param").id,
        clientPublicKey: body.clientPublicKey,
        headers: signedHeaders(c),
        fingerprint: fingerprint(c, body),
      });
      return result.kind === "challenge" ? c.json(result.challenge, 202) : c.json(result.value, 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/internal-accounts/{id}",
      operationId: "updateInternalAccount",
      summary: "Update an embedded wallet's privacy",
      description: "Signed retry with body `privateEnabled`; answers 200 with the internal account. Requires TRANSACT." + SIGNED_RETRY_NOTE,
      tags: ["Internal Accounts"],
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { headers: SignedRetryHeadersSchema, params: InternalAccountIdParamSchema, body: jsonBody(WalletUpdateRequestSchema) },
      responses: { 200: jsonResponse(InternalAccountSchema, "The internal account"), 202: jsonResponse(SignedRequestChallengeSchema, "Sign payloadToSign and retry"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const result = await updateWalletPrivacy(c.get("db"), {
        platformId: c.get("auth").platformId,
        accountId: c.req.valid("param").id,
        privateEnabled: body.privateEnabled,
        headers: signedHeaders(c),
        fingerprint: fingerprint(c, body),
      });
      return result.kind === "challenge" ? c.json(result.challenge, 202) : c.json(result.value, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/delegated-keys",
      operationId: "createDelegatedKey",
      summary: "Create a delegated signing key",
      description:
        "A service-custodied P-256 key for the card funding source (card + embedded wallet). A signed retry of three legs, all the same request: (1) no signature headers → 202 {payloadToSign, requestId, expiresAt} to create the delegated user; (2) repeated with `Service-Wallet-Signature` over that payloadToSign and its `Request-Id` → the key is created PENDING and the answer is a second 202 with a new payloadToSign (granting the key's signing policy), a new requestId, expiresAt and `delegatedKeyId` (the PENDING key); (3) repeated with a signature over the new payloadToSign and the new `Request-Id` → 201 DelegatedKey, ACTIVE. Each retry is signed with an active session key of the wallet. A flow abandoned after leg 2 leaves the key PENDING: it is listed but cannot sign, cannot be revoked (400) and does not block a new creation. The card must exist (404) and `internalAccountId` must be one of its funding sources (400). One ACTIVE key per funding source: while one exists, every leg answers 409 CONFLICT; revoke it first (DELETE /auth/delegated-keys/{id}). `spendingLimits`: at most one per currency. Requires TRANSACT. 401 WALLET_SIGNATURE_MISSING / _MALFORMED / _INVALID (also for a used or expired requestId) / _BODY_MISMATCH, REQUEST_ID_MISSING.",
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { headers: SignedRetryHeadersSchema, body: jsonBody(DelegatedKeyCreateRequestSchema) },
      responses: {
        201: jsonResponse(DelegatedKeySchema, "Leg 3: the delegated key, ACTIVE"),
        202: jsonResponse(DelegatedKeySignedRequestChallengeSchema, "Legs 1 and 2: sign payloadToSign and retry with its requestId; after leg 2 also `delegatedKeyId` (the PENDING key)"),
        ...errorResponses(400, 403, 404, 409),
      },
    }),
    async (c) => {
      const request = c.req.valid("json");
      const result = await createDelegatedKey(c.get("db"), { platformId: c.get("auth").platformId, request, headers: signedHeaders(c), fingerprint: fingerprint(c, request) });
      return result.kind === "challenge" ? c.json(result.challenge, 202) : c.json(result.value, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/auth/delegated-keys",
      operationId: "listDelegatedKeys",
      summary: "List delegated keys",
      description: "Filters: `accountId` (embedded wallet), `fundingSourceId`. Newest first; not paginated. Requires VIEW.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: DelegatedKeyListQuerySchema },
      responses: { 200: jsonResponse(DelegatedKeyListResponseSchema, "The delegated keys"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listDelegatedKeys(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/auth/delegated-keys/{id}",
      operationId: "getDelegatedKeyById",
      summary: "Get a delegated key",
      description: "Requires VIEW.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: IdParamSchema },
      responses: { 200: jsonResponse(DelegatedKeySchema, "The delegated key"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(await getDelegatedKey(c.get("db"), c.get("auth").platformId, c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/auth/delegated-keys/{id}",
      operationId: "revokeDelegatedKey",
      summary: "Revoke a delegated key",
      description: "Moves an ACTIVE key to REVOKED; it can no longer sign. A key that is not ACTIVE (already REVOKED, or PENDING) → 400 INVALID_INPUT. Requires TRANSACT.",
      tags,
      security,
      middleware: [requirePermission("TRANSACT")] as const,
      request: { params: IdParamSchema },
      responses: { 204: { description: "Revoked" }, ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      await revokeDelegatedKey(c.get("db"), c.get("auth").platformId, c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
