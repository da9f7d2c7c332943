import { unservedApiPathError } from "@/lib/service/http/unserved-api-path";

/**
 * Every `/api/…` path that neither the Service API (lib/server.ts hands `/api/2025-10-13/*` to
 * Hono before Next sees it) nor a more specific route here (next-auth, the webhook receiver)
 * serves: a client on another API version gets the JSON error envelope naming the served one,
 * not the dashboard's HTML 404 page.
 */
function notServed(request: Request): Response {
  const body = unservedApiPathError(request.method, new URL(request.url).pathname);
  return Response.json(body, { status: 404, headers: { "x-content-type-options": "nosniff", "cache-control": "no-store" } });
}

export { notServed as GET, notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE, notServed as OPTIONS };
