"use server";

import { createHash } from "node:crypto";
import { actionOk, type ActionResult } from "@/lib/client/action-result";
import { openLink, platformClient, WalletPageError } from "@/lib/wallet/server/service";

/** The sandbox identity provider's fixed identity fields (the wallet's OAUTH credential stores them). */
const SANDBOX_IDP = { issuer: "https://accounts.google.com", audience: "sandbox-wallet-pages" } as const;

/**
 * Issues a sandbox OIDC token for `email` (JWT-shaped, dummy signature). Its iat/exp follow the
 * platform's sandbox clock, which is why the sandbox IdP is told the wallet link.
 */
export async function issueSandboxIdToken(link: string, email: string, nonce: string | null): Promise<ActionResult<string>> {
  const trimmed = email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(trimmed)) return { ok: false, error: { code: "INVALID_INPUT", message: "Enter an email address.", fieldErrors: { email: "must be an email address" } } };
  let platformId: string;
  try {
    platformId = openLink(link).platformId;
  } catch (error) {
    if (error instanceof WalletPageError) return { ok: false, error: { code: error.code, message: error.message } };
    throw error;
  }
  const clock = await platformClient(platformId).GET("/sandbox/clock");
  if (!clock.data) return { ok: false, error: { code: "FORBIDDEN", message: "The sandbox identity provider only works for sandbox platforms." } };
  const nowMs = new Date(clock.data.now).getTime();
  const iat = Math.floor(nowMs / 1000);
  const sub = `sandbox-${createHash("sha256").update(trimmed).digest("hex").slice(0, 24)}`;
  const claims = { iss: SANDBOX_IDP.issuer, aud: SANDBOX_IDP.audience, sub, email: trimmed, email_verified: true, iat, exp: iat + 300, ...(nonce && { nonce }) };
  const enc = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return actionOk(`${enc({ alg: "RS256", typ: "JWT", kid: "sandbox" })}.${enc(claims)}.sandbox-signature`);
}
