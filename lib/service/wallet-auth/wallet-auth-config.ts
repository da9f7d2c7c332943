/**
 * Sandbox wallet-auth settings, configurable by environment (WALLET-CRYPTO.md §5.4, §6):
 * - WEBAUTHN_ORIGINS: comma-separated page origins allowed in passkey ceremonies;
 * - WEBAUTHN_RP_IDS: comma-separated relying-party ids (default `localhost`);
 * - WALLET_OIDC_ISSUERS: comma-separated supported OIDC issuers.
 */
const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

export function webauthnOrigins(): string[] {
  const configured = list(process.env.WEBAUTHN_ORIGINS);
  if (configured.length > 0) return configured;
  const defaults = ["http://localhost:3000", "http://localhost:3100", "http://localhost:5173"];
  const own = process.env.NEXTAUTH_URL?.replace(/\/$/, "");
  return own && !defaults.includes(own) ? [...defaults, own] : defaults;
}

export function webauthnRpIds(): string[] {
  const configured = list(process.env.WEBAUTHN_RP_IDS);
  return configured.length > 0 ? configured : ["localhost"];
}

export function supportedOidcIssuers(): string[] {
  const configured = list(process.env.WALLET_OIDC_ISSUERS);
  return configured.length > 0 ? configured : ["https://accounts.google.com", "accounts.google.com", "https://appleid.apple.com"];
}

/** Sessions last 15 minutes (BEHAVIORS.md §1.3). */
export const SESSION_TTL_MS = 15 * 60 * 1000;
/** An OTP target key / passkey challenge stays usable this long. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** One OTP issuance per credential per 30 s of sandbox time. */
export const OTP_REISSUE_INTERVAL_MS = 30 * 1000;
/** The sandbox's only valid OTP code (SPEC.md § Sandbox authentication values). */
export const SANDBOX_OTP_CODE = "000000";
/** Wrong codes one OTP challenge takes; then it answers 429 until a new code is requested (a 6-digit code must not be guessable). */
export const MAX_OTP_FAILED_ATTEMPTS = 5;
export const LEGACY_PASSKEY_SIGNATURE = "sandbox-valid-passkey-signature";
