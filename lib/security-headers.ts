import { randomBytes } from "node:crypto";

/**
 * The browser-facing security headers, set by lib/server.ts on every answer that is not the Service
 * API: pages (the dashboard, sign-in, the wallet and verification pages, not-found and error pages),
 * server actions, next-auth's routes, static files and the server's own bad-address page.
 *
 * - No site may frame a page (frame-ancestors 'none', X-Frame-Options DENY): the wallet pages
 *   approve payments with keys held in the browser, the dashboard moves money. Nothing of ours
 *   frames our pages; the sandbox identity provider (/wallet/idp) is a same-origin popup, which
 *   Cross-Origin-Opener-Policy same-origin keeps talking to its opener.
 * - Referer: wallet and KYC links carry their secret in the path (/wallet/<token>,
 *   /verify/kyc/<token>); another origin gets at most our origin (strict-origin-when-cross-origin).
 * - Permissions-Policy: powerful features no page of ours uses (camera, microphone, location,
 *   payment handlers, USB, screen capture, ad topics) are off, so injected or third-party script
 *   cannot ask for them. Passkeys (publickey-credentials-*) and the clipboard keep their default,
 *   this origin only: the wallet signs in with passkeys and the copy buttons write the clipboard.
 * - Content-Security-Policy: scripts only with this request's nonce (Next reads it from the request's
 *   content-security-policy header and puts it on its own scripts) and what they load
 *   ('strict-dynamic'); no plugins, no <base> elsewhere, forms post only here.
 */
export interface SecurityHeaderOptions {
  /** `next dev`: React's dev build evaluates code and hot reload talks over a WebSocket. */
  dev: boolean;
  /** Served over https (NEXTAUTH_URL): browsers are told to keep to https. */
  https: boolean;
}

/** A fresh CSP nonce: 128 random bits, base64 (the characters a CSP nonce-source allows). */
export function newCspNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string, { dev }: Pick<SecurityHeaderOptions, "dev">): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React's style={…} attributes and the error pages' <style>: inline styles cannot run script.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const PERMISSIONS_POLICY = ["camera", "microphone", "geolocation", "payment", "usb", "display-capture", "browsing-topics"]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** The headers for one answer; `nonce` must be the one in the request's content-security-policy. */
export function securityHeaders(nonce: string, options: SecurityHeaderOptions): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(nonce, options),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    ...(options.https && { "strict-transport-security": "max-age=31536000" }),
  };
}
