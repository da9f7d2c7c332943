import type { IncomingHttpHeaders } from "node:http";
import { isCsrfOriginAllowed } from "next/dist/server/app-render/csrf-protection.js";

/**
 * True for a server-action POST that Next would refuse as cross-site (Next 16's CSRF check in
 * next/dist/server/app-render/action-handler.js), so that lib/server.ts answers it 403 rather than
 * Next's 500. The same steps as Next, so nothing Next accepts is refused: only a POST carrying
 * `Next-Action` or a multipart body (a url-encoded one Next never runs as an action), with an
 * Origin whose host is neither the first X-Forwarded-Host (else Host) nor one of
 * `serverActions.allowedOrigins`. No Origin passes, as in Next (not a browser). Paths under /api/
 * are route handlers (next-auth, the webhook receiver), which run no actions and are not checked.
 */
export function isCrossOriginAction(request: { method?: string; url?: string; headers: IncomingHttpHeaders }, allowedOrigins: string[]): boolean {
  const { headers } = request;
  const contentType = headers["content-type"];
  const isAction = request.method === "POST" && contentType !== "application/x-www-form-urlencoded" && (typeof headers["next-action"] === "string" || Boolean(contentType?.startsWith("multipart/form-data")));
  if (!isAction || (request.url ?? "/").startsWith("/api/")) return false;
  const origin = headers.origin;
  if (typeof origin !== "string") return false;
  const originHost = origin === "null" ? "null" : hostOf(origin);
  if (originHost === null) return true; // Next throws on it (500): refused either way
  return originHost !== requestHost(headers) && !isCsrfOriginAllowed(originHost, allowedOrigins);
}

/** What Next compares the Origin with: the first X-Forwarded-Host, else Host. */
function requestHost(headers: IncomingHttpHeaders): string | undefined {
  const forwarded = headers["x-forwarded-host"];
  const first = Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(",")[0]?.trim();
  return first || headers.host || undefined;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
