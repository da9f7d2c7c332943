import { describe, expect, it } from "vitest";
import { getScriptNonceFromHeader } from "next/dist/server/app-render/get-script-nonce-from-header";
import { contentSecurityPolicy, newCspNonce, securityHeaders } from "./security-headers";

const directives = (policy: string) => new Map(policy.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

describe("securityHeaders", () => {
  it("forbids framing, sniffing and a full Referer to other origins, and keeps same-origin popups talking to their opener", () => {
    const headers = securityHeaders(newCspNonce(), { dev: false, https: false });
    expect(headers).toMatchObject({
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
      "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=(), browsing-topics=()",
    });
    expect(headers).not.toHaveProperty("strict-transport-security");
    expect(securityHeaders(newCspNonce(), { dev: false, https: true })["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("allows scripts only with the request's nonce, which Next reads back from the policy; no plugins, foreign <base>, form targets or framing", () => {
    const nonce = newCspNonce();
    const policy = contentSecurityPolicy(nonce, { dev: false });
    expect(getScriptNonceFromHeader(policy)).toBe(nonce);
    const d = directives(policy);
    expect(d.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(d.get("script-src")).not.toContain("'unsafe-inline'");
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("base-uri")).toEqual(["'self'"]);
    expect(d.get("form-action")).toEqual(["'self'"]);
    expect(d.get("frame-ancestors")).toEqual(["'none'"]);
    expect(d.get("default-src")).toEqual(["'self'"]);
    expect(contentSecurityPolicy(nonce, { dev: true })).toContain("'unsafe-eval'");
  });

  it("makes a new nonce every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newCspNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
