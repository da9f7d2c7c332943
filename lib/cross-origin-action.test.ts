import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { isCrossOriginAction } from "./cross-origin-action";

const ACTION = { "next-action": "40d69ab523aa685b6d5d59d06e881bcb4d62d37aca", "content-type": "text/plain;charset=UTF-8" };
const post = (headers: IncomingHttpHeaders, url = "/api-tokens") => ({ method: "POST", url, headers });

describe("isCrossOriginAction (Next's server-action CSRF rule, answered 403 by lib/server.ts)", () => {
  it.each<[string, IncomingHttpHeaders]>([
    ["another site", { ...ACTION, host: "localhost:4722", origin: "http://evil.example" }],
    ["an opaque origin", { ...ACTION, host: "localhost:4722", origin: "null" }],
    ["a look-alike host", { ...ACTION, host: "localhost:4722", origin: "http://localhost:4722.evil.example" }],
    ["the same port on another name", { ...ACTION, host: "localhost:4722", origin: "http://127.0.0.1:4722" }],
    ["a proxy's X-Forwarded-Host, which wins over Host", { ...ACTION, host: "evil.example", "x-forwarded-host": "app.example", origin: "https://evil.example" }],
    ["a multipart form post without Next-Action", { "content-type": "multipart/form-data; boundary=x", host: "localhost:4722", origin: "http://evil.example" }],
    ["a malformed origin", { ...ACTION, host: "localhost:4722", origin: "not a url" }],
    ["no host to compare with", { ...ACTION, origin: "http://evil.example" }],
  ])("refuses a server action posted from %s", (_, headers) => {
    expect(isCrossOriginAction(post(headers), [])).toBe(true);
  });

  it.each<[string, { method: string; url: string; headers: IncomingHttpHeaders }, string[]]>([
    ["the page's own origin", post({ ...ACTION, host: "localhost:4722", origin: "http://localhost:4722" }), []],
    ["the first X-Forwarded-Host", post({ ...ACTION, host: "10.0.0.5:3000", "x-forwarded-host": "app.example, proxy.internal", origin: "https://app.example" }), []],
    ["no Origin (not a browser)", post({ ...ACTION, host: "localhost:4722" }), []],
    ["an origin in serverActions.allowedOrigins", post({ ...ACTION, host: "localhost:4722", origin: "https://a.proxy.example" }), ["*.proxy.example"]],
    ["a url-encoded form (Next runs no action for it)", post({ ...ACTION, "content-type": "application/x-www-form-urlencoded", host: "h", origin: "http://evil.example" }), []],
    ["a route handler under /api/ (next-auth, the webhook receiver)", post({ "content-type": "multipart/form-data; boundary=x", host: "h", origin: "http://evil.example" }, "/api/auth/signin"), []],
    ["a GET", { method: "GET", url: "/", headers: { ...ACTION, host: "h", origin: "http://evil.example" } }, []],
    ["a plain JSON POST", post({ "content-type": "application/json", host: "h", origin: "http://evil.example" }), []],
  ])("lets through what Next accepts: %s", (_, request, allowedOrigins) => {
    expect(isCrossOriginAction(request, allowedOrigins)).toBe(false);
  });
});
