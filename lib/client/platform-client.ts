import "server-only";
import { services } from "@/lib/services";
import { STAFF_HEADERS } from "@/lib/service/http/auth";
import { createServiceClient, type ServiceClient } from "./create-client";

/**
 * The Service API for a page no staff user signs in to (wallet pages, public invitation pages), as
 * the platform's own app calls it: SERVICE_BASE_URL with its API token when configured, else the
 * embedded service acting for `platformId` with only `permissions`, recorded as `caller`.
 */
export function platformClient(platformId: string, caller: { name: string; permissions: readonly string[] }): ServiceClient {
  const baseUrl = process.env.SERVICE_BASE_URL;
  if (baseUrl) return createServiceClient({ kind: "http", baseUrl, clientId: process.env.SERVICE_CLIENT_ID ?? "", clientSecret: process.env.SERVICE_CLIENT_SECRET ?? "" });
  const svc = services();
  return createServiceClient({
    kind: "in-process",
    fetch: (request) => svc.api.fetch(request),
    headers: {
      [STAFF_HEADERS.key]: svc.internalKey,
      [STAFF_HEADERS.platform]: platformId,
      [STAFF_HEADERS.staff]: caller.name,
      [STAFF_HEADERS.permissions]: caller.permissions.join(","),
    },
  });
}
