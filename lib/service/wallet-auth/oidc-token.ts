import { createHash } from "node:crypto";
import { ServiceError, invalidInput } from "../http/errors";
import { supportedOidcIssuers } from "./wallet-auth-config";

export interface OidcIdentity {
  iss: string;
  aud: string;
  sub: string;
  email?: string;
  /** The token's `exp` claim, epoch seconds. */
  exp: number;
  /** Hex SHA-256 of the decoded payload: the same claims are the same token whatever the signature segment. */
  claimsHash: string;
}

/**
 * The sandbox OIDC checks (SPEC.md § Sandbox authentication values, WALLET-CRYPTO.md §6). The
 * signature segment is not verified in sandbox. `nowSeconds` is the sandbox clock.
 * - malformed token (not 3 non-empty segments, header/payload not base64url JSON) → 400 INVALID_INPUT;
 * - create: unsupported issuer → 400 INVALID_INPUT; other claim failures → 401;
 * - verify: every failure → 401 UNAUTHORIZED with `reason` naming the check; nonce must equal the
 *   hex SHA-256 of the exact clientPublicKey text; iss/aud/sub must equal the credential's.
 */
export function checkOidcToken(
  token: string,
  input: { nowSeconds: number; mode: "create" } | { nowSeconds: number; mode: "verify"; clientPublicKey: string; identity: { iss: string; aud: string; sub: string } },
): OidcIdentity {
  const segments = token.split(".");
  if (token === "sandbox-valid-oidc-token" || segments.length !== 3 || segments.some((s) => s.length === 0)) throw malformed("must be a JWT: three non-empty base64url segments");
  const header = decodeSegment(segments[0]!);
  const payload = decodeSegment(segments[1]!);
  if (!header || typeof header !== "object" || !payload || typeof payload !== "object" || Array.isArray(payload)) throw malformed("header and payload must be base64url-encoded JSON objects");
  const claims = payload as Record<string, unknown>;

  const { iss, sub, iat, exp } = claims;
  if (typeof iss !== "string" || !supportedOidcIssuers().includes(iss)) {
    if (input.mode === "create")
      throw invalidInput([{ field: "oidcToken", message: `issuer ${JSON.stringify(iss)} is not supported; use one of ${supportedOidcIssuers().join(", ")}`, constraint: { enum: supportedOidcIssuers() } }]);
    throw fail("iss", `OIDC token issuer ${JSON.stringify(iss)} is not supported`);
  }
  let aud = claims.aud;
  if (Array.isArray(aud) && aud.length === 1) aud = aud[0];
  if (typeof aud !== "string" || aud.length === 0) throw fail("aud", "OIDC token aud must be a non-empty string or a one-element array");
  if (typeof sub !== "string" || sub.length === 0) throw fail("sub", "OIDC token sub must be a non-empty string");
  if (typeof iat !== "number" || !Number.isFinite(iat) || input.nowSeconds - iat > 65 || iat - input.nowSeconds > 5)
    throw fail("iat freshness", "OIDC token iat must be at most 60 seconds before the request (5 s skew); get a fresh token");
  if (typeof exp !== "number" || !Number.isFinite(exp) || exp <= input.nowSeconds) throw fail("exp", "OIDC token has expired; get a fresh token");

  if (input.mode === "verify") {
    const expected = createHash("sha256").update(input.clientPublicKey, "utf8").digest("hex");
    if (claims.nonce !== expected) throw fail("nonce", "OIDC token nonce must be the hex SHA-256 of the exact clientPublicKey text sent");
    if (iss !== input.identity.iss || aud !== input.identity.aud || sub !== input.identity.sub)
      throw fail("identity mismatch", "OIDC token iss/aud/sub do not match this credential");
  }
  const claimsHash = createHash("sha256").update(Buffer.from(segments[1]!, "base64url")).digest("hex");
  return { iss, aud, sub, ...(typeof claims.email === "string" && { email: claims.email }), exp, claimsHash };
}

function decodeSegment(segment: string): unknown {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(segment)) return null;
  try {
    return JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

function malformed(message: string): ServiceError {
  return new ServiceError("INVALID_INPUT", `oidcToken ${message}`, {
    details: { reason: "malformed JWT", errors: [{ field: "oidcToken", message, constraint: { format: "jwt" } }] },
  });
}

function fail(reason: string, message: string): ServiceError {
  return new ServiceError("UNAUTHORIZED", message, { details: { reason } });
}
